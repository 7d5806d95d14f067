// What identifies a write's values for its idempotency key
// (docs/decisions/0055-idempotency-fingerprint.md): the SHA-256 of its query and parsed body,
// object keys sorted so that the same values in another order are the same request. A body
// the route streams itself (multipart uploads) is not read here: null, not compared (the SPA
// makes a new key for another file, apps/web/src/lib/idempotency.ts).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestFingerprint(request: FastifyRequest): string | null {
  if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return null;
  const values = JSON.stringify(
    canonical({ query: request.query ?? null, body: request.body ?? null }),
  );
  return createHash('sha256').update(values).digest('hex');
}
