// The versions of the records a set-based import batch writes (docs/decisions/0076-bulk-
// import.md « Performance »), as services/integration/records.ts keeps them for one record, a
// few statements for the whole batch. Enforces: the batch's records are locked in one order
// (kind, key), each created as version 0 when new, before anything is read or written; a
// record whose SHA-256 is the stored one is unchanged (no write, same version); a written record
// gets the next version and its SHA-256; a row left at version 0 (its record refused) is removed
// before the commit, as a refused single write leaves none.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { RecordKind } from '../integration/records';

export interface RecordRef {
  kind: RecordKind;
  key: string;
}

export interface LockedRecord extends RecordRef {
  version: number;
  sha256: string;
}

const idOf = (r: RecordRef) => `${r.kind}\u0000${r.key}`;

const tuples = (refs: readonly RecordRef[]) =>
  sql.join(refs.map((r) => sql`(${r.kind}, ${r.key})`));

/** Locks the records (creating the new ones as version 0); each one's version and SHA-256. */
export async function lockRecords(
  trx: Db,
  refs: readonly RecordRef[],
): Promise<Map<string, LockedRecord>> {
  const locked = new Map<string, LockedRecord>();
  if (!refs.length) return locked;
  const sorted = [...refs].sort((a, b) => (idOf(a) < idOf(b) ? -1 : 1));
  await trx
    .insertInto('integration_records')
    .values(sorted.map((r) => ({ kind: r.kind, key: r.key, version: 0, sha256: '' })))
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
  const { rows } = await sql<LockedRecord>`
    select kind, key, version, sha256 from integration_records
    where (kind, key) in (${tuples(sorted)})
    order by kind, key
    for update`.execute(trx);
  for (const row of rows) locked.set(idOf(row), row);
  return locked;
}

export const lockedOf = (locked: Map<string, LockedRecord>, ref: RecordRef) =>
  locked.get(idOf(ref))!;

/** Stores the next version and the SHA-256 of each record written. */
export async function bumpVersions(
  trx: Db,
  written: readonly (RecordRef & { sha256: string })[],
): Promise<void> {
  if (!written.length) return;
  const values = sql.join(written.map((w) => sql`(${w.kind}, ${w.key}, ${w.sha256})`));
  await sql`
    update integration_records r
    set version = r.version + 1, sha256 = v.sha256, updated_at = now()
    from (values ${values}) as v(kind, key, sha256)
    where r.kind = v.kind and r.key = v.key`.execute(trx);
}

/** Removes the rows of these records still at version 0 (created here, their record refused). */
export async function dropUnwritten(trx: Db, refs: readonly RecordRef[]): Promise<void> {
  if (!refs.length) return;
  await sql`
    delete from integration_records
    where version = 0 and (kind, key) in (${tuples(refs)})`.execute(trx);
}
