// A new embedded database is a copy of an initialised cluster (db/pglite-template.ts)
// instead of an initdb run. The copy opens and migrates like a database PGlite made itself; a
// folder holding a database, or anything else, is never overwritten; what a kill left half-copied
// beside the folder is removed, and the template is made once and reused.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/db/client';
import { createTemplate, prepareDataDir, templateFolder } from '../../src/db/pglite-template';

let root: string;
let template: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'espace-pglite-template-'));
  template = templateFolder(path.join(root, 'templates'));
  await createTemplate(template);
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('embedded database template', () => {
  it('is named after the PGlite version and made once', async () => {
    expect(path.basename(template)).toMatch(/^pglite-initdb-\d+\.\d+\.\d+/);
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    const made = (await stat(path.join(template, 'PG_VERSION'))).mtimeMs;
    await createTemplate(template);
    expect((await stat(path.join(template, 'PG_VERSION'))).mtimeMs).toBe(made);
    expect(await readdir(path.dirname(template))).toEqual([path.basename(template)]);
  });

  it('gives a missing folder a database that opens, migrates and keeps its rows', async () => {
    const dataDir = path.join(root, 'new', 'pglite');
    await mkdir(path.dirname(dataDir));
    // What a kill during an earlier copy left beside the folder.
    await mkdir(`${dataDir}.partial-1-0`);
    await writeFile(path.join(`${dataDir}.partial-1-0`, 'PG_VERSION'), '17');
    expect(await prepareDataDir(dataDir, template)).toBe(true);
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);

    const first = await openDatabase({ pgliteDir: dataDir });
    await migrate(first.db);
    await sql`create table kept (id int)`.execute(first.db);
    await sql`insert into kept values (1)`.execute(first.db);
    await first.close();

    const again = await openDatabase({ pgliteDir: dataDir });
    const kept = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(again.db);
    const migrated = await sql<{ n: number }>`
      select count(*)::int as n from schema_migrations`.execute(again.db);
    await again.close();
    expect(kept.rows[0]!.n).toBe(1);
    expect(migrated.rows[0]!.n).toBeGreaterThan(10);
  }, 120_000);

  it('gives an empty folder the template, and leaves a database or other files alone', async () => {
    const empty = path.join(root, 'empty');
    await mkdir(empty);
    expect(await prepareDataDir(empty, template)).toBe(true);
    expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);

    // A database: not copied over (its marker survives).
    await writeFile(path.join(empty, 'marker'), 'mine');
    expect(await prepareDataDir(empty, template)).toBe(false);
    expect(existsSync(path.join(empty, 'marker'))).toBe(true);

    // A folder with other files and no database: not touched either.
    const other = path.join(root, 'other');
    await mkdir(other);
    await writeFile(path.join(other, 'notes.txt'), 'not a database');
    expect(await prepareDataDir(other, template)).toBe(false);
    expect(await readdir(other)).toEqual(['notes.txt']);
  });

  it('makes a new database folder its owner’s only, whatever the umask', async () => {
    const dataDir = path.join(root, 'private', 'pglite');
    const umask = process.umask(0o022);
    try {
      await mkdir(path.dirname(dataDir));
      expect(await prepareDataDir(dataDir, template)).toBe(true);
    } finally {
      process.umask(umask);
    }
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
    const open = entries.filter((e) => e.isFile() || e.isDirectory());
    expect(open.length).toBeGreaterThan(10);
    const readableByOthers = [];
    for (const entry of open) {
      const mode = (await stat(path.join(entry.parentPath, entry.name))).mode;
      if (mode & 0o077) readableByOthers.push(entry.name);
    }
    expect(readableByOthers).toEqual([]);
  });
});
