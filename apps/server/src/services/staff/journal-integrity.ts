// What the console says of the journal's chain (docs/console.md « Journal »): the whole chain
// is read at most every JOURNAL_FULL_CHECK_MINUTES per instance (on a supervisor's visit to the
// journal, or by the hourly check, which also writes an error in the log when it is broken);
// between two full reads, a visit checks only the rows added since the last one, from that
// check's head, whose row must still be as it was. Reading the whole chain costs some 15 µs a
// row on PostgreSQL and 30 on PGlite (docs/operations.md): a million rows is 15 to 30 s, too
// long for every page. An edit of an old row made behind the server's back shows at the next
// full read; rows added or removed at the end, at once.
import type { AuditIntegrity } from '@espace/contract';
import type { Db } from '../../db/client';
import { verifyJournal, type JournalCheck } from './audit-chain';

export const JOURNAL_FULL_CHECK_MINUTES = 10;
const HOURLY = 3_600_000;

interface Kept {
  /** When the whole chain was last read. */
  fullAt: number;
  check: JournalCheck;
}

/** The last check of each database this process serves. */
const kept = new WeakMap<Db, Kept>();
/** A full read under way, shared by whoever asks meanwhile. */
const reading = new WeakMap<Db, Promise<Kept>>();

function fullCheck(db: Db): Promise<Kept> {
  let running = reading.get(db);
  if (!running) {
    const started = Date.now();
    running = verifyJournal(db)
      .then((check) => {
        const result = { fullAt: started, check };
        kept.set(db, result);
        return result;
      })
      .finally(() => reading.delete(db));
    reading.set(db, running);
  }
  return running;
}

const answer = ({ fullAt, check }: Kept): AuditIntegrity => ({
  intact: check.intact,
  checkedAt: new Date(fullAt).toISOString(),
  broken: check.broken
    ? { seq: check.broken.seq, at: check.broken.at, reason: check.broken.reason }
    : null,
});

/** The chain's state for the console: a full read when the last is old, else the new rows. */
export async function journalIntegrity(db: Db, now = Date.now()): Promise<AuditIntegrity> {
  const last = kept.get(db);
  const fresh = last && now - last.fullAt < JOURNAL_FULL_CHECK_MINUTES * 60_000;
  if (!last || !fresh) return answer(await fullCheck(db));
  // Broken stays broken until the next full read; an empty journal has no head to start from.
  if (!last.check.intact || !last.check.head) return answer(last);
  const since = await verifyJournal(db, { anchor: last.check.head, incremental: true });
  const next = { fullAt: last.fullAt, check: { ...since, entries: last.check.entries } };
  kept.set(db, next);
  return answer(next);
}

export interface JournalLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * One full read: a broken chain is an error in the log; an intact one logs its head (its place
 * and hash), the outside anchor that `verify-journal --expect SEQ:HASH` holds the chain to later,
 * so that a chain rewritten and recomputed from an edited row up to a new head is caught
 * (docs/decisions/0139-the-journal-beyond-the-application-s-reach.md).
 */
export async function checkJournal(db: Db, log: JournalLog): Promise<void> {
  const { check } = await fullCheck(db);
  if (!check.intact)
    log.error({ journal: check.broken }, 'staff journal: hash chain broken (verify-journal)');
  else if (check.head)
    log.info(
      { journalHead: `${check.head.seq}:${check.head.hash}` },
      'staff journal head: keep it outside the database (verify-journal --expect SEQ:HASH)',
    );
}

/** The hourly full read of every instance (checkJournal). Stops itself. */
export function scheduleJournalChecks(db: Db, log: JournalLog): () => void {
  const run = () => checkJournal(db, log);
  const timer = setInterval(() => void run().catch(() => undefined), HOURLY).unref();
  return () => clearInterval(timer);
}
