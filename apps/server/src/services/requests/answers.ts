// What each request asked, line by line (label, value) in French, for its detail view
// (docs/product/requests.md « Le détail d’une demande »). Built from the payload the write route
// stored with the helpers of summaries.ts, read defensively: a field missing from an older row
// is left out, never 'undefined'. Never shows a full IBAN (contract maskIban), only its masked
// form as the list's summary does; never the driving licence number.
import { COMPLAINT_CATEGORY_LABELS, maskIban, type RequestKind } from '@espace/contract';
import { address, date, object, person, terminationLabel, text, type Payload } from './summaries';

export interface RequestAnswer {
  label: string;
  value: string;
}

type Line = [label: string, value: string];

const EFFECT_LABELS: Record<string, string> = {
  termination: 'Résiliation',
  suspension: 'Suspension',
};

/** The lines whose value is not empty, as answers. */
function lines(...all: Line[]): RequestAnswer[] {
  return all.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));
}

const effective = (p: Payload): Line => ['Date d’effet', date(p, 'effectiveDate')];

const ANSWERS: Record<RequestKind, (payload: Payload) => RequestAnswer[]> = {
  add_driver: (p) =>
    lines(
      ['Conducteur', person(p)],
      ['Date de naissance', date(p, 'birthDate')],
      ['Lien avec vous', text(p, 'relationToCustomer')],
      ['Permis obtenu le', date(p, 'driverLicensePermDate')],
      effective(p),
    ),
  remove_driver: (p) => lines(['Conducteur retiré', person(p)], effective(p)),
  change_vehicle: (p) =>
    lines(
      ['Véhicule', `${text(p, 'manufacturer')} ${text(p, 'model')}`.trim()],
      ['Motorisation', text(p, 'engine')],
      ['Finition', text(p, 'equipment')],
      ['Immatriculation', text(p, 'licensePlate')],
      ['Première mise en circulation', date(p, 'regDate')],
      effective(p),
    ),
  change_payment_details: (p) => {
    const account = object(p, 'bankAccount');
    const iban = text(account, 'iban');
    return lines(
      ['IBAN', iban ? maskIban(iban) : ''],
      ['Titulaire du compte', text(account, 'ownerName')],
    );
  },
  change_garage_address: (p) =>
    lines(['Nouvelle adresse de garage', address(object(p, 'address'))]),
  personal_address: (p) => lines(['Nouvelle adresse', address(object(p, 'address'))]),
  termination: (p) =>
    lines(
      ['Motif', terminationLabel(p)],
      ['Demande', EFFECT_LABELS[text(p, 'effect')] ?? ''],
      ['Date d’effet indicative', date(p, 'effectiveDate')],
      ['Commentaire', text(p, 'comment')],
    ),
  call_back: (p) => lines(['Numéro à rappeler', text(p, 'phone')]),
  email_message: (p) => lines(['Message', text(p, 'text')]),
  documents: (p) =>
    lines(
      ['Document', text(p, 'documentName') || 'Document complémentaire'],
      ['Fichier', text(p, 'fileName')],
    ),
  claim: (p) =>
    lines(
      ['Nature du sinistre', text(p, 'kindLabel')],
      ['Vitrage', text(p, 'glass')],
      ['Date', date(p, 'occurredOn')],
      ['Lieu', text(p, 'place')],
    ),
  complaint: (p) =>
    lines(
      ['Objet', complaintCategory(p)],
      ['Votre réclamation', text(p, 'text')],
      ['Ce que vous attendez', text(p, 'expectation')],
      ['Accusé de réception au plus tard le', date(p, 'acknowledgeBy')],
      ['Réponse au plus tard le', date(p, 'answerBy')],
    ),
};

function complaintCategory(p: Payload): string {
  const category = text(p, 'category');
  return Object.hasOwn(COMPLAINT_CATEGORY_LABELS, category)
    ? COMPLAINT_CATEGORY_LABELS[category as keyof typeof COMPLAINT_CATEGORY_LABELS]
    : '';
}

export function requestAnswers(kind: RequestKind, payload: Payload): RequestAnswer[] {
  return ANSWERS[kind](payload);
}
