// French texts of the address screens and calls (docs/product/addresses.md /account, /changeAddress; "Address
// save"). Texts quoted by the docs/product/addresses.md are kept word for
// word, with the one French apostrophe (’) (docs/decisions/README.md (deviations)); the spec's English
// validation messages ('StreetNumber is required', …) are given in French with the same meaning.

export const ADDRESS_MESSAGES = {
  /** docs/product/addresses.md: every field of the address form and of the payloads is required. */
  required: {
    id: 'L’identifiant de l’adresse est obligatoire',
    streetNumber: 'Le numéro de voie est obligatoire',
    street: 'La voie est obligatoire',
    postalCode: 'Le code postal est obligatoire',
    city: 'La ville est obligatoire',
    country: 'Le pays est obligatoire',
    policyNumber: 'Le numéro de contrat est obligatoire',
  },
  invalid: {
    tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`,
  },
  /**
   * docs/product/addresses.md /changeAddress: the place-search box. Its label says what the search finds with the
   * data it has (docs/decisions/0044-address-truthfulness-and-complement.md): offline, communes
   * and postal codes only; streets only with the national address service.
   */
  search: {
    label: 'Recherche par code postal ou commune',
    labelStreets: 'Recherche par code postal, commune ou nom de la rue',
    tooShort: (min: number) => `Saisissez au moins ${min} caractères pour lancer la recherche`,
    tooLong: (max: number) => `La recherche ne doit pas dépasser ${max} caractères`,
    noResult: 'Aucune adresse ne correspond à votre recherche',
  },
  /** docs/product/addresses.md /changeAddress: the editable form filled from the picked place. */
  form: {
    streetNumber: 'Numéro',
    street: 'Voie',
    postalCode: 'Code postal',
    city: 'Ville',
    country: 'Pays',
    complement: 'Complément d’adresse (facultatif)',
    complementHint: 'Bâtiment, appartement, escalier…',
    submit: 'enregistrer',
  },
  /** docs/product/addresses.md /account: the address is linked to policies; changing it changes them too. */
  linkedPolicies: {
    text: 'Cette adresse est liée à vos contrats d’assurance\u00a0: sa modification s’appliquera à ces contrats.',
    question: 'Voulez-vous continuer\u00a0?',
    no: 'Non',
    yes: 'Oui',
  },
  /** docs/product/addresses.md "Address save": the validation refused the address; the user edits or confirms. */
  notRecognised: {
    title: 'Adresse non reconnue',
    text: 'Nous n’avons pas pu vérifier cette adresse. Vous pouvez la modifier, ou la confirmer telle que vous l’avez saisie.',
    edit: 'Modifier l’adresse',
    confirm: 'Confirmer l’adresse',
  },
  /** Why validateAddress refuses an address (the server side is ours: docs/product/addresses.md leaves it open). */
  check: {
    notFrance: 'Seules les adresses situées en France peuvent être vérifiées.',
    postalCodeFormat: 'Le code postal doit comporter 5 chiffres.',
    unknownPostalCode: (zip: string) => `Le code postal ${zip} n’existe pas.`,
    postalCodeNotInCity: (zip: string, city: string, communes: readonly string[]) =>
      `Le code postal ${zip} ne correspond pas à la commune «\u00a0${city}\u00a0» (communes de ce code postal\u00a0: ${communes.join(', ')}).`,
    emptyStreet: 'La voie est obligatoire',
    /** The commune is right but nothing can confirm the street (decision 0044). */
    unverifiedStreet: (street: string) =>
      `La voie «\u00a0${street}\u00a0» n’a pas pu être vérifiée\u00a0: vérifiez son orthographe avant d’enregistrer.`,
  },
  /** Refusals of the address changes (the policy ones are MESSAGES.api and CHANGE_MESSAGES.api). */
  api: {
    addressNotFound: 'Adresse introuvable.',
  },
  /** docs/product/addresses.md "Address change": banners after the save. */
  banners: {
    error: 'Une erreur s’est produite',
    personalSuccess: 'Adresse modifiée avec succès',
    garageSuccess:
      'Votre demande de changement a bien été prise en compte. Nos services vous recontacteront au plus vite',
  },
} as const;
