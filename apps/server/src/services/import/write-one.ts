// One import line written through its integration service inside the batch's transaction, in
// a savepoint of its own (docs/decisions/0076-bulk-import.md): a record a rule refuses (an
// unknown customer, an e-mail taken…) rolls back to its savepoint only, so nothing of it stays
// and the batch's other records are written; any other error is raised.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { DomainError } from '../errors';
import { domainRefusals, type PreparedLine, type Refusal } from './import-line';

export type Outcome = 'created' | 'updated' | 'unchanged' | Refusal[];

export async function writeOne(trx: Db, item: PreparedLine): Promise<Outcome> {
  if ('refusals' in item) return item.refusals;
  await sql`savepoint import_record`.execute(trx);
  try {
    // Not released: the next record's savepoint nests in this one (one statement less a
    // record); a rollback goes back to the latest of the name, this record's only.
    const result = await item.kind.upsert(trx, item.keys, item.data as never);
    return result.created ? 'created' : result.changed ? 'updated' : 'unchanged';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    await sql`rollback to savepoint import_record`.execute(trx);
    return domainRefusals(item.line, err);
  }
}
