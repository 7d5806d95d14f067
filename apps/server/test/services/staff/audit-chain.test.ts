// The staff journal is append-only and tamper-evident (docs/console.md « Journal »,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md): the database refuses
// an UPDATE, a DELETE or a TRUNCATE of its rows, whoever sends them (here the server's own
// connection), and a head changed by hand; every row is chained to the one before by its hash;
// inserts from two instances at once chain one after the other; a change made with the triggers
// disabled, as a database administrator could, is found by the
// verification (services/staff/audit-chain.ts) and by the console's GET /audit/integrity, which
// names the first entry in question; the migration chains the rows written before it.
import type { AuditIntegrity } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { openDatabase } from '../../../src/db/client';
import { down, up } from '../../../src/db/migrations/0034-staff-links-audit-chain';
import { recordStaffAudit } from '../../../src/services/staff/audit';
import { verifyJournal } from '../../../src/services/staff/audit-chain';
import { BACKENDS } from '../../support/backends';
import { consoleCall, staffSignedIn } from '../../support/console';
import { createTestApp } from '../../support/harness';

const actor = { id: 'staff-1', email: 'lea@courtier.test', address: '127.0.0.1' };

describe.each(BACKENDS)('the staff journal’s chain (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** Runs `change` with the journal's triggers off, as an administrator would. */
    .extend('behindTheServer', ({ t }) => async (change: ReturnType<typeof sql>) => {
      await sql`alter table staff_audit disable trigger user`.execute(t.app.db);
      try {
        await change.execute(t.app.db);
      } finally {
        await sql`alter table staff_audit enable trigger user`.execute(t.app.db);
      }
    })
    .extend(
      'write',
      ({ t }) =>
        (n: number) =>
          recordStaffAudit(t.app.db, actor, {
            action: 'customer.read',
            targetKind: 'customer',
            targetId: `CLI-${n}`,
            details: { q: 'Dupont « Élise »', n },
          }),
    )
    .extend('integrity', ({ t, supervisor }) => async () => {
      const response = await consoleCall(t.app, supervisor, 'GET', '/audit/integrity');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditIntegrity>();
    })
    .extend(
      'lastSeq',
      ({ t }) =>
        async () =>
          Number(
            (await t.app.db.selectFrom('staff_audit_head').select('seq').executeTakeFirstOrThrow())
              .seq,
          ),
    )
    .override({ backend });

  it('chains every row to the one before, and refuses an UPDATE, a DELETE, a TRUNCATE and a changed head', async ({
    t,
    write,
  }) => {
    for (let n = 1; n <= 5; n++) await write(n);
    const rows = await t.app.db
      .selectFrom('staff_audit')
      .select(['seq', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    rows.forEach((row, i) => {
      expect(Number(row.seq)).toBe(i + 1);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prev_hash).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]!.hash);
    });
    const check = await verifyJournal(t.app.db);
    expect(check).toMatchObject({ intact: true, entries: rows.length });
    expect(check.head).toEqual({ seq: String(rows.length), hash: rows.at(-1)!.hash });
    for (const statement of [
      sql`update staff_audit set action = 'customer.search' where seq = 2`,
      sql`delete from staff_audit where seq = 2`,
      sql`truncate staff_audit`,
      sql`update staff_audit_head set seq = 1`,
      sql`delete from staff_audit_head`,
    ])
      await expect(statement.execute(t.app.db)).rejects.toThrow(
        /append-only|changes only with a new journal row/,
      );
    expect(await verifyJournal(t.app.db)).toMatchObject({ intact: true, entries: rows.length });
  });

  it('chains inserts sent at once from two instances one after the other', async ({ t }) => {
    // On PostgreSQL a second pool, as another instance has; PGlite has one writer.
    const other = t.database.url ? await openDatabase({ databaseUrl: t.database.url }) : undefined;
    try {
      const dbs = [t.app.db, other?.db ?? t.app.db];
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          recordStaffAudit(dbs[n % 2]!, actor, { action: 'customer.read', targetId: `P-${n}` }),
        ),
      );
    } finally {
      await other?.close();
    }
    expect(await verifyJournal(t.app.db)).toMatchObject({ intact: true });
  });

  it('finds a row changed behind the server’s back, and names it; the console says so', async ({
    t,
    behindTheServer,
    integrity,
    lastSeq,
    write,
  }) => {
    await write(6);
    const seq = (await lastSeq()) - 3;
    const row = await t.app.db
      .selectFrom('staff_audit')
      .select(['id', 'at', 'target_id'])
      .where('seq', '=', String(seq))
      .executeTakeFirstOrThrow();
    await behindTheServer(
      sql`update staff_audit set target_id = 'CLI-autre' where seq = ${String(seq)}`,
    );
    const check = await verifyJournal(t.app.db);
    expect(check.intact).toBe(false);
    expect(check.broken).toMatchObject({
      seq: String(seq),
      id: String(row.id),
      reason: 'altered',
      at: new Date(row.at).toISOString(),
    });
    const answer = await integrity();
    expect(answer).toMatchObject({
      intact: false,
      broken: { seq: String(seq), reason: 'altered' },
    });
    // Put back as it was, the chain holds again.
    await behindTheServer(
      sql`update staff_audit set target_id = ${row.target_id} where seq = ${String(seq)}`,
    );
    expect(await verifyJournal(t.app.db)).toMatchObject({ intact: true });
  });

  it('finds a row deleted, the last rows deleted, and a row slipped in without its hash', async ({
    t,
    behindTheServer,
    lastSeq,
    write,
  }) => {
    await write(7);
    await write(8);
    const last = await lastSeq();
    await behindTheServer(sql`delete from staff_audit where seq = ${String(last - 1)}`);
    expect((await verifyJournal(t.app.db)).broken).toMatchObject({
      seq: String(last),
      reason: 'unlinked',
    });
    await behindTheServer(sql`delete from staff_audit where seq >= ${String(last - 1)}`);
    expect((await verifyJournal(t.app.db)).broken).toMatchObject({ reason: 'head' });
    await behindTheServer(sql`
      insert into staff_audit (staff_id, staff_email, action)
      values ('staff-1', 'lea@courtier.test', 'customer.read')`);
    expect((await verifyJournal(t.app.db)).broken).toMatchObject({
      seq: null,
      reason: 'unchained',
    });
  });

  it('an anchor kept outside catches a chain rewritten from an edited row to the head', async () => {
    const fresh = await createTestApp(backend);
    try {
      for (let n = 1; n <= 3; n++)
        await recordStaffAudit(fresh.app.db, actor, { action: 'customer.read', targetId: `${n}` });
      const { head } = await verifyJournal(fresh.app.db);
      const boss = await staffSignedIn(fresh.app, 'supervisor');
      const answer = await consoleCall(fresh.app, boss, 'GET', '/audit/integrity');
      expect(answer.json()).toMatchObject({ intact: true, broken: null });
      // Rewritten as a knowing administrator would: the row edited, every hash after it again.
      await sql`alter table staff_audit disable trigger user`.execute(fresh.app.db);
      await sql`alter table staff_audit_head disable trigger user`.execute(fresh.app.db);
      await sql`update staff_audit set target_id = 'x' where seq = ${head!.seq}`.execute(
        fresh.app.db,
      );
      await sql`update staff_audit set hash = staff_audit_hash(seq, at, staff_id, staff_email,
        action, target_kind, target_id, account_id, address, user_agent, details, prev_hash)
        where seq = ${head!.seq}`.execute(fresh.app.db);
      await sql`update staff_audit_head set hash = (select hash from staff_audit
        where seq = ${head!.seq})`.execute(fresh.app.db);
      expect(await verifyJournal(fresh.app.db)).toMatchObject({ intact: true });
      expect(await verifyJournal(fresh.app.db, { anchor: head! })).toMatchObject({
        intact: false,
        broken: { seq: head!.seq, reason: 'anchor' },
      });
    } finally {
      await fresh.close();
    }
  });

  it('the migration chains the rows written before it', async () => {
    const fresh = await createTestApp(backend);
    try {
      const { db } = fresh.app;
      for (let n = 1; n <= 3; n++)
        await recordStaffAudit(db, actor, { action: 'customer.read', details: { n } });
      await down(db as never);
      await db
        .insertInto('staff_audit')
        .values({ staff_id: 's', staff_email: 'e@x.test', action: 'staff.signed_in' })
        .execute();
      await up(db as never);
      const { count } = await db
        .selectFrom('staff_audit')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBeGreaterThanOrEqual(4);
      const check = await verifyJournal(db);
      expect(check).toMatchObject({ intact: true, entries: Number(count) });
      await expect(sql`delete from staff_audit`.execute(db)).rejects.toThrow(/append-only/);
    } finally {
      await fresh.close();
    }
  });
});
