// The inbox's French words for its states and sorts (docs/console.md « Boîte de réception »).
import type { InboxQuery } from '@espace/contract';

export const STATE_LABELS: Record<InboxQuery['state'], string> = {
  open: 'En cours',
  all: 'Toutes (closes comprises)',
};

export const SORT_LABELS: Record<InboxQuery['sort'], string> = {
  oldest: 'Les plus anciennes',
  newest: 'Les plus récentes',
  status_changed: 'Statut changé récemment',
};

/** What the search box finds (services/console/search-terms.ts), said under it. */
export const SEARCH_HINT =
  'Référence, nom du client, e-mail, n° client, n° de contrat ou immatriculation (tirets, majuscules et accents sans importance)';
