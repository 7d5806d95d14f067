// Idempotency of the write routes: the SPA sends one key per form submission; the
// server keeps its answer per account, method, path and key for IDEMPOTENCY_RETENTION_HOURS and
// answers it again to a repeat (a double click, a reload, a retry after a lost answer), marked
// with IDEMPOTENCY_REPLAYED_HEADER, instead of recording the request twice.
import { z } from 'zod';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** A key is 8 to 100 characters of letters, digits, '-', '_', '.' or ':' (a UUID and a suffix). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'La clé d’idempotence n’est pas valide.');

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'La clé d’idempotence n’est pas valide.',
  inProgress: 'Cette demande est déjà en cours de traitement. Veuillez patienter.',
  /** The same key with other values (docs/decisions/0055-idempotency-fingerprint.md). */
  reusedKey:
    'Cette clé d’idempotence a déjà servi pour une demande différente\u00a0: la nouvelle demande n’a pas été prise en compte. Rechargez la page puis recommencez.',
} as const;
