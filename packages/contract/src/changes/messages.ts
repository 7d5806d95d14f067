// French texts of the contract-change forms (docs/product/changes.md). Texts quoted by docs/product/changes.md are kept
// word for word, except 'suppresion' → 'suppression' (docs/decisions/README.md (deviations)) and the
// typographic apostrophe (’) everywhere; the spec's English validation messages are given in French.
// Limits that constants.ts owns are written in; the others are passed by the schemas (fields.ts).
import {
  HOLDER_NAME_MAX,
  HOLDER_NAME_MIN,
  MAX_PERSON_AGE,
  MIN_DRIVER_AGE,
  VEHICLE_EFFECTIVE_WINDOW_MONTHS,
} from '../shared/constants';
import { formatCrm } from '../shared/format';

/** docs/product/changes.md: answers of the IBAN check (400 incorrect, 403 not usable for a SEPA debit). */
export const IBAN_MESSAGES = {
  incorrect: 'L’IBAN saisi est incorrect. Veuillez vérifier et corriger vos données.',
  notUsable: 'L’IBAN saisi n’est pas valable. Veuillez vérifier vos entrées et les corriger.',
} as const;

export const CHANGE_MESSAGES = {
  /** Shown when a field is empty or missing (docs/product/changes.md "all fields required"). */
  required: {
    generic: 'Ce champ est obligatoire',
    salutation: 'La civilité est obligatoire',
    firstName: 'Le prénom est obligatoire',
    lastName: 'Le nom est obligatoire',
    birthDate: 'La date de naissance est obligatoire',
    bonus: 'Le bonus/malus est obligatoire',
    relationToCustomer: 'Le lien avec l’assuré est obligatoire',
    driverLicenseNr: 'Le numéro de permis de conduire est obligatoire',
    driverLicensePermDate: 'La date d’obtention du permis est obligatoire',
    effectiveDate: 'La date d’effet est obligatoire',
    manufacturer: 'La marque est obligatoire',
    model: 'Le modèle est obligatoire',
    engine: 'L’énergie est obligatoire',
    equipment: 'La finition est obligatoire',
    licensePlate: 'L’immatriculation est obligatoire',
    regDate: 'La date de première mise en circulation est obligatoire',
    iban: 'Vous devez saisir un IBAN',
    ownerName: 'Le titulaire du compte est obligatoire',
  },
  invalid: {
    tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`,
    nameCharacters:
      'Ce champ ne peut contenir que des lettres, des espaces, des traits d’union et des apostrophes',
    date: 'La date saisie n’est pas valide. Utilisez le format jj.mm.aaaa',
    implausibleDate: (min: number, max: number) =>
      `La date saisie n’est pas plausible\u00a0: l’année doit être comprise entre ${min} et ${max}`,
    pastDate: 'La date ne doit pas se situer dans le passé',
    futureDate: 'La date ne doit pas se situer dans le futur',
    birthDateNotPast: 'La date de naissance doit se situer dans le passé',
    minAge: `Le conducteur à assurer doit être âgé d’au moins ${MIN_DRIVER_AGE} ans`,
    bonusFormat: 'Saisissez un coefficient avec deux décimales au plus, par exemple 0,85',
    bonusRange: (min: number, max: number) =>
      `Le bonus/malus doit être compris entre ${formatCrm(min)} et ${formatCrm(max)}`,
    driverLicenseNr: (digits: number) =>
      `Le numéro de permis de conduire doit comporter ${digits} chiffres (permis délivré avant 2013) ou suivre le format actuel, par exemple 13AB12345`,
    licenceBefore17: 'Le permis ne peut pas avoir été obtenu avant les 17 ans du conducteur',
    birthTooOld: `La date de naissance ne peut pas remonter à plus de ${MAX_PERSON_AGE} ans`,
    licensePlate: 'L’immatriculation doit être au format AA-123-AA',
    effectiveTooFar: `La date d’effet ne doit pas dépasser ${VEHICLE_EFFECTIVE_WINDOW_MONTHS} mois à compter d’aujourd’hui`,
    holderNameLength: `Ce champ doit comporter entre ${HOLDER_NAME_MIN} et ${HOLDER_NAME_MAX} caractères`,
  },
  iban: IBAN_MESSAGES,
  /** Refusals of the change routes (the server side is ours: docs/product/changes.md leaves it unspecified). */
  api: {
    policyTerminated: 'Ce contrat est résilié\u00a0: il ne peut plus être modifié.',
    driverNotOnPolicy:
      'Aucun conducteur de ce contrat ne correspond à ces nom, prénom et date de naissance.',
    principalDriver: 'Le conducteur principal ne peut pas être retiré du contrat.',
    driverAlreadyOnPolicy: 'Ce conducteur figure déjà sur ce contrat.',
    noPaymentDetails: 'Ce contrat n’a pas de coordonnées bancaires à modifier.',
  },
  /** Notes of the change screens (docs/product/changes.md); the phone number comes from PHONE_NUMBERS. */
  notes: {
    accompaniedDriving:
      'Pour ajouter un conducteur en conduite accompagnée, veuillez contacter notre service client au',
    vehicleDelay:
      'Le changement de véhicule est pris en compte sous 48 h. En cas d’urgence, appelez le',
    noSecondaryDriver:
      'Ce contrat n’a pas de conducteur secondaire à retirer\u00a0: seul le conducteur principal y est déclaré, et il ne peut pas être retiré. Pour changer de conducteur principal, contactez notre service client.',
  },
  /** docs/product/changes.md: banners after a change request (success on 204, or 200 for the payment). */
  banners: {
    addDriver: {
      success:
        'Vous avez ajouté un conducteur avec succès. Un avenant à votre contrat vous sera transmis prochainement.',
      error: 'Malheureusement, une erreur s’est produite lors de l’ajout du conducteur',
    },
    removeDriver: {
      success: 'Vous avez retiré un conducteur avec succès.',
      error: 'Malheureusement, une erreur s’est produite lors de la suppression du conducteur',
    },
    changeVehicle: {
      success:
        'Votre demande de changement a bien été prise en compte. Nous vous recontactons au plus vite',
      error: 'Malheureusement, une erreur s’est produite lors du changement du véhicule',
    },
    changePayment: {
      success: 'Nous avons bien reçu vos nouvelles coordonnées bancaires.',
      error: 'Malheureusement, vos coordonnées bancaires n’ont pas pu être modifiées.',
    },
  },
} as const;
