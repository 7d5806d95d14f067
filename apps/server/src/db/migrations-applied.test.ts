// The restart's fast path: the migrator is skipped only when the database holds exactly
// this build's migrations; a new database, a missing migration or one from a newer build still
// go through it (and the last is refused by it, as before).
// A database migrated by this build is a copy of the tests' template, which global-setup.ts
// migrated with the server's own `migrate` (test/support/template.ts).
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import { migrate, openDatabase, type DatabaseHandle } from './client';
import { allMigrationsApplied } from './migrations-applied';
import { migrations } from './migrations/index';

describe('allMigrationsApplied', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle;
  const migrated = async () => {
    database = await createTestDatabase('pglite');
    handle = database.handle;
  };
  afterEach(async () => {
    await (database ? database.drop() : handle.close());
    database = undefined;
  });

  it('is false on a new database, true once migrated', async () => {
    handle = await openDatabase({});
    expect(await allMigrationsApplied(handle.db)).toBe(false);
    await handle.close();
    await migrated();
    expect(await allMigrationsApplied(handle.db)).toBe(true);
  });

  it('is false when a migration of this build is not applied yet', async () => {
    await migrated();
    const last = Object.keys(migrations).at(-1)!;
    await sql`delete from schema_migrations where name = ${last}`.execute(handle.db);
    expect(await allMigrationsApplied(handle.db)).toBe(false);
  });

  it('is false when a newer build applied a migration this one does not know', async () => {
    await migrated();
    await sql`insert into schema_migrations (name, timestamp) values ('9999-newer', now()::text)`.execute(
      handle.db,
    );
    expect(await allMigrationsApplied(handle.db)).toBe(false);
    await expect(migrate(handle.db)).rejects.toThrow();
  });
});
