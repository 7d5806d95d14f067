// The version and fingerprint of each record the broker's systems write (migration 0026,
// docs/decisions/0071-integration-records.md). Enforces, for every write of the integration
// API and of the demo seed:
// - one transaction per record: the record's row is locked first (created as version 0 when
//   new, so two writers of a new record queue on it), the record applied, its version stored;
//   a refusal rolls everything back;
// - an If-Match naming another version than the stored one (or any version of a record that
//   does not exist) is refused before anything is written (412);
// - the same record sent again (same SHA-256 of its parsed form) changes nothing and keeps its
//   version, so the customer's kept answers (docs/decisions/0019-kept-answers.md) stay valid.
// The policies read sees every change at its next read on every instance: the tables it reads
// carry the triggers that draw a new version of the account's data (migration 0018).
import { createHash } from 'node:crypto';
import { INTEGRATION_MESSAGES, type WriteResult } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { PreconditionFailedError } from '../errors';

export type RecordKind = 'customer' | 'contract' | 'owed-document' | 'document';

/** An If-Match header as the route read it: a version, '*' (any existing version), or none. */
export type IfMatch = number | '*' | undefined;

/** A stable SHA-256 of a parsed record: keys sorted, so their order in the body does not count. */
export function recordSha256(value: unknown): string {
  const canonical = JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** Runs `work` in a transaction, or in the caller's (the seed writes all its records in one). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The stored version of a record, or undefined when there is none. */
export async function recordVersion(
  db: Db,
  kind: RecordKind,
  key: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('integration_records')
    .select('version')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && row.version > 0 ? row.version : undefined;
}

export function checkIfMatch(current: number | undefined, ifMatch: IfMatch): void {
  if (ifMatch === undefined) return;
  if (current === undefined || (ifMatch !== '*' && ifMatch !== current))
    throw new PreconditionFailedError(INTEGRATION_MESSAGES.versionMismatch);
}

const lockedRow = (trx: Db, kind: RecordKind, key: string) =>
  trx
    .selectFrom('integration_records')
    .select(['version', 'sha256'])
    .where('kind', '=', kind)
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();

/**
 * Locks the record's row, first creating it as version 0 when new (so two writers of a new
 * record queue on it). One statement for a record already known (a rerun of an import), two
 * for a new one; a third only when another writer created it between the two.
 */
async function lockRecord(trx: Db, kind: RecordKind, key: string) {
  const found = await lockedRow(trx, kind, key);
  if (found) return found;
  const created = await trx
    .insertInto('integration_records')
    .values({ kind, key, version: 0, sha256: '' })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning(['version', 'sha256'])
    .executeTakeFirst();
  return created ?? (await lockedRow(trx, kind, key))!;
}

/**
 * Writes one record in its own transaction: locks its row, checks If-Match, skips a record
 * identical to the last one applied, else applies it and stores the next version.
 * `apply` gets the transaction and whether the record existed.
 */
export function writeRecord(
  db: Db,
  target: { kind: RecordKind; key: string; sha256: string; ifMatch: IfMatch },
  apply: (trx: Db, existed: boolean) => Promise<void>,
): Promise<WriteResult> {
  const { kind, key, sha256, ifMatch } = target;
  return inTransaction(db, async (trx) => {
    const row = await lockRecord(trx, kind, key);
    const existed = row.version > 0;
    checkIfMatch(existed ? row.version : undefined, ifMatch);
    if (existed && row.sha256 === sha256)
      return { changed: false, created: false, version: row.version };
    await apply(trx, existed);
    const version = row.version + 1;
    await trx
      .updateTable('integration_records')
      .set({ version, sha256, updated_at: new Date() })
      .where('kind', '=', kind)
      .where('key', '=', key)
      .execute();
    return { changed: true, created: !existed, version };
  });
}

/**
 * Removes a record in its own transaction: checks If-Match, runs `remove` (which raises
 * NotFoundError when there is nothing to remove) and forgets the record's version.
 */
export function removeRecord(
  db: Db,
  target: { kind: RecordKind; key: string; ifMatch: IfMatch },
  remove: (trx: Db) => Promise<void>,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('integration_records')
      .select('version')
      .where('kind', '=', target.kind)
      .where('key', '=', target.key)
      .forUpdate()
      .executeTakeFirst();
    checkIfMatch(row && row.version > 0 ? row.version : undefined, target.ifMatch);
    await remove(trx);
    await trx
      .deleteFrom('integration_records')
      .where('kind', '=', target.kind)
      .where('key', '=', target.key)
      .execute();
  });
}

/** Forgets the versions of a contract's documents (the contract is being removed). */
export async function forgetContractDocuments(trx: Db, contractNumber: string): Promise<void> {
  await trx
    .deleteFrom('integration_records')
    .where('kind', 'in', ['owed-document', 'document'])
    .where(sql<boolean>`starts_with(key, ${`${contractNumber}/`})`)
    .execute();
}

export const documentKey = (contractNumber: string, documentId: string) =>
  `${contractNumber}/${documentId}`;
