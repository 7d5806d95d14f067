// The readable copy of « Mes données » (docs/product/data-export.md): the same content as the
// archive's JSON, in French, drawn like every PDF of the portal (the tagged pdfkit document in
// the customer's skin, the shared header and the footer naming the broker and the insurer:
// ../documents/pdf-layouts/layout.ts). A section with nothing in it says so; the sections added
// in version 2 are pdf-sections.ts.
import {
  conversationSubject,
  SIGN_IN_METHOD_LABELS,
  type BrandKey,
  type DataExportContent,
  type MessageTopic,
} from '@espace/contract';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { documentFrame, issuedLine, openDocument } from '../documents/pdf-layouts/layout';
import {
  at,
  claimsSection,
  dataExportsSection,
  day,
  leftOutSection,
  messageDraftsSection,
  NONE,
  owedDocumentsSection,
  securitySection,
  staffAccessesSection,
} from './pdf-sections';

const TITLE = 'Mes données';
const euros = (value: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value);
const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} Ko`;
const address = (a: NonNullable<DataExportContent['account']['address']>) =>
  [a.street, a.complement, `${a.postalCode} ${a.city}`, a.country].filter(Boolean).join(', ');
const METHODS: Record<string, string> = SIGN_IN_METHOD_LABELS;

export async function renderDataExportPdf(
  data: DataExportContent,
  { issuer, brand }: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<Buffer> {
  const now = new Date(data.generatedAt);
  const a = data.account;
  const pdf = openDocument(await documentFrame(brand, issuer, now), {
    title: TITLE,
    subject: `Copie des données de ${a.firstName} ${a.lastName} (RGPD, articles 15 et 20)`,
    reference: `client n° ${a.customerNumber}`,
  })
    .paragraph(
      `Voici la copie des données que ${issuer.brokerName} détient à votre sujet, demandée depuis votre espace (RGPD, articles 15 et 20). Le fichier donnees.json de la même archive contient les mêmes données sous une forme lisible par une machine, décrite par donnees.schema.json.`,
    )
    .heading('Votre compte')
    .fields([
      ['N° client', a.customerNumber],
      ['Nom', `${a.firstName} ${a.lastName}`],
      ['Adresse e-mail', a.email],
      ['Téléphone', a.phone],
      ['Date de naissance', day(a.birthDate)],
      [
        'Permis de conduire',
        a.licenceNumber
          ? `n° ${a.licenceNumber}, délivré le ${day(a.licenceDate)}`
          : 'Non renseigné',
      ],
      ['Adresse', a.address ? address(a.address) : 'Non renseignée'],
      ...a.garageAddresses.map((g) => ['Adresse de garage', address(g)] as [string, string]),
      ['Compte créé le', at(a.createdAt)],
      ['Offres commerciales', a.commercialConsent ? 'Acceptées' : 'Refusées'],
    ]);
  securitySection(pdf, data);
  pdf.heading('Historique de votre consentement');
  if (data.consentHistory.length === 0) pdf.paragraph('Aucun changement enregistré.');
  else
    pdf.table(
      ['Date', 'Offres commerciales', 'Depuis'],
      data.consentHistory.map((c) => [
        at(c.recordedAt),
        c.consent ? 'Acceptées' : 'Refusées',
        'Espace Assuré',
      ]),
      [0.35, 0.35, 0.3],
    );
  pdf.heading('Vos contrats');
  if (data.contracts.length === 0) pdf.paragraph('Aucun contrat.');
  for (const c of data.contracts) {
    const v = c.vehicles[0];
    pdf.paragraph(`Contrat n° ${c.policyNumber}`, { strong: true }).fields([
      [
        'Situation',
        c.endDate
          ? `${c.state}, fin le ${day(c.endDate)}${c.endReason ? ` (${c.endReason})` : ''}`
          : c.state,
      ],
      ['Début', day(c.startDate)],
      ['Prime annuelle', euros(c.annualPremium)],
      [
        'Véhicule',
        v ? `${v.manufacturer} ${v.model}, ${v.licensePlate}, formule ${v.formula}` : NONE,
      ],
      ['Garanties', v?.guarantees.map((g) => g.description).join(', ') || NONE],
      [
        'Conducteurs',
        c.drivers
          .map((d) => `${d.firstName} ${d.lastName}${d.principal ? ' (principal)' : ''}`)
          .join(', ') || NONE,
      ],
      [
        'Paiement',
        c.paymentDetails
          ? `${c.paymentDetails.method}, ${c.paymentDetails.ownerName}, IBAN ${c.paymentDetails.ibanMasked}`
          : NONE,
      ],
      [
        'Sinistres',
        c.claimsHistory
          .map((s) => `${day(s.occurredOn)}\u00a0: ${s.nature} (${s.responsibility} %)`)
          .join('\u00a0; ') || NONE,
      ],
    ]);
  }
  pdf.heading('Vos documents');
  if (data.documents.length === 0) pdf.paragraph('Aucun document.');
  else
    pdf.table(
      ['Contrat', 'Document', 'De', 'Date', 'Taille'],
      data.documents.map((d) => [
        d.policyNumber,
        d.fileName,
        d.origin === 'broker' ? 'Courtier' : 'Vous',
        at(d.at),
        kilobytes(d.size),
      ]),
      [0.16, 0.4, 0.12, 0.2, 0.12],
    );
  owedDocumentsSection(pdf, data);
  pdf.heading('Vos demandes');
  if (data.requests.length === 0) pdf.paragraph('Aucune demande.');
  for (const r of data.requests) {
    pdf
      .paragraph(`${r.kindLabel} – ${r.reference}`, { strong: true })
      .fields([
        ['Contrat', r.policyNumber ?? '—'],
        ['Envoyée le', at(r.createdAt)],
        ['Statut', r.statusLabel],
        ...r.answers.map((x) => [x.label, x.value] as [string, string]),
        ...r.files.map((f) => ['Fichier', f.fileName] as [string, string]),
        ...r.history.map(
          (h) =>
            [
              `Suivi du ${at(h.at)}`,
              h.message ? `${h.statusLabel}\u00a0: ${h.message}` : h.statusLabel,
            ] as [string, string],
        ),
      ]);
  }
  claimsSection(pdf, data);
  pdf.heading('Vos messages');
  if (data.conversations.length === 0) pdf.paragraph('Aucun message.');
  for (const t of data.conversations) {
    const subject = t.requestReference
      ? `Demande ${t.requestReference}`
      : conversationSubject(t.topic as MessageTopic | null, null);
    pdf.paragraph(subject, { strong: true });
    for (const m of t.messages) {
      const files = m.attachments.map((f) => f.fileName).join(', ');
      const read = m.readAt ? `, lu le ${at(m.readAt)}` : '';
      pdf.paragraph(
        `${m.author === 'customer' ? 'Vous' : 'Votre conseiller'}, le ${at(m.at)}${read}\u00a0: ${m.body}${files ? ` (pièces jointes\u00a0: ${files})` : ''}`,
      );
    }
  }
  messageDraftsSection(pdf, data);
  pdf.heading('Vos connexions');
  if (data.signIns.length === 0) pdf.paragraph('Aucune connexion enregistrée.');
  else
    pdf.table(
      ['Date', 'Appareil', 'Moyen', 'Dernière utilisation'],
      data.signIns.map((s) => [
        at(s.at),
        `${s.device}${s.newDevice ? ' (nouvel appareil)' : ''}`,
        METHODS[s.method] ?? s.method,
        at(s.lastUsedAt),
      ]),
      [0.25, 0.4, 0.15, 0.2],
    );
  dataExportsSection(pdf, data);
  staffAccessesSection(pdf, data);
  leftOutSection(pdf);
  return pdf.paragraph(issuedLine(now)).finish();
}
