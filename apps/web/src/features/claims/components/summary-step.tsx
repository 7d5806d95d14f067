// The summary to check before sending: every answer in the customer's words, the deadline
// (and, when late, what that means), a glass claim's missing cover, then « Envoyer la
// déclaration ».
import {
  CLAIM_KEYS_LABELS,
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES,
  CLAIM_STEP_LABELS,
  claimGlassOf,
  claimSteps,
  constatBoxLabel,
  formatCoordinates,
  formatDate,
  glassDamageText,
  type ClaimDraft,
  type Driver,
} from '@espace/contract';
import { GlassCoverNotice } from './glass-cover-notice';

type Row = [string, string];

/** '2 photos', '1 fichier', or `none` ('aucune') when there are none. */
const plural = (n: number, noun: string, none: string) =>
  n === 0 ? none : `${n} ${noun}${n > 1 ? 's' : ''}`;

function rows(draft: ClaimDraft, drivers: readonly Driver[]): Row[] {
  const a = draft.answers;
  const out: Row[] = [];
  if (a.kind) out.push([CLAIM_STEP_LABELS.kind, CLAIM_KIND_LABELS[a.kind.kind]]);
  if (a.when) {
    out.push(['Date et heure', `${formatDate(a.when.occurredOn)} à ${a.when.occurredAt}`]);
    out.push(['Lieu', a.when.place.label]);
    const { latitude, longitude } = a.when.place;
    if (latitude !== undefined && longitude !== undefined) {
      out.push(['Position du téléphone', formatCoordinates(latitude, longitude)]);
    }
  }
  const glass = claimGlassOf(a);
  if (glass) out.push(['Vitrage', glassDamageText(glass)]);
  if (a.circumstances) {
    if (a.circumstances.boxes.length > 0) {
      out.push(['Cases du constat', a.circumstances.boxes.map(constatBoxLabel).join('\u00a0; ')]);
    }
    out.push(['Description', a.circumstances.description]);
  }
  const third = a.parties?.thirdParty;
  if (third)
    out.push(['Tiers', [third.name, third.plate, third.insurer].filter(Boolean).join(', ')]);
  for (const w of a.parties?.witnesses ?? []) out.push(['Témoin', w.name]);
  if (a.injuries) out.push(['Blessés', a.injuries.injuries ? 'oui' : 'non']);
  if (a.theft) {
    const { complaintFiledOn, policeStation, complaintReference, keys, keysDetail } = a.theft;
    out.push([
      'Plainte déposée',
      `le ${formatDate(complaintFiledOn)}, ${policeStation}, procès-verbal n°\u00a0${complaintReference}`,
    ]);
    out.push(['Clés', [CLAIM_KEYS_LABELS[keys], keysDetail].filter(Boolean).join('\u00a0: ')]);
  }
  if (a.driver) {
    const d = a.driver;
    const name =
      d.driver === 'other'
        ? `${d.firstName} ${d.lastName}`
        : (drivers.find((x) => x.id === d.driverId)?.firstName ?? '') +
          ' ' +
          (drivers.find((x) => x.id === d.driverId)?.lastName ?? '');
    out.push(['Conducteur', name.trim()]);
  }
  if (a.vehicle) {
    out.push(['Véhicule roulant', a.vehicle.drivable ? 'oui' : 'non']);
    out.push(['Où est le véhicule', a.vehicle.location]);
  }
  const count = (role: string) => draft.files.filter((f) => f.role === role).length;
  out.push(['Photos', plural(count('photo'), 'photo', 'aucune')]);
  if (claimSteps(a.kind?.kind).includes('constat')) {
    const reference = a.constat?.eConstatReference;
    out.push([
      'Constat',
      reference ? `e-constat n°\u00a0${reference}` : plural(count('constat'), 'fichier', 'aucun'),
    ]);
  }
  return out;
}

export function SummaryStep({
  draft,
  drivers,
  uncoveredPolicy,
}: {
  draft: ClaimDraft;
  drivers: readonly Driver[];
  /** The contract's number when it has no glass cover. */
  uncoveredPolicy: string | undefined;
}) {
  const glassClaim = draft.answers.kind?.kind === 'broken_glass';
  return (
    <>
      <dl className="field-list claim-summary">
        {rows(draft, drivers).map(([label, value]) => (
          <div key={label + value}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {draft.deadline?.late && <p className="claim-late">{CLAIM_MESSAGES.late}</p>}
      {glassClaim && uncoveredPolicy && <GlassCoverNotice policyNumber={uncoveredPolicy} />}
    </>
  );
}
