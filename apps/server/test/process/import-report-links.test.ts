// The import's refusal report is never written through what lies at its name
// (docs/integration.md « Import », docs/decisions/0094-integration-clients-under-attack.md):
// the compiled tool (`npm run import`) refuses, with a French message and exit code 1 and before
// it imports anything, a symbolic link planted at `FILE.refus.csv` (to a file, or dangling), and
// replaces an earlier report by a new file, never by writing into it (a hard link to another
// file is left with its content).
import { link, lstat, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends';
import { customerLine, runImportCli, totalsOf } from '../support/import';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const PROTECTED = 'contenu à protéger\n';

describe('the import’s refusal report and what lies at its name', () => {
  let folder: string;
  let file: string;
  let report: string;
  let victim: string;
  let postgres: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'espace-import-links-'));
    file = path.join(folder, 'portefeuille.ndjson');
    report = `${file}.refus.csv`;
    victim = path.join(folder, 'a-proteger.txt');
    const lines = [customerLine(880_001), { ...customerLine(880_002), email: 'pas-une-adresse' }];
    await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    // PostgreSQL's template copy when it answers (quicker than migrating a PGlite folder).
    if (BACKENDS.includes('postgres')) {
      postgres = await createTestDatabase('postgres');
      env = { DATABASE_URL: postgres.url! };
    } else env = { DATA_DIR: path.join(folder, 'data') };
  }, 120_000);
  beforeEach(() => rm(report, { force: true }));
  afterAll(async () => {
    await postgres?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  const imported = async () =>
    postgres
      ? (
          await postgres.handle.db
            .selectFrom('accounts')
            .select('customer_id')
            .where('customer_id', '=', 'IMP-880001')
            .execute()
        ).length
      : undefined;

  it('refuses a symbolic link to a file at the report’s name, and leaves the file as it was', async () => {
    await writeFile(victim, PROTECTED);
    await symlink(victim, report);
    const run = await runImportCli([file], env);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(
      `Le rapport des lignes refusées ne peut pas être écrit : ${report} existe et n’est pas un fichier ordinaire`,
    );
    expect(run.output).toContain('Rien n’a été importé.');
    expect(await readFile(victim, 'utf8')).toBe(PROTECTED);
    expect(await readlink(report)).toBe(victim);
    if (postgres) expect(await imported()).toBe(0);
  }, 60_000);

  it('refuses a dangling symbolic link, and creates nothing where it points', async () => {
    const nowhere = path.join(folder, 'cree-par-le-lien.csv');
    await symlink(nowhere, report);
    const run = await runImportCli([file], env);
    expect(run.code, run.output).toBe(1);
    await expect(lstat(nowhere)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await lstat(report)).isSymbolicLink()).toBe(true);
  }, 60_000);

  it('replaces an earlier report by a new file, never writing into the old one', async () => {
    await writeFile(victim, PROTECTED);
    await link(victim, report);
    const run = await runImportCli([file], env);
    expect(run.code, run.output).toBe(0);
    expect(totalsOf(run.output)).toMatchObject({ lines: 2, refused: 1 });
    expect(await readFile(victim, 'utf8')).toBe(PROTECTED);
    const written = (await readFile(report, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(written).toEqual(['ligne;champ;raison', expect.stringMatching(/^2;email;/)]);
    if (postgres) expect(await imported()).toBe(1);
  }, 120_000);
});
