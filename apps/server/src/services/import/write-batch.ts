// A batch of import lines written in one transaction (docs/decisions/0076-bulk-import.md
// « Performance »): set-based by default (set-batch.ts), or per line, each record through its
// integration service in its own savepoint (write-one.ts). Enforces:
// - a kill before the commit leaves none of the batch's records, after it all of them, each
//   whole;
// - a record a rule refuses rolls back alone: nothing of it stays, the batch's other records
//   are written, and its line is reported;
// - a batch the set-based way cannot write with the per-line outcome (NeedsPerLine), or that
//   the database refuses as a whole (a constraint no check foresaw: SQLSTATE classes 22 and 23),
//   is rolled back and written again per line, where each refusal is its line's;
// - a deadlock or a serialization failure between two batches running side by side on
//   PostgreSQL (two contracts of one customer touch the same version row, migration 0018)
//   rolls the batch back and runs it again: its records' outcomes are those of the last run;
// - any other error rolls the whole batch back and is raised (the import stops; a rerun
//   finishes it).
import type { Db } from '../../db/client';
import type { PreparedLine } from './import-line';
import { writeSetBased } from './set-batch';
import { NeedsPerLine } from './set-customers';
import { writeOne, type Outcome } from './write-one';

export type { Outcome } from './write-one';

const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? String((err as { code?: unknown }).code) : '';

async function writePerLine(trx: Db, batch: readonly PreparedLine[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const item of batch) outcomes.push(await writeOne(trx, item));
  return outcomes;
}

async function inTransaction(db: Db, work: (trx: Db) => Promise<Outcome[]>): Promise<Outcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !RETRIED_CODES.has(codeOf(err))) throw err;
    }
  }
}

/** Writes the batch's lines in one transaction; the outcome of each line, in its order. */
export async function writeBatch(
  db: Db,
  batch: readonly PreparedLine[],
  way: 'set-based' | 'per-line' = 'set-based',
): Promise<Outcome[]> {
  if (batch.every((item) => 'refusals' in item)) return writePerLine(db, batch);
  if (way === 'set-based') {
    try {
      return await inTransaction(db, (trx) => writeSetBased(trx, batch));
    } catch (err) {
      if (!(err instanceof NeedsPerLine) && !/^2[23]/.test(codeOf(err))) throw err;
    }
  }
  return inTransaction(db, (trx) => writePerLine(trx, batch));
}
