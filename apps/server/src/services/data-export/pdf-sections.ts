// Sections of the readable copy of « Mes données » (pdf.ts draws the document and calls them):
// how the customer signs in, the documents owed with the broker's check, the claims with what the
// customer wrote, the declarations not sent, the message drafts, the earlier copies, the staff's
// consultations (date and purpose, never who) and what the copy leaves out (coverage.ts).
import {
  CLAIM_KIND_LABELS,
  formatDate,
  formatReceivedAt,
  type ClaimKind,
  type DataExportContent,
} from '@espace/contract';
import type { TaggedPdf } from '../../platform/pdf/tagged-pdf';
import { DATA_EXPORT_LEFT_OUT } from './coverage';

type Content = DataExportContent;
type Row = [string, string];

export const NONE = 'Aucun';
export const day = (value: string | null) => (value ? formatDate(value) : 'Non renseigné');
export const at = (value: string) => formatReceivedAt(value);
const atOr = (value: string | null, none: string) => (value ? at(value) : none);
const lineRows = (lines: Content['claims'][number]['declaration']): Row[] =>
  lines.map((l) => [l.label, l.value]);

const TRAIL_LABELS: Record<string, string> = {
  requested: 'Demandée',
  ready: 'Prête',
  downloaded: 'Téléchargée',
  download_refused: 'Téléchargement refusé',
};

export function securitySection(pdf: TaggedPdf, data: Content): void {
  const s = data.security;
  pdf.heading('Votre connexion').fields([
    ['Adresse e-mail de connexion', s.signInEmail ?? 'Aucune (espace jamais activé)'],
    ['Mot de passe changé le', atOr(s.passwordChangedAt, 'Jamais')],
    [
      'Double authentification',
      s.secondFactorSince ? `Active depuis le ${at(s.secondFactorSince)}` : 'Inactive',
    ],
    ['Codes de secours inutilisés', String(s.unusedRecoveryCodes)],
  ]);
  pdf.heading('Vos clés d’accès');
  if (data.passkeys.length === 0) pdf.paragraph('Aucune clé d’accès.');
  else
    pdf.table(
      ['Nom', 'Créée le', 'Dernière utilisation'],
      data.passkeys.map((p) => [p.name, at(p.createdAt), atOr(p.lastUsedAt, 'Jamais')]),
      [0.5, 0.25, 0.25],
    );
}

export function owedDocumentsSection(pdf: TaggedPdf, data: Content): void {
  pdf.heading('Vos documents à fournir');
  if (data.owedDocuments.length === 0) pdf.paragraph('Aucun document demandé.');
  for (const d of data.owedDocuments) {
    const rows: Row[] = [
      ['Contrat', d.policyNumber],
      ['Description', d.description],
    ];
    if (d.statusLabel) rows.push(['Statut', d.statusLabel]);
    if (d.dueOn) rows.push(['À fournir avant le', day(d.dueOn)]);
    rows.push(['Fichiers envoyés', String(d.filesReceived)]);
    if (d.checkedAt) rows.push(['Vérifié le', at(d.checkedAt)]);
    if (d.reason) rows.push(['Motif', d.reason]);
    pdf.paragraph(d.name, { strong: true }).fields(rows);
  }
}

export function claimsSection(pdf: TaggedPdf, data: Content): void {
  pdf.heading('Vos déclarations de sinistre');
  if (data.claims.length === 0) pdf.paragraph('Aucune déclaration.');
  for (const c of data.claims) {
    pdf
      .paragraph(`Sinistre ${c.reference}`, { strong: true })
      .fields([
        ['Nature', CLAIM_KIND_LABELS[c.kind as ClaimKind] ?? c.kind],
        ['Contrat', c.policyNumber],
        ['Survenu le', day(c.occurredOn)],
        ['Déclaré le', `${at(c.declaredAt)}${c.late ? ' (hors délai)' : ''}`],
        ...lineRows(c.declaration),
      ]);
  }
  if (data.claimDrafts.length === 0) return;
  pdf.heading('Vos déclarations commencées, pas encore envoyées');
  for (const d of data.claimDrafts) {
    const typed = Object.values(d.typed).flatMap(typedValues).join(', ');
    pdf
      .paragraph(`Contrat ${d.policyNumber}`, { strong: true })
      .fields([
        ['Commencée le', at(d.startedAt)],
        ['Modifiée le', at(d.updatedAt)],
        ...lineRows(d.declaration),
        ...(typed ? [['Saisie en cours', typed] as Row] : []),
        ...d.files.map((f) => [f.role === 'photo' ? 'Photo' : 'Constat', f.fileName] as Row),
      ]);
  }
}

/** The values typed on a step not confirmed yet, as typed. */
function typedValues(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (typeof value === 'number') return [String(value)];
  if (typeof value === 'boolean') return [value ? 'oui' : 'non'];
  if (Array.isArray(value)) return value.flatMap(typedValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(typedValues);
  return [];
}

export function messageDraftsSection(pdf: TaggedPdf, data: Content): void {
  if (data.messageDrafts.length === 0) return;
  pdf.heading('Vos brouillons de messages');
  for (const d of data.messageDrafts)
    pdf.paragraph(`${d.about}, modifié le ${at(d.updatedAt)}\u00a0: ${d.body}`);
}

export function dataExportsSection(pdf: TaggedPdf, data: Content): void {
  pdf.heading('Vos demandes de copie de vos données');
  pdf.table(
    ['Demandée le', 'Suivi'],
    data.dataExports.map((e) => [
      at(e.requestedAt),
      e.trail.map((t) => `${TRAIL_LABELS[t.action] ?? t.action} le ${at(t.at)}`).join('\u00a0; '),
    ]),
    [0.3, 0.7],
  );
}

export function staffAccessesSection(pdf: TaggedPdf, data: Content): void {
  pdf
    .heading('Consultations de votre dossier par votre courtier')
    .paragraph(
      'Chaque consultation ou action d’un membre de l’équipe de votre courtier sur votre dossier, avec sa date et son objet. Le nom des personnes n’est pas indiqué (Cour de justice de l’Union européenne, 22\u00a0juin\u00a02023, C-579/21).',
    );
  if (data.staffAccesses.length === 0) pdf.paragraph('Aucune consultation enregistrée.');
  else
    pdf.table(
      ['Date', 'Objet'],
      data.staffAccesses.map((a) => [at(a.at), a.purpose]),
      [0.3, 0.7],
    );
}

export function leftOutSection(pdf: TaggedPdf): void {
  pdf.heading('Ce que cette copie ne contient pas');
  for (const left of DATA_EXPORT_LEFT_OUT) pdf.paragraph(left.fr);
}
