// A batch of import lines written in one transaction, each record in its own savepoint
// (docs/decisions/0076-bulk-import.md « Performance »). Enforces:
// - a kill before the commit leaves none of the batch's records, after it all of them, each
//   whole (the integration services' writes, records.ts);
// - a record a rule refuses (an unknown customer, an e-mail taken…) rolls back to its
//   savepoint only: nothing of it stays, the batch's other records are written;
// - any other error rolls the whole batch back and is raised (the import stops; a rerun
//   finishes it);
// - a deadlock or a serialization failure between two batches running side by side on
//   PostgreSQL (two contracts of one customer touch the same version row, migration 0018)
//   rolls the batch back and runs it again: its records' outcomes are those of the last run.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { DomainError } from '../errors';
import { domainRefusals, type PreparedLine, type Refusal } from './import-line';

export type Outcome = 'created' | 'updated' | 'unchanged' | Refusal[];

const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

const retried = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  RETRIED_CODES.has(String((err as { code?: unknown }).code));

async function writeInTransaction(trx: Db, batch: readonly PreparedLine[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const item of batch) {
    if ('refusals' in item) {
      outcomes.push(item.refusals);
      continue;
    }
    await sql`savepoint import_record`.execute(trx);
    try {
      // Not released: the next record's savepoint nests in this one (one statement less a
      // record); a rollback goes back to the latest of the name, this record's only.
      const result = await item.kind.upsert(trx, item.keys, item.data as never);
      outcomes.push(result.created ? 'created' : result.changed ? 'updated' : 'unchanged');
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await sql`rollback to savepoint import_record`.execute(trx);
      outcomes.push(domainRefusals(item.line, err));
    }
  }
  return outcomes;
}

/** Writes the batch's lines in one transaction; the outcome of each line, in its order. */
export async function writeBatch(db: Db, batch: readonly PreparedLine[]): Promise<Outcome[]> {
  if (batch.every((item) => 'refusals' in item)) return writeInTransaction(db, batch);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => writeInTransaction(trx, batch));
    } catch (err) {
      if (attempt >= ATTEMPTS || !retried(err)) throw err;
    }
  }
}
