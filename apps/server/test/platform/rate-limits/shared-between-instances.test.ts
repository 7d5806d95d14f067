// The per-account rate limits are counted in the database, so two instances on one
// database share one limit, and an instance started again (a restart, a new deployment) keeps
// counting where the others left off. Ended windows are swept.
import { MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import {
  countRequest,
  sweepRateLimitCounters,
} from '../../../src/platform/rate-limits/rate-limit-store';
import { BACKENDS } from '../../support/backends';
import { POLICIES } from '../../support/changes';
import { bearer, DEMO, signIn, subjectOf } from '../../support/harness';
import { testConfig } from '../../support/test-config';
import {
  copyTemplateDocuments,
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';

describe.each(BACKENDS)('rate limits shared between instances on %s', (backend) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let config: ReturnType<typeof testConfig>;
  const apps: FastifyInstance[] = [];

  /** Another instance: on PostgreSQL its own connection pool, on PGlite the same database. */
  async function instance(handle: DatabaseHandle): Promise<FastifyInstance> {
    const app = await buildApp(config, { database: handle, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    second = database.url ? await openDatabase({ databaseUrl: database.url }) : database.handle;
    config = testConfig({ documentsDir: await copyTemplateDocuments(backend) });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== database.handle) await second.close();
    await database.drop();
  });

  it('counts requests to A and B against one limit, and a restarted instance remembers', async () => {
    const a = await instance(database.handle);
    const b = await instance(second);
    const token = (await signIn(a, config, DEMO.camille)).access_token;
    const url = `/api/v1/policy/accounts/${subjectOf(token)}/${POLICIES.active}/vehicle`;
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'PUT', url, headers: bearer(token), payload: {} });

    // Invalid requests count too (they are refused with 400 and change nothing).
    for (let i = 0; i < RATE_LIMITS.change.max; i += 1) {
      expect((await send(i % 2 ? b : a)).statusCode).toBe(400);
    }
    for (const app of [a, b]) {
      const limited = await send(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'rate_limited', message: MESSAGES.api.rateLimited },
      });
    }

    // A stops and starts again: the window is still running.
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    const restarted = await instance(database.handle);
    expect((await send(restarted)).statusCode).toBe(429);
  });

  it('starts a new window once the old one ended, and sweeps ended windows', async () => {
    const db = database.handle.db;
    expect((await countRequest(db, 'test-key', 1)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The ended window restarts at 1 instead of counting on.
    expect((await countRequest(db, 'test-key', 60_000)).current).toBe(1);
    expect(await countRequest(db, 'test-key', 60_000)).toEqual({
      current: 2,
      ttl: expect.any(Number),
    });
    await countRequest(db, 'ended-key', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sweepRateLimitCounters(db)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('rate_limit_counters').select('key').execute();
    expect(left.map((r) => r.key)).toContain('test-key');
    expect(left.map((r) => r.key)).not.toContain('ended-key');
  });
});
