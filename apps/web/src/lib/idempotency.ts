// Idempotency keys (a double click, a reload or a retry after a lost answer records a
// request once). useActionLifecycle makes one key per form submission and runs the mutation
// inside withIdempotencyKey; api() reads the current key when a write starts and sends it as
// `Idempotency-Key` (IDEMPOTENCY_HEADER of the contract). Several writes of one submission get
// the key suffixed by their order ('…-1', '…-2'), the same order on a retry. The server keeps
// the answer for each account and key for at least 24 hours and answers it again. A submission
// keeps its key only while its values are the same (`submissionValues`: a chosen file counts by
// name, size, type and date); the server refuses a key sent again with other values (422,
// docs/decisions/0055-idempotency-fingerprint.md).
import { IDEMPOTENCY_HEADER } from '@espace/contract';

let current: { key: string; count: number } | null = null;

export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The values of a submission as a string: another value, or another file, is another one. */
export function submissionValues(variables: unknown): string {
  return JSON.stringify(variables, (_key, value: unknown) => {
    if (value instanceof File)
      return `file:${value.name}:${value.size}:${value.type}:${value.lastModified}`;
    if (value instanceof Blob) return `blob:${value.size}:${value.type}`;
    return value;
  });
}

/** Runs `send` with `key` as the idempotency key of the writes it starts. */
export async function withIdempotencyKey<T>(key: string, send: () => Promise<T>): Promise<T> {
  const scope = { key, count: 0 };
  current = scope;
  try {
    return await send();
  } finally {
    if (current === scope) current = null;
  }
}

/** The header of the next write of the submission in progress, if any. */
export function nextIdempotencyHeader(): Record<string, string> {
  if (!current) return {};
  current.count += 1;
  const key = current.count === 1 ? current.key : `${current.key}-${current.count}`;
  return { [IDEMPOTENCY_HEADER]: key };
}
