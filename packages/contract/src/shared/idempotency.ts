// Idempotency of the write routes: the SPA sends one key per form submission; the
// server keeps its answer per account, method, path and key for IDEMPOTENCY_RETENTION_HOURS and
// answers it again to a repeat (a double click, a reload, a retry after a lost answer), marked
// with IDEMPOTENCY_REPLAYED_HEADER, instead of recording the request twice. The key's schema is
// idempotency-key.ts.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'La clé d’idempotence n’est pas valide.',
  inProgress: 'Cette demande est déjà en cours de traitement. Veuillez patienter.',
  /** The same key with other values (docs/decisions/0055-idempotency-fingerprint.md). */
  reusedKey:
    'Cette clé d’idempotence a déjà servi pour une demande différente\u00a0: la nouvelle demande n’a pas été prise en compte. Rechargez la page puis recommencez.',
} as const;
