// The database's two roles on PostgreSQL (docs/deployment.md « Database roles »,
// docs/decisions/0139-the-journal-beyond-the-application-s-reach.md): with DATABASE_OWNER_URL the
// migrations run as the schema's owner and the server as DATABASE_URL's role, given its rows by
// the default privileges of the documented SQL. The server then works and writes the journal,
// but its role can neither disable the journal's triggers nor alter its table: a chain rewritten
// by the application's role is no longer possible. (PGlite has one role: nothing to split.)
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { recordStaffAudit } from '../../src/services/staff/audit';
import { adminQuery, postgresAnswers, postgresUrl } from '../support/postgres';
import { testConfig } from '../support/test-config';

const suffix = randomBytes(4).toString('hex');
const owner = `espace_owner_${suffix}`;
const server = `espace_app_${suffix}`;
const database = `espace_roles_${suffix}`;
const urlAs = (role: string) => {
  const url = new URL(postgresUrl(database));
  url.username = role;
  return url.toString();
};

describe.runIf(await postgresAnswers())('the database’s roles on PostgreSQL', () => {
  afterAll(async () => {
    await adminQuery(`drop database if exists ${database} with (force)`);
    await adminQuery(`drop role if exists ${server}`);
    await adminQuery(`drop role if exists ${owner}`);
  });

  it('migrates as the owner, serves as a role that cannot disable the journal’s triggers', async () => {
    // docs/deployment.md « Database roles », as written there.
    await adminQuery(`create role ${owner} login`);
    await adminQuery(`create role ${server} login`);
    await adminQuery(`create database ${database} owner ${owner}`);
    const asOwner = await openDatabase({ databaseUrl: urlAs(owner) });
    await sql`${sql.raw(`
      grant usage on schema public to ${server};
      alter default privileges for role ${owner} in schema public
        grant select, insert, update, delete on tables to ${server};
      alter default privileges for role ${owner} in schema public
        grant usage, select on sequences to ${server};`)}`.execute(asOwner.db);
    await asOwner.close();

    const handle = await openDatabase({ databaseUrl: urlAs(server) });
    const config = testConfig({ databaseUrl: urlAs(server), databaseOwnerUrl: urlAs(owner) });
    const app = await buildApp(config, { database: handle, logger: false });
    try {
      await app.ready();
      const { rows } = await sql<{ tableowner: string }>`
        select tableowner from pg_tables where tablename = 'staff_audit'`.execute(app.db);
      expect(rows).toEqual([{ tableowner: owner }]);
      // The server's role writes the journal…
      await recordStaffAudit(
        app.db,
        { id: 'staff-1', email: 'lea@courtier.test', address: '127.0.0.1' },
        { action: 'customer.read', targetKind: 'customer', targetId: 'C-1' },
      );
      // …and cannot take its guards off, nor rewrite a row.
      await expect(
        sql`alter table staff_audit disable trigger user`.execute(app.db),
      ).rejects.toThrow(/must be owner/);
      await expect(
        sql`alter table staff_audit_head disable trigger user`.execute(app.db),
      ).rejects.toThrow(/must be owner/);
      await expect(
        sql`update staff_audit set target_id = 'C-2' where seq = 1`.execute(app.db),
      ).rejects.toThrow(/append-only/);
    } finally {
      await app.close();
      await handle.close().catch(() => undefined);
    }
  });
});
