// French texts of the claim declaration (docs/product/claims.md): the entry, the step errors,
// the deadline, what to do at once when someone is hurt, the receipt.
import { PHONE_NUMBERS } from '../shared/constants';
import { isoToFrenchDate } from '../shared/dates';
import { formatParisTime } from '../shared/display-format';
import { ASSISTANCE_CALL } from '../shared/messages';
import { CLAIM_MAX_CONSTAT_FILES, CLAIM_MAX_PHOTOS } from './limits';
import { isLateDeclaration, type ClaimDeadline } from './deadline';
import { CLAIM_ENTRY } from './entry';

export const CLAIM_MESSAGES = {
  entry: CLAIM_ENTRY,
  title: 'Déclarer un sinistre',
  /** « Assistance 24h/24 » and the number, as the portal's call shows it (the receipt). */
  assistance: `${ASSISTANCE_CALL.name} ${ASSISTANCE_CALL.number}`,
  required: {
    kind: 'Choisissez le type de sinistre',
    occurredOn: 'La date du sinistre est obligatoire (jj.mm.aaaa)',
    occurredAt: 'L’heure du sinistre est obligatoire (hh:mm)',
    place: 'Le lieu du sinistre est obligatoire',
    description: 'Décrivez ce qui s’est passé',
    thirdPartyName: 'Le nom du tiers est obligatoire',
    thirdPartyPlate: 'L’immatriculation du tiers est obligatoire',
    injuries: 'Indiquez s’il y a des blessés',
    complaintFiledOn: 'La date du dépôt de plainte est obligatoire (jj.mm.aaaa)',
    policeStation: 'Le commissariat ou la gendarmerie est obligatoire',
    complaintReference: 'Le numéro du procès-verbal est obligatoire',
    keys: 'Indiquez où se trouvent les clés',
    driver: 'Choisissez le conducteur',
    driverFirstName: 'Le prénom du conducteur est obligatoire',
    driverLastName: 'Le nom du conducteur est obligatoire',
    drivable: 'Indiquez si le véhicule peut rouler',
    vehicleLocation: 'Indiquez où se trouve le véhicule',
    witnessName: 'Le nom du témoin est obligatoire',
    glassPane: 'Indiquez quel vitrage est endommagé',
    glassDamage: 'Indiquez s’il s’agit d’un impact, d’une fissure ou d’une vitre brisée',
    constat:
      'Joignez le constat amiable (PDF ou photos) ou indiquez la référence de votre e-constat',
    step: 'Cette étape n’est pas encore remplie',
  },
  invalid: {
    date: 'La date doit être une date valide (jj.mm.aaaa)',
    futureDate: 'La date ne peut pas être dans le futur',
    learntBeforeEvent: 'Vous ne pouvez pas avoir appris le sinistre avant qu’il ait lieu',
    time: 'L’heure doit être au format hh:mm',
    box: 'Case du constat inconnue',
    coordinates:
      'La position doit avoir une latitude (de -90 à 90) et une longitude (de -180 à 180)',
    placeSource: 'Origine du lieu inconnue',
    driver: 'Ce conducteur n’est pas un conducteur du contrat',
    tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`,
    tooManyWitnesses: 'Trois témoins au plus',
    tooManyPhotos: `${CLAIM_MAX_PHOTOS} photos au plus`,
    tooManyConstatFiles: `${CLAIM_MAX_CONSTAT_FILES} fichiers de constat au plus`,
    photoType: 'Une photo doit être une image JPEG ou PNG',
    notInForce: 'Un sinistre se déclare sur un contrat en cours.',
    step: 'Étape de déclaration inconnue',
    stepNotReached: (label: string) => `Terminez d’abord l’étape «\u00a0${label}\u00a0».`,
    ifMatch: 'L’en-tête If-Match doit porter la version du brouillon lue, par exemple "3".',
    writer:
      'L’en-tête x-espace-draft-writer doit porter l’identifiant de l’onglet et le numéro de l’enregistrement, par exemple "…:4".',
    submitted: 'Cette déclaration a déjà été envoyée.',
  },
  injuries: {
    title: 'Quelqu’un est blessé\u00a0: appelez les secours',
    steps: [
      'Appelez le 15 (SAMU) ou le 112, et le 17 si la police doit venir.',
      'Protégez les lieux\u00a0: feux de détresse, gilet, triangle si vous pouvez le faire sans danger.',
      'Ne déplacez pas un blessé, sauf danger immédiat.',
      `Appelez notre assistance, jour et nuit, au ${PHONE_NUMBERS.assistance}.`,
    ],
  },
  late:
    'Le délai de déclaration est passé. Votre déclaration est bien reçue et sera étudiée\u00a0: ' +
    'l’assureur ne peut vous opposer ce retard que si votre contrat le prévoit et s’il lui a ' +
    'causé un préjudice (Code des assurances, article L113-2). Expliquez le retard dans la ' +
    'description si vous le pouvez.',
  naturalDisasterPending:
    'Si l’état de catastrophe naturelle est reconnu, vous aurez 30\u00a0jours après la ' +
    'publication de l’arrêté au Journal officiel pour déclarer ce sinistre.',
  draft: {
    /** « Brouillon enregistré à 14:32 » (Paris time, as the portal's other hours), once saved. */
    savedAt: (iso: string) => `Brouillon enregistré à ${formatParisTime(iso)}`,
    notSaved: (reason: string) => `Brouillon non enregistré\u00a0: ${reason}`,
    offline: 'la connexion a été perdue, nouvel essai dans quelques secondes.',
    gone: 'cette déclaration a été envoyée ou supprimée.',
    /** The saved version could not be read to carry out the customer's choice after a conflict. */
    notRead: 'la version enregistrée n’a pas pu être lue, réessayez.',
    /** The 412 of a write over a version another tab or device has replaced. */
    changedElsewhere:
      'Cette déclaration a été modifiée sur un autre appareil ou dans un autre onglet.',
    conflict:
      'Cette déclaration a été modifiée sur un autre appareil ou dans un autre onglet depuis que vous avez ouvert cette étape. Ce que vous saisissez ici n’est plus enregistré tant que vous n’avez pas choisi.',
    showSaved: 'Afficher la version enregistrée',
    keepMine: 'Garder ma saisie',
  },
  noGlassCover: (policyNumber: string) =>
    `Votre contrat n°\u00a0${policyNumber} ne comprend pas de garantie Bris de glace\u00a0: la réparation ou le remplacement du vitrage risque de rester à votre charge. Vous pouvez tout de même envoyer cette déclaration\u00a0; votre courtier vous dira ce que votre contrat couvre.`,
  success: 'Votre déclaration de sinistre a bien été envoyée.',
  downloadReceipt: 'Télécharger l’accusé de réception (PDF)',
} as const;

/** The delay the deadline counts: « 5 jours ouvrés après le jour où vous l’avez appris ». */
function delayOf(deadline: ClaimDeadline): string {
  return deadline.basis === 'natural_disaster'
    ? '30\u00a0jours après la publication de l’arrêté de catastrophe naturelle'
    : `${deadline.workingDays}\u00a0jours ouvrés après le jour où vous l’avez appris`;
}

/** While declaring: « À déclarer au plus tard le 30.11.2026 (5 jours ouvrés après …). » */
export function deadlineText(deadline: ClaimDeadline): string {
  return `À déclarer au plus tard le ${isoToFrenchDate(deadline.lastDay)} (${delayOf(deadline)}).`;
}

/**
 * Once sent (the receipt, on screen and in its PDF): « Déclaré le 27.11.2026, dans le délai (au
 * plus tard le 30.11.2026, 5 jours ouvrés après …). », or « après le délai » when late.
 */
export function declaredText(deadline: ClaimDeadline, declaredOn: string): string {
  const within = isLateDeclaration(deadline, declaredOn) ? 'après le délai' : 'dans le délai';
  return `Déclaré le ${isoToFrenchDate(declaredOn)}, ${within} (au plus tard le ${isoToFrenchDate(deadline.lastDay)}, ${delayOf(deadline)}).`;
}
