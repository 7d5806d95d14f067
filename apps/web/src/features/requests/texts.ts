// French texts of 'Mes demandes' (docs/product/requests.md).
export const REQUESTS_TEXTS = {
  title: 'Mes demandes',
  lead: 'Les demandes que vous avez faites depuis votre espace, de la plus récente à la plus ancienne, et où elles en sont.',
  filter: 'Contrat',
  allPolicies: 'Tous mes contrats',
  policyOption: (vehicle: string, plate: string, policyNumber: string) =>
    `${vehicle} – ${plate} (contrat n° ${policyNumber})`,
  caption: (total: number) =>
    total > 1 ? `${total} demandes` : total === 1 ? '1 demande' : 'Aucune demande',
  columns: {
    date: 'Date',
    policy: 'Contrat',
    request: 'Demande',
    reference: 'Référence',
    status: 'Statut',
  },
  noPolicy: 'Tous contrats',
  reason: 'Motif\u00a0:',
  message: 'Message de votre courtier\u00a0:',
  detailLink: (kind: string, reference: string) => `Voir la demande ${kind} ${reference}`,
  empty: 'Vous n’avez fait aucune demande depuis votre espace pour le moment.',
  emptyFiltered: 'Aucune demande pour ce contrat.',
  pagination: 'Pages de vos demandes',
  error: 'Vos demandes n’ont pas pu être chargées. Réessayez dans un instant.',
} as const;

// The detail of one request (/account/requests/{reference}).
export const REQUEST_DETAIL_TEXTS = {
  back: 'Retour à mes demandes',
  reference: 'Référence',
  createdAt: 'Faite le',
  policy: 'Contrat',
  noPolicy: 'Tous contrats',
  policyValue: (vehicle: string, plate: string, policyNumber: string) =>
    `${vehicle} – ${plate} (n°\u00a0${policyNumber})`,
  status: 'Statut',
  since: (at: string) => `depuis le ${at}`,
  answers: 'Ce que vous avez demandé',
  files: 'Les fichiers',
  fileMeta: (type: string, size: string) => (size ? `${type}, ${size}` : type),
  timeline: 'Le suivi de votre demande',
  expected: (name: string) => `Pièce attendue\u00a0: ${name}`,
  dueOn: (date: string) => `à envoyer avant le ${date}`,
  documentsLink: 'Documents à fournir',
  expertise: (date: string, expert: string) => `Expertise le ${date} par ${expert}`,
  garage: (garage: string) => `Garage\u00a0: ${garage}`,
  settlement: (amount: string, franchise: string) =>
    `Montant versé\u00a0: ${amount}, franchise\u00a0: ${franchise}`,
  error: 'Cette demande n’a pas pu être chargée. Réessayez dans un instant.',
  write: 'Écrire au courtier',
  complaint: 'Faire une réclamation',
  unread: (n: number) => (n > 1 ? `(${n} messages non lus)` : '(1 message non lu)'),
} as const;

// A complaint on its page (docs/product/complaints.md).
export const COMPLAINT_DETAIL_TEXTS = {
  title: 'Votre réclamation',
  acknowledgeBy: 'Accusé de réception au plus tard le',
  answerBy: 'Réponse au plus tard le',
  answeredAt: (at: string) => `le ${at}`,
  waiting: 'Nous vous répondons par écrit au plus tard à la date ci-dessus, par e-mail et ici.',
  download: 'Télécharger la réponse (PDF)',
} as const;
