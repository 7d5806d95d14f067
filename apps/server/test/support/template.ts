// The template database of the API suite, built once per run by global-setup.ts: migrated,
// seeded with the demo data, content loaded, provider keys generated, as buildApp leaves a new
// database (but for the demo accounts' password hashes, at the tests' cost: cheaperDemoPasswords
// below). Each test file then opens a copy (test-database.ts), which costs a fraction of
// migrating and seeding again (a PGlite dump is loaded, a PostgreSQL database is created from the
// template), and buildApp finds nothing left to do on it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/seed/demo-customers';
import { DEMO_STAFF } from '../../src/seed/demo-staff';
import { hashPassword } from '../../src/services/identity/passwords';
import { openPglite } from './pglite';
import { adminQuery, postgresAnswers, postgresUrl } from './postgres';
import type { TestTemplates } from './provided';
import { TEST_PASSWORD_COST, testConfig } from './test-config';

const TEMPLATE_PREFIX = 'espace_template_';
/** A test file's database: the prefix, its run's (its template's name without its prefix), a name. */
const TEST_PREFIX = 'espace_test_';
/** Databases left by a run that was killed; a run lasts minutes, so these are surely orphans. */
const ORPHAN_AGE_MS = 6 * 3_600_000;

/** The name of a test file's database, made from `template`: the run's databases share a prefix. */
export function testDatabaseName(template: string, name: string): string {
  return `${TEST_PREFIX}${template.slice(TEMPLATE_PREFIX.length)}_${name}`;
}

async function initialise(handle: DatabaseHandle, documentsDir: string): Promise<void> {
  const app = await buildApp(testConfig({ documentsDir }), { database: handle, logger: false });
  await app.ready();
  await app.close();
  await cheaperDemoPasswords(handle.db);
}

/**
 * The demo customers' and staff's password, stored again hashed at the tests' lower scrypt cost
 * (TEST_PASSWORD_COST, test-config.ts). Every row of `credentials` is a demo customer's.
 */
async function cheaperDemoPasswords(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST);
  await db.updateTable('credentials').set({ password_hash: hash }).execute();
  const staff = DEMO_STAFF.map((s) => s.email);
  await db
    .updateTable('staff_accounts')
    .set({ password_hash: hash })
    .where('email', 'in', staff)
    .execute();
}

/**
 * Every API test file loads a copy of this data folder into memory, so it holds no more than the
 * portal's database needs: write-ahead log segments of 1 MB instead of 16 (a data folder always
 * holds one), and neither template0 nor template1, which nothing here connects to or copies (the
 * portal's database is « postgres »). 18 MB to load instead of 44: a copy opens and closes in
 * 0.42 s of CPU instead of 0.69.
 */
const SLIM_INITDB = ['--wal-segsize=1'];
const UNUSED_DATABASES = ['template0', 'template1'];

async function buildPgliteTemplate(file: string, documentsDir: string): Promise<void> {
  const { pglite, handle } = await openPglite(undefined, SLIM_INITDB);
  try {
    await initialise(handle, documentsDir);
    for (const name of UNUSED_DATABASES) {
      await pglite.exec(`update pg_database set datistemplate = false where datname = '${name}'`);
      await pglite.exec(`drop database ${name}`);
    }
    // Written to the data files now, so that each copy starts without replaying the write-ahead log.
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** The name carries its creation time, so that a later run can drop it if this one dies. */
export function templateName(): string {
  return `${TEMPLATE_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** A LIKE pattern for names starting with `prefix`, whose « _ » is no wildcard. */
const startingWith = (prefix: string) => `${prefix.replaceAll('_', '\\_')}%`;

/** The run's test databases (test-database.ts drops them by batches), then its template. */
async function dropRunDatabases(template: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    `select datname from pg_database where datname like '${startingWith(testDatabaseName(template, ''))}'`,
  );
  for (const { datname } of rows)
    await adminQuery(`drop database if exists ${datname} with (force)`);
  await adminQuery(`drop database if exists ${template}`);
}

/** A run's template (templateName) or one of its files' copies (testDatabaseName). */
const RUN_DATABASE = /^espace_(?:template|test)_([0-9a-z]+)_[0-9a-f]{6}(?:_[0-9a-f]{12})?$/;

/**
 * When the run that made database `name` started (ms since the epoch), or undefined for a
 * database no run of this suite named so: the process tests' own (`espace_test_lb_…`), which a
 * run beside this one may be using, are never taken for orphans.
 */
export function runStartOf(name: string): number | undefined {
  const stamp = RUN_DATABASE.exec(name)?.[1];
  return stamp === undefined ? undefined : parseInt(stamp, 36);
}

async function dropOrphanDatabases(): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    `select datname from pg_database where datname like '${startingWith(TEMPLATE_PREFIX)}' or datname like '${startingWith(TEST_PREFIX)}'`,
  );
  for (const { datname } of rows) {
    const started = runStartOf(datname);
    if (started !== undefined && Date.now() - started > ORPHAN_AGE_MS)
      await adminQuery(`drop database if exists ${datname} with (force)`);
  }
}

async function buildPostgresTemplate(documentsDir: string): Promise<string> {
  await dropOrphanDatabases();
  const name = templateName();
  await adminQuery(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: postgresUrl(name) });
  try {
    await initialise(handle, documentsDir);
  } finally {
    await handle.close();
  }
  return name;
}

/** `postgres: false` leaves PostgreSQL out even when it answers (TEST_BACKENDS=pglite). */
export async function buildTemplates({ postgres = true } = {}): Promise<{
  templates: TestTemplates;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'espace-template-'));
  const documentsDirs = {
    pglite: path.join(dir, 'documents-pglite'),
    postgres: path.join(dir, 'documents-postgres'),
  };
  const pgliteDump = path.join(dir, 'pglite.tar');
  const [postgresTemplate] = await Promise.all([
    postgres && (await postgresAnswers()) ? buildPostgresTemplate(documentsDirs.postgres) : null,
    buildPgliteTemplate(pgliteDump, documentsDirs.pglite),
  ]);
  return {
    templates: { pgliteDump, documentsDirs, postgresTemplate },
    async remove() {
      if (postgresTemplate) await dropRunDatabases(postgresTemplate);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
