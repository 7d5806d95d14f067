// French texts of the account-deletion recap (docs/product/account.md « Account deletion »,
// docs/decisions/0041-account-deletion-recap.md): what deletion does and what is still pending.
export const DELETION_RECAP_TEXTS = {
  intro:
    'La suppression de votre compte est définitive. Avant de la confirmer, nous vous montrons ce qu’elle supprime et ce qui reste en cours.',
  start: 'Continuer vers la suppression',
  title: 'Avant de supprimer votre compte',
  doesTitle: 'Ce que fait la suppression',
  owedTitle: 'Documents encore à fournir',
  owedNone: 'Aucun document à fournir.',
  owedItem: (name: string, policyNumber: string) => `${name} (contrat n°\u00a0${policyNumber})`,
  owedDeadline: (date: string) => `à fournir au plus tard le ${date}`,
  daysLeft: (days: number) =>
    days === 0
      ? 'délai dépassé'
      : `${days} jour${days > 1 ? 's' : ''} restant${days > 1 ? 's' : ''}`,
  owedLink: 'Transmettre les documents',
  requestsTitle: 'Demandes en cours de traitement',
  requestsNone: 'Aucune demande en cours de traitement.',
  requestReference: (reference: string) => `référence ${reference}`,
  requestPolicy: (policyNumber: string) => `contrat n°\u00a0${policyNumber}`,
  requestsLink: 'Voir mes demandes',
  requestsNote: 'Votre courtier continue de traiter ces demandes après la suppression.',
  contractsTitle: 'Contrats en vigueur, que la suppression ne résilie pas',
  contractsNone: 'Aucun contrat en vigueur.',
  contractItem: (policyNumber: string, vehicle: string) =>
    `Contrat n°\u00a0${policyNumber}${vehicle ? ` – ${vehicle}` : ''}`,
  unavailable:
    'Cette information n’a pas pu être chargée. Vous pouvez tout de même confirmer la suppression.',
  confirmTitle: 'Confirmer la suppression',
  cancel: 'Annuler',
} as const;
