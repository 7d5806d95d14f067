// The restart's fast path: the migrator is skipped only when the database holds exactly
// this build's migrations; a new database, a missing migration or one from a newer build still
// go through it (and the last is refused by it, as before).
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from './client';
import { allMigrationsApplied } from './migrations-applied';
import { migrations } from './migrations/index';

describe('allMigrationsApplied', () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await openDatabase({});
  });
  afterEach(async () => {
    await handle.close();
  });

  it('is false on a new database, true once migrated', async () => {
    expect(await allMigrationsApplied(handle.db)).toBe(false);
    await migrate(handle.db);
    expect(await allMigrationsApplied(handle.db)).toBe(true);
  });

  it('is false when a migration of this build is not applied yet', async () => {
    await migrate(handle.db);
    const last = Object.keys(migrations).at(-1)!;
    await sql`delete from schema_migrations where name = ${last}`.execute(handle.db);
    expect(await allMigrationsApplied(handle.db)).toBe(false);
  });

  it('is false when a newer build applied a migration this one does not know', async () => {
    await migrate(handle.db);
    await sql`insert into schema_migrations (name, timestamp) values ('9999-newer', now()::text)`.execute(
      handle.db,
    );
    expect(await allMigrationsApplied(handle.db)).toBe(false);
    await expect(migrate(handle.db)).rejects.toThrow();
  });
});
