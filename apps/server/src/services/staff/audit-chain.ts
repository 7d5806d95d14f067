// The journal's chain (docs/console.md « Journal »,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md): every staff_audit row
// carries its place (`seq`), the hash of the row before it (`prev_hash`) and its own `hash`, set
// by the database's trigger under the lock of `staff_audit_head` (migration 0034). Enforces, in
// `verifyJournal`:
// - each row's hash is recomputed from its fields with this module's own copy of the canonical
//   text (not the trigger's function, which an administrator could replace): a row edited behind
//   the server's back (its trigger disabled) no longer matches;
// - the places run 1, 2, 3… with no gap and each `prev_hash` is the hash of the row before: a
//   row removed or slipped in shows; a row without a place was inserted with the trigger off;
// - the last row is the head's: rows removed at the end show;
// - read in batches by `seq` (a short statement each: PGlite's one connection is never held for
//   the whole journal); the first broken row is answered, with why.
// Whoever can rewrite every row from the edited one to the head can hide an edit from this check:
// the head it prints (`seq` and `hash`), kept outside the database, catches that (`anchor`).
import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** The `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);
/** Rows a statement reads: some 0.1 s of PGlite's one connection (docs/operations.md). */
const BATCH = 2_000;

export type ChainBreak =
  /** The row's fields no longer give its hash: it was changed. */
  | 'altered'
  /** A place is missing or the row does not follow the one before: a row removed or added. */
  | 'unlinked'
  /** A row without a place or hash: inserted with the chaining trigger disabled. */
  | 'unchained'
  /** The last row is not the head's (rows removed at the end, or the head changed). */
  | 'head'
  /** The anchor's row (a head kept outside, an earlier check's) no longer has the hash kept outside the database. */
  | 'anchor';

export interface JournalCheck {
  intact: boolean;
  /** Rows read. */
  entries: number;
  /** The last row's place and hash: what to keep outside the database. */
  head: { seq: string; hash: string } | null;
  /** The first row found broken, and why. */
  broken?: { id: string | null; seq: string | null; at: string | null; reason: ChainBreak };
}

/** `v` as `<UTF-8 length>:<v>`, '~' for null: the same text as migration 0034's function. */
const part = (v: ReturnType<typeof sql>) =>
  sql`coalesce(octet_length(${v})::text || ':' || ${v}, '~')`;
const utc = sql`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const canonical = sql.join(
  [
    part(sql`seq::text`),
    part(utc),
    ...[
      'staff_id',
      'staff_email',
      'action',
      'target_kind',
      'target_id',
      'account_id',
      'address',
      'user_agent',
    ].map((column) => part(sql.ref(column))),
    part(sql`details::text`),
    part(sql`prev_hash`),
  ],
  sql` || `,
);

/** A row as read (int8 comes as a number from PGlite, a string from PostgreSQL). */
interface ChainRow {
  id: string | number;
  seq: string | number;
  at: Date;
  prev_hash: string | null;
  hash: string | null;
  expected: string;
}

const where = (row: { id: unknown; seq: unknown; at: unknown }) => ({
  id: String(row.id),
  seq: row.seq === null ? null : String(row.seq),
  at: row.at ? new Date(row.at as string).toISOString() : null,
});

/** A row's place and hash, kept outside the database or from an earlier check. */
export interface ChainAnchor {
  seq: string;
  hash: string;
}

const chainRows = (after: bigint, limit: number) => sql<ChainRow>`
  select id, seq, at, prev_hash, hash,
    encode(sha256(convert_to(${canonical}, 'UTF8')), 'hex') as expected
  from staff_audit where seq > ${String(after)} order by seq limit ${limit}`;

/**
 * Verifies the chain from its first row, or, `incremental`, from `anchor` on (an earlier check's
 * head: that row must still be as it was). `anchor` alone (kept outside the database) must be in
 * the chain as it was.
 */
export async function verifyJournal(
  db: Db,
  options: { anchor?: ChainAnchor; incremental?: boolean } = {},
): Promise<JournalCheck> {
  const { anchor } = options;
  const head = await db.selectFrom('staff_audit_head').select(['seq', 'hash']).executeTakeFirst();
  const headOf = head ? { seq: String(head.seq), hash: head.hash } : null;
  let entries = 0;
  const fail = (reason: ChainBreak, row: { id: unknown; seq: unknown; at: unknown } | null) => ({
    intact: false,
    entries,
    head: headOf,
    broken: { ...(row ? where(row) : { id: null, seq: null, at: null }), reason },
  });
  let previous = { seq: 0n, hash: GENESIS_HASH };
  let afterId = '0';
  // Seq 0 is the empty journal's head: nothing to find, the chain starts at the genesis.
  if (options.incremental && anchor && anchor.seq !== '0') {
    const [row] = (await chainRows(BigInt(anchor.seq) - 1n, 1).execute(db)).rows;
    if (!row || String(row.seq) !== anchor.seq) return fail('anchor', null);
    if (row.hash !== anchor.hash || row.expected !== row.hash) return fail('anchor', row);
    previous = { seq: BigInt(anchor.seq), hash: anchor.hash };
    afterId = String(row.id);
  }
  const loose = await db
    .selectFrom('staff_audit')
    .select(['id', 'seq', 'at'])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('seq', 'is', null), eb('hash', 'is', null)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (loose) return fail('unchained', loose);
  for (;;) {
    const { rows } = await chainRows(previous.seq, BATCH).execute(db);
    for (const row of rows) {
      entries++;
      const seq = BigInt(row.seq);
      if (seq !== previous.seq + 1n || row.prev_hash !== previous.hash)
        return fail('unlinked', row);
      if (row.hash !== row.expected) return fail('altered', row);
      if (anchor && String(seq) === anchor.seq && row.hash !== anchor.hash)
        return fail('anchor', row);
      previous = { seq, hash: row.hash };
    }
    if (rows.length < BATCH) break;
  }
  if (!headOf || headOf.seq !== String(previous.seq) || headOf.hash !== previous.hash)
    return fail('head', null);
  if (anchor && BigInt(anchor.seq) > previous.seq) return fail('anchor', null);
  return { intact: true, entries, head: headOf };
}
