// Webhooks from several real server processes on one PostgreSQL database (docs/decisions/
// 0080-events-from-the-outbox.md): two instances, each running the relay, share the deliveries
// so each event reaches the endpoint once; an instance killed with SIGKILL while its deliveries
// are in flight loses none of them: once its claims expire they are sent again, with the same
// webhook-id, and every event arrives. The endpoint is declared by WEBHOOK_ENDPOINTS. Skipped,
// with the reason printed, without the PostgreSQL leg (support/backends.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { recordEvent } from '../../src/services/events/record-event';
import { startPortal, stopped, type Portal } from '../support/portal-process';
import { BACKENDS } from '../support/backends';
import { adminQuery, postgresUrl } from '../support/postgres';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const enabled = BACKENDS.includes('postgres');
if (!enabled) console.info('Webhooks on two instances skipped: no PostgreSQL leg in this run.');

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

describe.skipIf(!enabled)('webhooks from two instances on one PostgreSQL', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let receiver: Receiver;
  let database: DatabaseHandle;
  let env: Record<string, string>;
  const portals: Portal[] = [];

  async function start(): Promise<Portal> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'webhooks-instance-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const portal = await startPortal({ ...env, DATA_DIR: dataDir });
    cleanup.push(() => stopped(portal.child, 'SIGKILL'));
    portals.push(portal);
    return portal;
  }

  /** `count` events, each written in its own transaction as a request writes its own. */
  async function writeEvents(count: number, batch: string): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < count; n++)
      ids.push(
        await database.db.transaction().execute((trx) =>
          recordEvent(trx, {
            type: 'consent.changed',
            accountId: null,
            data: { customerNumber: `${batch}-${n}`, consent: true, at: new Date().toISOString() },
          }),
        ),
      );
    return ids;
  }
  const received = (ids: string[]) =>
    ids.map((id) => receiver.deliveries.filter((d) => d.id === id).length);

  beforeAll(async () => {
    receiver = await startReceiver([SECRET]);
    cleanup.push(() => receiver.close());
    const name = `webhooks_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
    env = {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DEMO_MODE: 'true',
      DATABASE_URL: postgresUrl(name),
      WEBHOOK_ENDPOINTS: JSON.stringify([{ id: 'recepteur', url: receiver.url, secret: SECRET }]),
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      OUTBOX_INTERVAL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_LEASE_MS: '3000',
      WEBHOOK_TIMEOUT_MS: '2000',
    };
    // Both at once on the empty database: one migrates and declares the endpoint.
    await Promise.all([start(), start()]);
    database = await openDatabase({ databaseUrl: env.DATABASE_URL });
    cleanup.push(() => database.close());
  }, 180_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  }, 60_000);

  it('delivers each event once, shared between the two relays', { timeout: 60_000 }, async () => {
    const ids = await writeEvents(60, 'normal');
    await vi.waitFor(() => expect(received(ids).every((n) => n >= 1)).toBe(true), {
      timeout: 30_000,
      interval: 200,
    });
    // A few more passes of both relays: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received(ids)).toEqual(ids.map(() => 1));
    expect(receiver.unsigned()).toEqual([]);
    const pending = await database.db
      .selectFrom('outbox')
      .select('id')
      .where('channel', '=', 'webhook')
      .where('sent_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });

  it(
    'loses nothing when an instance is killed with deliveries in flight',
    { timeout: 120_000 },
    async () => {
      // One instance left, its endpoint slow: it claims the events and is killed mid-send.
      const [a, b] = portals;
      await stopped(b!.child, 'SIGTERM');
      receiver.delayMs = 1_500;
      const before = receiver.deliveries.length;
      const ids = await writeEvents(20, 'crash');
      await vi.waitFor(() => expect(receiver.deliveries.length).toBeGreaterThan(before), {
        timeout: 10_000,
        interval: 20,
      });
      await stopped(a!.child, 'SIGKILL');
      const inFlight = receiver.deliveries.length - before;
      receiver.delayMs = 0;
      await start();
      await vi.waitFor(() => expect(received(ids).every((n) => n >= 1)).toBe(true), {
        timeout: 30_000,
        interval: 200,
      });
      // The ones in flight at the kill came again, each with its own event's id; no other event.
      const counts = received(ids);
      expect(counts.every((n) => n === 1 || n === 2)).toBe(true);
      expect(counts.filter((n) => n === 2).length).toBeLessThanOrEqual(inFlight);
      expect(inFlight).toBeGreaterThan(0);
      const unknown = receiver.deliveries.slice(before).filter((d) => !ids.includes(d.id));
      expect(unknown).toEqual([]);
      expect(receiver.unsigned()).toEqual([]);
      await vi.waitFor(
        async () => {
          const pending = await database.db
            .selectFrom('outbox')
            .select('id')
            .where('channel', '=', 'webhook')
            .where('sent_at', 'is', null)
            .execute();
          expect(pending).toEqual([]);
        },
        { timeout: 10_000 },
      );
    },
  );
});
