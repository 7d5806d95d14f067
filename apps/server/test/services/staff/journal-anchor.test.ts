// The journal's outside anchor (docs/decisions/0139-the-journal-beyond-the-application-s-reach.md):
// whoever can disable the journal's triggers (the schema's owner; on a single-role database, the
// application's own role) can edit a row and recompute every hash from it to a new head, and the
// chain then verifies intact on its own. The hourly check writes the head to the log; held to that
// head (`verify-journal --expect SEQ:HASH`, here `verifyJournal` with its anchor), the rewritten
// chain is caught.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { recordStaffAudit } from '../../../src/services/staff/audit';
import { verifyJournal } from '../../../src/services/staff/audit-chain';
import { checkJournal } from '../../../src/services/staff/journal-integrity';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';

const actor = { id: 'staff-1', email: 'lea@courtier.test', address: '127.0.0.1' };

describe.each(BACKENDS)('the journal’s outside anchor (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest.override({ backend });

  it('logs the head, and catches a chain rewritten and recomputed up to a new head', async ({
    t,
  }) => {
    const { db } = t.app;
    for (let i = 0; i < 3; i++)
      await recordStaffAudit(db, actor, {
        action: 'customer.read',
        targetKind: 'customer',
        targetId: `C-${i}`,
      });
    const logged: object[] = [];
    await checkJournal(db, { info: (details) => logged.push(details), error: () => undefined });
    const before = await verifyJournal(db);
    expect(before.intact).toBe(true);
    const kept = `${before.head!.seq}:${before.head!.hash}`;
    expect(logged).toContainEqual({ journalHead: kept });

    // The rewrite: the triggers off, one row edited, every hash from it recomputed with the
    // database's own function, the head moved to the new last hash.
    const edited = Number(before.head!.seq) - 1;
    await sql`alter table staff_audit disable trigger user`.execute(db);
    await sql`alter table staff_audit_head disable trigger user`.execute(db);
    try {
      await sql`update staff_audit set target_id = 'C-autre' where seq = ${edited}`.execute(db);
      await sql`
        do $$ declare r record; h text;
        begin
          select hash into h from staff_audit where seq = ${sql.lit(edited - 1)};
          for r in select * from staff_audit where seq >= ${sql.lit(edited)} order by seq loop
            h := staff_audit_hash(r.seq, r.at, r.staff_id, r.staff_email, r.action, r.target_kind,
              r.target_id, r.account_id, r.address, r.user_agent, r.details, h);
            update staff_audit set hash = h where id = r.id;
            update staff_audit set prev_hash = h where seq = r.seq + 1;
          end loop;
          update staff_audit_head set hash = h;
        end $$`.execute(db);
    } finally {
      await sql`alter table staff_audit enable trigger user`.execute(db);
      await sql`alter table staff_audit_head enable trigger user`.execute(db);
    }
    // On its own, the recomputed chain verifies.
    expect((await verifyJournal(db)).intact).toBe(true);
    // Held to the head logged before, it does not.
    const [seq, hash] = kept.split(':') as [string, string];
    const anchored = await verifyJournal(db, { anchor: { seq, hash } });
    expect(anchored.intact).toBe(false);
    expect(anchored.broken?.reason).toBe('anchor');
  });
});
