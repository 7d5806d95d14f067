// French messages of the integration API (docs/integration.md): each names what is wrong with
// the field, so the broker's developer reads the reason beside the field's path.
export const INTEGRATION_MESSAGES = {
  required: 'Ce champ est obligatoire.',
  text: (max: number) => `Ce texte doit compter de 1 à ${max} caractères.`,
  email: 'Cette adresse e-mail n’est pas valide.',
  phone: 'Ce numéro de téléphone n’est pas valide.',
  date: 'Cette date doit être au format AAAA-MM-JJ.',
  dateRange: (min: number, ahead: number) =>
    `Cette date doit tomber entre ${min} et ${ahead} ans après aujourd’hui.`,
  birthDate: 'La date de naissance doit être passée et dater de moins de 120 ans.',
  licenceDate: 'Le permis ne peut pas avoir été obtenu avant 17 ans ni dans le futur.',
  endDate: 'La date de fin ne peut pas précéder la date d’effet.',
  endReason: 'Un contrat résilié doit porter sa date de fin et son motif.',
  licenceNumber:
    'Le numéro de permis doit compter 12 chiffres (avant 2013), 2 chiffres, 2 lettres puis 5 à 11 lettres ou chiffres, ou, pour un permis étranger, 4 à 20 lettres et chiffres.',
  iban: 'L’IBAN doit commencer par le code du pays et sa clé (FR76…), puis 11 à 30 lettres ou chiffres.',
  amount: 'Ce montant doit être un nombre positif ou nul, en euros.',
  crm: 'Le coefficient bonus/malus doit être compris entre 0,50 et 3,50.',
  state: (states: string) => `L’état du contrat doit être l’un de ${states}.`,
  salutation: 'La civilité doit être «\u00a0Mme\u00a0» ou «\u00a0Mr\u00a0».',
  responsibility: 'La part de responsabilité doit être 0, 50 ou 100.',
  oneVehicle: 'Le véhicule est obligatoire.',
  drivers: 'Le contrat doit compter au moins un conducteur, dont un seul principal.',
  coverages: 'Le contrat doit compter au moins une garantie.',
  fileCount: 'Le nombre de fichiers doit être un entier de 1 à 10.',
  identifier:
    'Cet identifiant doit compter de 1 à 64 lettres sans accent, chiffres, tirets, points ou soulignés.',
  status: (statuses: string) => `Le statut doit être l’un de ${statuses}, ou null.`,
  consent: 'Le consentement doit valoir true ou false.',
  // What a write refuses after reading the database.
  unknownCustomer: 'Aucun client ne porte ce numéro. Envoyez d’abord le client.',
  unknownContract: 'Aucun contrat ne porte ce numéro.',
  customerHasContracts:
    'Ce client a encore des contrats. Supprimez d’abord ses contrats, puis le client.',
  emailTaken: 'Cette adresse e-mail est déjà celle d’un autre client.',
  typeTaken: 'Ce contrat attend déjà un document de ce type sous un autre identifiant.',
  notFound: 'Cet enregistrement n’existe pas.',
  versionMismatch:
    'L’enregistrement a changé depuis votre lecture (If-Match). Relisez-le puis renvoyez vos modifications.',
  ifMatch: 'L’en-tête If-Match doit porter la version lue (ETag), par exemple "3", ou *.',
  unprocessable: 'L’enregistrement ne peut pas être appliqué.',
  pdfOnly: 'Le document doit être un PDF (Content-Type application/pdf).',
  insufficientScope: 'Ce client d’intégration n’a pas le droit d’effectuer cette opération.',
} as const;
