// French texts of 'Mon compte' and /changeAddress (docs/product/account.md). The texts the server shares (form
// labels, modals, banners of docs/product/account.md) are ADDRESS_MESSAGES in the contract.
import { ADDRESS_SEARCH_MIN } from '@espace/contract';
import { ACCOUNT_NAV_TEXTS } from './nav-texts';

export const ACCOUNT_TEXTS = {
  title: 'Mon Compte',
  navLabel: 'Rubriques de Mon compte',
  nav: ACCOUNT_NAV_TEXTS,
  customer: {
    title: 'Mes informations',
    name: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
  },
  personalAddress: 'Adresse personnelle',
  garageAddress: 'Adresse du lieu de garage',
  change: 'Faire un changement',
  changePersonal: 'Faire un changement de l’adresse personnelle',
  changeGarage: (street: string) => `Faire un changement de l’adresse du lieu de garage ${street}`,
  attachedPolicies: (count: number) => (count > 1 ? 'Polices attachées' : 'Police attachée'),
  policy: {
    number: 'N° de contrat',
    vehicle: 'Véhicule',
    plate: 'Immatriculation',
    startDate: 'Date d’effet',
  },
  noGarageAddress: 'Aucune adresse de lieu de garage n’est enregistrée sur vos contrats.',
} as const;

export const CHANGE_ADDRESS_TEXTS = {
  personalTitle: 'Modifier mon adresse personnelle',
  garageTitle: 'Modifier l’adresse du lieu de garage',
  back: '← Mon compte',
  /** Offline the search finds communes only: the street is typed after (decision 0044). */
  searchHint: `Saisissez au moins ${ADDRESS_SEARCH_MIN} caractères, puis choisissez votre commune dans la liste (flèches puis Entrée)\u00a0; le numéro et la voie se saisissent ensuite.`,
  searchHintStreets: `Saisissez au moins ${ADDRESS_SEARCH_MIN} caractères, puis choisissez une adresse dans la liste (flèches puis Entrée).`,
  formTitle: 'Vérifiez et complétez l’adresse',
  required: 'Tous les champs sont obligatoires.',
  sending: 'Enregistrement…',
} as const;
