// The set-based import is the per-line import, faster (docs/decisions/0076-bulk-import.md
// « Performance »): the same files imported both ways, each into a database of its own (copies
// of one template), give the same outcome for every line (created, updated, unchanged, or the
// same refusals) and the same rows in every table an import writes, ids and timestamps aside;
// the accounts whose policy data got a new version (the portal's next read sees the change,
// migration 0018) are the same too. Files: a generated one (one line in ten refused), the same
// again (nothing changes), updates and refusals by a rule, lines whose order decides.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client';
import { IMPORT_KINDS } from '../../../src/services/import/import-kinds';
import { readImportFile } from '../../../src/services/import/read-lines';
import { runImport, type Refusal } from '../../../src/services/import/run-import';
import { BACKENDS } from '../../support/backends';
import {
  dataVersions,
  MIXED_LINES,
  ORDERED_FILES,
  tableRows,
} from '../../support/import-equivalence';
import { writeImportFile } from '../../support/import';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

const WAYS = ['set-based', 'per-line'] as const;

async function importBoth(databases: Db[], file: string) {
  return Promise.all(
    WAYS.map(async (way, i) => {
      const db = databases[i]!;
      const before = await dataVersions(db);
      const refusals: Refusal[] = [];
      const { lines } = readImportFile(file, 'ndjson', (kind) => IMPORT_KINDS[kind]?.schema);
      const totals = await runImport(db, lines, { refused: (r) => void refusals.push(...r), way });
      const after = await dataVersions(db);
      const versioned = [...after].filter(([customer, v]) => before.get(customer) !== v);
      refusals.sort((a, b) => a.line - b.line || a.field.localeCompare(b.field));
      return { totals, refusals, versioned: versioned.map(([customer]) => customer).sort() };
    }),
  );
}

describe.each(BACKENDS)('the set-based import on %s', (backend) => {
  let folder: string;
  const databases: TestDatabase[] = [];
  const dbs = () => databases.map((d) => d.handle.db);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'espace-import-equivalence-'));
    for (const _way of WAYS) databases.push(await createTestDatabase(backend));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
    await rm(folder, { recursive: true, force: true });
  });

  it('gives each line the outcome and each table the rows of the per-line import', async () => {
    const generated = path.join(folder, 'portefeuille.ndjson');
    await writeImportFile(generated, 1_300);
    const files = [generated, generated];
    for (const [name, lines] of Object.entries({ mixed: MIXED_LINES, ...ORDERED_FILES })) {
      const file = path.join(folder, `${name}.ndjson`);
      await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n'));
      files.push(file);
    }
    const steps = [];
    for (const file of files) {
      const [setBased, perLine] = await importBoth(dbs(), file);
      expect(setBased, path.basename(file)).toEqual(perLine);
      steps.push(setBased!.totals);
    }
    // The steps did what they say: a first import, nothing again, then updates and refusals.
    expect(steps[0]).toMatchObject({ created: 1_170, refused: 130 });
    expect(steps[1]).toMatchObject({ created: 0, updated: 0, unchanged: 1_170 });
    expect(steps[2]).toMatchObject({ created: 4, updated: 2, unchanged: 1, refused: 4 });
    expect(steps.slice(3)).toMatchObject([
      { created: 1, refused: 1 },
      { created: 1, updated: 1 },
      { created: 1, updated: 1 },
    ]);
    const [setRows, lineRows] = await Promise.all(dbs().map(tableRows));
    for (const table of Object.keys(lineRows!))
      expect(setRows![table], table).toEqual(lineRows![table]);
  }, 300_000);
});
