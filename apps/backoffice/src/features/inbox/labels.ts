// The inbox's French words for its states and sorts (docs/backoffice.md « Boîte de réception »).
import type { InboxQuery } from '@espace/contract';

export const STATE_LABELS: Record<InboxQuery['state'], string> = {
  open: 'En cours de traitement',
  all: 'Toutes, closes comprises',
};

export const SORT_LABELS: Record<InboxQuery['sort'], string> = {
  oldest: 'Les plus anciennes d’abord',
  newest: 'Les plus récentes d’abord',
  status_changed: 'Dernier changement de statut',
};

/** The agent filter's own values, besides a staff member's id. */
export const AGENT_ME = 'me';
export const AGENT_NONE = 'none';
