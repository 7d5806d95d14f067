// Whether this instance should get traffic: what /readyz answers (routes/health.ts) and the
// `espace_ready` gauge shows (plugins/metrics.ts). Not while it drains after SIGTERM
// (server.ts), nor when the database or the document store does not answer within 2 s.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** A key no document has (a valid v4 UUID): asking whether it exists reaches the store. */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000';
const PROBE_TIMEOUT_MS = 2_000;

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref(),
    ),
  ]);
}

export async function readiness(
  app: FastifyInstance,
): Promise<'ready' | 'draining' | 'unavailable'> {
  if (app.lifecycle.draining) return 'draining';
  try {
    await withinTimeout(
      Promise.all([sql`select 1`.execute(app.db), app.storage.exists(PROBE_KEY)]),
    );
    return 'ready';
  } catch {
    return 'unavailable';
  }
}
