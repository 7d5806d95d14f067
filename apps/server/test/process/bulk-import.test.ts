// The bulk import (docs/decisions/0076-bulk-import.md): `npm run import` as a real process on
// 10,000 generated lines, one in ten refused for five kinds of fault, SIGKILLed in the middle
// and run again: every valid record written exactly once and whole, the refused lines reported
// with their number, field and reason; then the repository's CSV example. On PGlite (a data
// folder of the test's own) and on PostgreSQL (a copy of the run's template).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { BACKENDS } from '../support/backends';
import {
  customerLine,
  runImportCli,
  totalsOf,
  writeImportFile,
  type GeneratedFile,
} from '../support/import';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const LINES = 10_000;
const REPO = path.resolve(import.meta.dirname, '../../../..');

describe.each(BACKENDS)('bulk import on %s', (backend) => {
  let folder: string;
  let file: string;
  let generated: GeneratedFile;
  let postgres: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'espace-import-'));
    file = path.join(folder, 'portefeuille.ndjson');
    generated = await writeImportFile(file, LINES);
    if (backend === 'postgres') {
      postgres = await createTestDatabase('postgres');
      env = { DATABASE_URL: postgres.url! };
    } else env = { DATA_DIR: path.join(folder, 'data') };
  }, 120_000);
  afterAll(async () => {
    await postgres?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** The database the CLI wrote, opened once the CLI has exited (PGlite is one process's). */
  async function inspect<T>(read: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
    if (postgres) return read(postgres.handle.db);
    const handle = await openDatabase({ pgliteDir: path.join(folder, 'data', 'pglite') });
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('killed in the middle then run again, writes each record once and whole, and reports the refused lines', async () => {
    const killed = await runImportCli([file], env, 3_000);
    expect(killed.signal).toBe('SIGKILL');
    // Killed with batches in flight (several records a transaction, docs/decisions/0076):
    // what stayed is whole (each contract with its vehicle, driver and version, no version
    // left at 0 by a refused record or an uncommitted batch) and a prefix of committed batches.
    const afterKill = await inspect(async (db) => {
      const { rows } = await sql<{ what: string; n: string }>`
        select 'policies' as what, count(*)::text as n from policies where policy_number like 'IMPC-%'
        union all select 'half', count(*)::text from policies p where policy_number like 'IMPC-%'
          and (not exists (select 1 from risks r where r.policy_number = p.policy_number)
            or not exists (select 1 from drivers d where d.policy_number = p.policy_number)
            or not exists (select 1 from integration_records i
              where i.kind = 'contract' and i.key = p.policy_number and i.version = 1))
        union all select 'version 0', count(*)::text from integration_records where version = 0
        `.execute(db);
      return Object.fromEntries(rows.map((r) => [r.what, Number(r.n)]));
    });
    const written = afterKill.policies!;
    expect(afterKill).toMatchObject({ half: 0, 'version 0': 0 });
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(generated.contracts);

    const rerun = await runImportCli([file], env);
    expect(rerun.code, rerun.output).toBe(0);
    const totals = totalsOf(rerun.output);
    expect(totals.lines).toBe(LINES);
    expect(totals.refused).toBe(generated.refused.size);
    expect(totals.created + totals.updated + totals.unchanged).toBe(
      generated.customers + generated.contracts,
    );
    expect(totals.unchanged).toBeGreaterThanOrEqual(written);
    expect(totals.created).toBeGreaterThan(0);

    const counts = await inspect(async (db) => {
      const { rows } = await sql<{ what: string; n: string }>`
        select 'accounts' as what, count(*)::text as n from accounts where customer_id like 'IMP-%'
        union all select 'distinct emails', count(distinct email)::text from accounts where customer_id like 'IMP-%'
        union all select 'policies', count(*)::text from policies where policy_number like 'IMPC-%'
        union all select 'without risk', count(*)::text from policies p where policy_number like 'IMPC-%'
          and not exists (select 1 from risks r where r.policy_number = p.policy_number)
        union all select 'without driver', count(*)::text from policies p where policy_number like 'IMPC-%'
          and not exists (select 1 from drivers d where d.policy_number = p.policy_number)
        union all select 'drivers', count(*)::text from drivers where policy_number like 'IMPC-%'
        union all select 'refused written', count(*)::text from accounts where customer_id like 'IMP-9%'
          and length(customer_id) > 9`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.what, Number(r.n)]));
    });
    expect(counts).toEqual({
      accounts: generated.customers,
      'distinct emails': generated.customers,
      policies: generated.contracts,
      'without risk': 0,
      'without driver': 0,
      drivers: generated.contracts,
      'refused written': 0,
    });

    const report = (await readFile(`${file}.refus.csv`, 'utf8')).replace(/^\ufeff/, '').split('\n');
    expect(report[0]).toBe('ligne;champ;raison');
    const rows = report
      .slice(1)
      .filter(Boolean)
      .map((row) => row.split(';'));
    expect(new Set(rows.map(([line]) => Number(line)))).toEqual(new Set(generated.refused.keys()));
    for (const [line, field] of rows) {
      const expected = generated.refused.get(Number(line));
      if (expected) expect(field).toBe(expected);
    }
    expect(rows.find(([line]) => line === '27')).toEqual([
      '27',
      'email',
      'Cette adresse e-mail n’est pas valide.',
    ]);
    expect(rows.find(([line]) => line === '37')).toEqual([
      '37',
      'customerNumber',
      'Aucun client ne porte ce numéro. Envoyez d’abord le client.',
    ]);
    expect(rows.find(([line]) => line === '7')?.[2]).toMatch(/^Ligne illisible/);
  }, 600_000);

  it('gives the reasons zod’s own checks find in French, from the built tool', async () => {
    // The compiled tool (apps/server/dist/import.js) carries the contract's French messages for
    // zod's checks (docs/decisions/0090-french-validation-and-operation-ids.md), as the server
    // does.
    const bad = path.join(folder, 'refus.ndjson');
    const lines = [
      { ...customerLine(990_001), nickname: 'Nana' },
      { ...customerLine(990_002), address: null },
    ];
    await writeFile(bad, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const run = await runImportCli([bad], env);
    expect(totalsOf(run.output), run.output).toMatchObject({ lines: 2, refused: 2 });
    const report = (await readFile(`${bad}.refus.csv`, 'utf8')).replace(/^\ufeff/, '');
    expect(report.trim().split('\n').slice(1)).toEqual([
      '1;;Champ inconnu\u00a0: «\u00a0nickname\u00a0».',
      '2;address;Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: null.',
    ]);
  }, 120_000);

  it('reads the CSV example: dotted columns, French decimals, oui/non, as many drivers as filled', async () => {
    const csv = path.join(folder, 'portefeuille.csv');
    await import('node:fs/promises').then((fs) =>
      fs.copyFile(path.join(REPO, 'docs/examples/import/portefeuille.csv'), csv),
    );
    const run = await runImportCli([csv], env);
    expect(run.code, run.output).toBe(0);
    expect(totalsOf(run.output)).toMatchObject({ lines: 2, created: 2, refused: 0 });
    const contract = await inspect((db) =>
      db
        .selectFrom('policies')
        .select(['premium_a', 'state'])
        .where('policy_number', '=', 'AU2026200004')
        .executeTakeFirstOrThrow(),
    );
    expect(Number(contract.premium_a)).toBe(398.5);
    const drivers = await inspect((db) =>
      db
        .selectFrom('drivers')
        .select(['first_name', 'principal', 'crm'])
        .where('policy_number', '=', 'AU2026200004')
        .orderBy('first_name')
        .execute(),
    );
    expect(drivers.map((d) => [d.first_name, d.principal, Number(d.crm)])).toEqual([
      ['Karim', false, 1],
      ['Nadia', true, 0.85],
    ]);
  }, 120_000);
});
