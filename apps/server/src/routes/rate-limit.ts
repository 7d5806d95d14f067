// Per-account rate limits of a group of routes (docs/decisions/0012-security-baseline.md): each route of the
// group sets its own `config.rateLimit`. Registered inside the authenticated scope, after the
// token is checked, so requests are counted per account, not per shared network address.
// Counted in the database (platform/rate-limits/rate-limit-store.ts), so every instance shares the limit and
// a restart keeps it; in process memory only when a test builds the app with
// `rateLimitInMemory` (app.ts).
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { countRequest } from '../platform/rate-limits/rate-limit-store';
import { errorResponses } from './responses';

type RouteOptions = FastifyRateLimitOptions & {
  routeInfo?: { method?: string | string[]; url?: string };
};

export async function rateLimitPerAccount(app: FastifyInstance): Promise<void> {
  // A limited route answers 429 past its limit, with Retry-After: its document says so.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit && route.schema)
      route.schema = {
        ...route.schema,
        response: { ...(route.schema.response as object), ...errorResponses(429) },
      };
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.accountId || request.ip,
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
  });
}

/**
 * A store constructor for @fastify/rate-limit counting in `db`. Each route with its own
 * `config.rateLimit` gets a child store whose keys start with the route's method and path, so
 * two routes of a group keep separate counts (as the in-memory store does).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      countRequest(db, this.prefix + key, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseRateLimitStore(routeOptions, `${methods} ${url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore;
}
