// The bulk import (docs/decisions/0076-bulk-import.md, docs/integration.md « Import »).
// Enforces:
// - every line is checked with the integration API's record schema (import-line.ts, outside
//   any transaction); the lines go by batches of about IMPORT_BATCH in one transaction,
//   written set-based with the outcome of the integration's upsert services, or through them
//   line by line (write-batch.ts): a kill leaves each record whole or absent (a batch not yet
//   committed is absent as a whole), and a rerun writes nothing twice (the same record again
//   changes nothing, records.ts);
// - a refused line changes nothing (a refusal by a rule rolls back its savepoint only) and is
//   reported with its number, the field and the reason, once its batch is committed;
// - memory stays flat: lines are pulled from the stream only while fewer than
//   IMPORT_CONCURRENCY batches are in flight, and refusals go straight to the report;
// - order where it matters: a line that follows a record of the batch being filled (its own
//   record again, the customer of its contract, the contract of its document) stays in that
//   batch, written after it; a batch whose lines follow records of batches still in flight
//   starts its transaction only once those are committed;
// - `--invite`: each customer written who has no password and no valid link gets one
//   (services/account/invitation.ts, pending links kept: a rerun mails nobody twice), once
//   the batch that wrote the customer is committed.
import type { Db } from '../../db/client';
import { prepareLine, type PreparedLine, type Refusal } from './import-line';
import type { ImportLine } from './read-lines';
import { writeBatch, type Outcome } from './write-batch';

export type { Refusal } from './import-line';

/**
 * Lines a transaction: one commit and one statement per table for many records (set-batch.ts);
 * a batch written per line (its fallback) takes a savepoint a record, past PostgreSQL's 64
 * subtransactions kept in memory, which slows that batch only.
 */
export const IMPORT_BATCH = 500;
/** How far a batch grows past IMPORT_BATCH to keep the lines following its records. */
const BATCH_STRETCH = 50;
/** Batches in flight: side by side on PostgreSQL, queued in the embedded database's worker. */
export const IMPORT_CONCURRENCY = 4;

export interface ImportTotals {
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  invited: number;
}

export interface ImportOptions {
  /** Called for each refused line, in the order lines finish. */
  refused(refusals: Refusal[]): Promise<void> | void;
  /** Called once a line is done (a progress bar). */
  progress?(totals: ImportTotals): void;
  /** Invites the customer of this account; says whether a mail left. */
  invite?(accountId: string): Promise<boolean>;
  concurrency?: number;
  /** Per line: each record through its integration service (the equivalence test's reference). */
  way?: 'set-based' | 'per-line';
}

interface Batch {
  items: PreparedLine[];
  /** The records its lines write. */
  keys: Set<string>;
  /** The batches in flight it must follow (their commit). */
  waits: Set<Promise<void>>;
  done: Promise<void>;
  release(): void;
}

function newBatch(): Batch {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { items: [], keys: new Set(), waits: new Set(), done, release };
}

/** The lines of a committed batch that wrote a customer, and whether each got an invitation. */
async function inviteCustomers(
  db: Db,
  batch: Batch,
  outcomes: Outcome[],
  invite: NonNullable<ImportOptions['invite']>,
): Promise<number> {
  const customers = batch.items.flatMap((item, i) =>
    'kindName' in item && item.kindName === 'customer' && typeof outcomes[i] === 'string'
      ? [item.keys.customerNumber!]
      : [],
  );
  if (!customers.length) return 0;
  const accounts = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', 'in', customers)
    .execute();
  let invited = 0;
  for (const account of accounts) if (await invite(account.id)) invited++;
  return invited;
}

/** Reads every line of `lines`, writes what is valid, reports the rest; returns the totals. */
export async function runImport(
  db: Db,
  lines: AsyncIterable<ImportLine>,
  options: ImportOptions,
): Promise<ImportTotals> {
  const totals: ImportTotals = {
    lines: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    invited: 0,
  };
  const concurrency = options.concurrency ?? IMPORT_CONCURRENCY;
  const inFlight = new Set<Promise<void>>();
  /** The batch in flight (or being filled) that last wrote each record key. */
  const latest = new Map<string, Promise<void>>();
  let failure: Error | undefined;

  const write = async (batch: Batch) => {
    await Promise.all(batch.waits);
    if (failure) return;
    const outcomes = await writeBatch(db, batch.items, options.way);
    if (options.invite)
      totals.invited += await inviteCustomers(db, batch, outcomes, options.invite);
    for (const outcome of outcomes) {
      totals.lines++;
      if (typeof outcome === 'string') totals[outcome]++;
      else {
        totals.refused++;
        await options.refused(outcome);
      }
      options.progress?.(totals);
    }
  };
  const launch = (batch: Batch) => {
    const task = write(batch)
      .catch((err: unknown) => {
        failure ??= err instanceof Error ? err : new Error(String(err));
      })
      .finally(() => {
        batch.release();
        for (const key of batch.keys) if (latest.get(key) === batch.done) latest.delete(key);
        inFlight.delete(task);
      });
    inFlight.add(task);
  };

  let batch = newBatch();
  for await (const item of lines) {
    const line = prepareLine(item);
    const chain = 'chain' in line ? line.chain : [];
    const follows = chain.some((key) => batch.keys.has(key));
    const full = batch.items.length >= IMPORT_BATCH + (follows ? BATCH_STRETCH : 0);
    if (full) {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      if (failure) break;
      launch(batch);
      batch = newBatch();
    }
    batch.items.push(line);
    for (const key of chain) {
      const wait = latest.get(key);
      if (wait && wait !== batch.done) batch.waits.add(wait);
    }
    if (chain[0]) {
      batch.keys.add(chain[0]);
      latest.set(chain[0], batch.done);
    }
  }
  if (!failure && batch.items.length) {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    launch(batch);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  return totals;
}
