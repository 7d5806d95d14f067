// What each request asked, in French and in the customer's own words, for 'Mes demandes'
//. Built from the payload the write route stored, read defensively (a field missing
// from an older row is left out, never 'undefined'). Never shows a full IBAN (contract maskIban)
// nor more than the start of a long message.
import {
  formatDate,
  maskIban,
  terminationReason,
  TERMINATION_REASON_IDS,
  type RequestKind,
  type TerminationReasonId,
} from '@espace/contract';

export type Payload = Record<string, unknown>;

const MESSAGE_PREVIEW = 200;

export function text(payload: Payload | undefined, key: string): string {
  const value = payload?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

export function object(payload: Payload, key: string): Payload | undefined {
  const value = payload[key];
  return value && typeof value === 'object' ? (value as Payload) : undefined;
}

export function date(payload: Payload | undefined, key: string): string {
  const value = text(payload, key);
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value) : '';
}

export function person(payload: Payload): string {
  const salutation = text(payload, 'salutation');
  const title = salutation === 'Mr' ? 'M.' : salutation;
  return [title, text(payload, 'firstName'), text(payload, 'lastName')].filter(Boolean).join(' ');
}

export function address(value: Payload | undefined): string {
  const zipCity = [text(value, 'zip'), text(value, 'city')].filter(Boolean).join(' ');
  return [text(value, 'street'), zipCity].filter(Boolean).join(', ');
}

function sentence(...parts: string[]): string {
  return `${parts.filter(Boolean).join(', ')}.`;
}

function fromDate(payload: Payload): string {
  const effective = date(payload, 'effectiveDate');
  return effective ? `à compter du ${effective}` : '';
}

export function terminationLabel(payload: Payload): string {
  const id = Number(payload.reason);
  return (TERMINATION_REASON_IDS as readonly number[]).includes(id)
    ? terminationReason(id as TerminationReasonId).label
    : '';
}

function preview(message: string): string {
  return message.length > MESSAGE_PREVIEW
    ? `${message.slice(0, MESSAGE_PREVIEW).trimEnd()}…`
    : message;
}

const SUMMARIES: Record<RequestKind, (payload: Payload) => string> = {
  add_driver: (p) => {
    const born = date(p, 'birthDate');
    const licence = date(p, 'driverLicensePermDate');
    return sentence(
      `Ajouter ${person(p)} comme conducteur`,
      born ? `né(e) le ${born}` : '',
      text(p, 'relationToCustomer'),
      licence ? `permis obtenu le ${licence}` : '',
      fromDate(p),
    );
  },
  remove_driver: (p) => sentence(`Retirer ${person(p)} des conducteurs`, fromDate(p)),
  change_vehicle: (p) => {
    const plate = text(p, 'licensePlate');
    return sentence(
      `Remplacer le véhicule par ${text(p, 'manufacturer')} ${text(p, 'model')}`.trim() +
        (plate ? ` (${plate})` : ''),
      text(p, 'engine'),
      fromDate(p),
    );
  },
  change_payment_details: (p) => {
    const account = object(p, 'bankAccount');
    const iban = text(account, 'iban');
    return sentence(
      `Prélever sur le compte ${iban ? maskIban(iban) : ''}`.trim(),
      text(account, 'ownerName') ? `titulaire ${text(account, 'ownerName')}` : '',
    );
  },
  change_garage_address: (p) =>
    sentence(`Nouvelle adresse de garage\u00a0: ${address(object(p, 'address'))}`),
  personal_address: (p) =>
    sentence(`Nouvelle adresse personnelle\u00a0: ${address(object(p, 'address'))}`),
  termination: (p) => {
    const effective = date(p, 'effectiveDate');
    return sentence(
      `Résilier le contrat\u00a0: ${terminationLabel(p)}`,
      effective ? `date d’effet indicative le ${effective}` : '',
      text(p, 'comment') ? `«\u00a0${preview(text(p, 'comment'))}\u00a0»` : '',
    );
  },
  call_back: (p) => sentence(`Être rappelé(e) au ${text(p, 'phone')}`),
  email_message: (p) => `«\u00a0${preview(text(p, 'text'))}\u00a0»`,
  documents: (p) => {
    const name = text(p, 'documentName');
    return sentence(
      name ? `Envoi du document «\u00a0${name}\u00a0»` : 'Envoi d’un document complémentaire',
      text(p, 'fileName') ? `fichier ${text(p, 'fileName')}` : '',
    );
  },
  claim: (p) => {
    const on = date(p, 'occurredOn');
    return sentence(`${text(p, 'kindLabel')}${on ? ` le ${on}` : ''}`, text(p, 'place'));
  },
  complaint: (p) => {
    const answerBy = date(p, 'answerBy');
    return sentence(
      `«\u00a0${preview(text(p, 'text'))}\u00a0»`,
      answerBy ? `réponse au plus tard le ${answerBy}` : '',
    );
  },
};

export function summarizeRequest(kind: RequestKind, payload: Payload): string {
  return SUMMARIES[kind](payload);
}
