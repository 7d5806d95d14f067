// What the customer sent, as the console shows it (docs/console.md « Demandes »): in full where
// the broker needs it to carry the change out, unlike the customer's own detail (answers.ts),
// which never shows a licence number nor a full IBAN. Enforces:
// - a new driver: identity, birth date, relation, licence number and date, bonus-malus, date;
// - a vehicle: make, model, engine, finish, plate, first registration, date;
// - bank details: the new IBAN masked (`reveal: 'iban'`: its full value only through the
//   audited POST …/iban, revealIban below), its holder, whether the holder changes, the payment
//   method; the portal asks no BIC (not needed for a SEPA debit), which the page says (the
//   portal applies the new IBAN to the contract's details at once, without a BIC);
// - every other kind: the customer's own lines.
import { formatIbanGroups, maskIban, type ConsoleField, type RequestKind } from '@espace/contract';
import { requestAnswers } from '../requests/answers';
import { date, object, person, text, type Payload } from '../requests/summaries';

export const NO_BIC = 'Non demandé au client (inutile pour un prélèvement SEPA)';

const line = (label: string, value: string): ConsoleField[] => (value ? [{ label, value }] : []);

function bonus(payload: Payload): string {
  const value = Number(text(payload, 'bonus'));
  return text(payload, 'bonus') && Number.isFinite(value)
    ? value.toLocaleString('fr-FR', { minimumFractionDigits: 2 })
    : '';
}

export function consoleFields(kind: RequestKind, payload: Payload): ConsoleField[] {
  switch (kind) {
    case 'add_driver':
      return [
        ...line('Conducteur', person(payload)),
        ...line('Date de naissance', date(payload, 'birthDate')),
        ...line('Lien avec le client', text(payload, 'relationToCustomer')),
        ...line('N° de permis', text(payload, 'driverLicenseNr')),
        ...line('Permis obtenu le', date(payload, 'driverLicensePermDate')),
        ...line('Bonus-malus', bonus(payload)),
        ...line('Date d’effet', date(payload, 'effectiveDate')),
      ];
    case 'change_vehicle':
      return [
        ...line('Marque', text(payload, 'manufacturer')),
        ...line('Modèle', text(payload, 'model')),
        ...line('Motorisation', text(payload, 'engine')),
        ...line('Finition', text(payload, 'equipment')),
        ...line('Immatriculation', text(payload, 'licensePlate')),
        ...line('Première mise en circulation', date(payload, 'regDate')),
        ...line('Date d’effet', date(payload, 'effectiveDate')),
      ];
    case 'change_payment_details': {
      const account = object(payload, 'bankAccount');
      const iban = text(account, 'iban');
      const changeHolder = account?.changeHolder;
      return [
        ...(iban ? [{ label: 'Nouvel IBAN', value: maskIban(iban), reveal: 'iban' as const }] : []),
        ...line('Titulaire du compte', text(account, 'ownerName')),
        ...line(
          'Changement de titulaire',
          changeHolder === true ? 'Oui' : changeHolder === false ? 'Non' : '',
        ),
        { label: 'BIC', value: NO_BIC },
        ...line('Mode de paiement', text(payload, 'paymentMethod')),
      ];
    }
    default:
      return requestAnswers(kind, payload);
  }
}

/** The new IBAN of a bank-details change, in full (grouped by four), and its holder. */
export function revealIban(payload: Payload): { iban: string; ownerName: string } | null {
  const account = object(payload, 'bankAccount');
  const iban = text(account, 'iban');
  return iban ? { iban: formatIbanGroups(iban), ownerName: text(account, 'ownerName') } : null;
}
