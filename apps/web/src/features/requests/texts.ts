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
  empty: 'Vous n’avez fait aucune demande depuis votre espace pour le moment.',
  emptyFiltered: 'Aucune demande pour ce contrat.',
  pagination: 'Pages de vos demandes',
  error: 'Vos demandes n’ont pas pu être chargées. Réessayez dans un instant.',
} as const;
