// The bulk import (docs/decisions/0076-bulk-import.md, docs/integration.md « Import »).
// Enforces:
// - every line is checked with the integration API's record schema and written through its
//   upsert service, one transaction per record: a kill leaves each record whole or absent, and
//   a rerun writes nothing twice (the same record again changes nothing, records.ts);
// - a refused line changes nothing and is reported with its number, the field and the reason;
// - memory stays flat: lines are pulled from the stream only when one of IMPORT_CONCURRENCY
//   slots is free, and refusals go straight to the report;
// - order where it matters: a line waits for the lines still in flight that write the same
//   record, or the customer of its contract, or the contract of its document;
// - `--invite`: each customer written who has no password and no valid link gets one
//   (services/account/invitation.ts, pending links kept: a rerun mails nobody twice).
import { recordIdField } from '@espace/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { DomainError } from '../errors';
import { IMPORT_KINDS, IMPORT_MESSAGES } from './import-kinds';
import type { ImportLine } from './read-lines';

export const IMPORT_CONCURRENCY = 8;

export interface Refusal {
  line: number;
  field: string;
  reason: string;
}

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
}

type Outcome = 'created' | 'updated' | 'unchanged' | Refusal[];

const issues = (line: number, error: z.ZodError, prefix: string[] = []): Refusal[] =>
  error.issues.map((issue) => ({
    line,
    field: [...prefix, ...issue.path.map(String)].join('.'),
    reason: issue.message,
  }));

async function applyLine(
  db: Db,
  item: ImportLine,
  after: (chain: string[]) => Promise<void>,
  invite: ImportOptions['invite'],
): Promise<{ outcome: Outcome; invited: boolean }> {
  const { line } = item;
  if ('unreadable' in item)
    return { outcome: [{ line, field: '', reason: item.unreadable }], invited: false };
  const { kind: kindName, ...rest } = item.value;
  const kind = typeof kindName === 'string' ? IMPORT_KINDS[kindName] : undefined;
  if (!kind)
    return { outcome: [{ line, field: 'kind', reason: IMPORT_MESSAGES.kind }], invited: false };
  const keys: Record<string, string> = {};
  const refusals: Refusal[] = [];
  for (const name of kind.keys) {
    const parsed = recordIdField.safeParse(rest[name]);
    if (parsed.success) keys[name] = parsed.data;
    else refusals.push(...issues(line, parsed.error, [name]));
    delete rest[name];
  }
  const record = kind.schema.safeParse(rest);
  if (!record.success) refusals.push(...issues(line, record.error));
  if (refusals.length || !record.success) return { outcome: refusals, invited: false };
  const data = record.data as Record<string, unknown>;
  await after(kind.chain(keys, data));
  let result;
  try {
    result = await kind.upsert(db, keys, data as never);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const fields = Object.entries(err.fields ?? {});
    const outcome = fields.length
      ? fields.map(([field, reason]) => ({ line, field, reason: String(reason) }))
      : [{ line, field: '', reason: err.message }];
    return { outcome, invited: false };
  }
  const outcome = result.created ? 'created' : result.changed ? 'updated' : 'unchanged';
  let invited = false;
  if (invite && kindName === 'customer') {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('customer_id', '=', keys.customerNumber!)
      .executeTakeFirstOrThrow();
    invited = await invite(account.id);
  }
  return { outcome, invited };
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
  /** The latest line in flight of each record key. */
  const latest = new Map<string, Promise<void>>();
  let failure: Error | undefined;

  for await (const item of lines) {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) break;
    let registered: string | undefined;
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const after = async (chain: string[]) => {
      const waits = chain.map((key) => latest.get(key)).filter((p) => p !== undefined);
      registered = chain[0]!;
      latest.set(registered, done);
      await Promise.all(waits);
    };
    const task = applyLine(db, item, after, options.invite)
      .then(async ({ outcome, invited }) => {
        totals.lines++;
        if (invited) totals.invited++;
        if (typeof outcome === 'string') totals[outcome]++;
        else {
          totals.refused++;
          await options.refused(outcome);
        }
        options.progress?.(totals);
      })
      .catch((err: unknown) => {
        failure ??= err instanceof Error ? err : new Error(String(err));
      })
      .finally(() => {
        release();
        if (registered && latest.get(registered) === done) latest.delete(registered);
        inFlight.delete(task);
      });
    inFlight.add(task);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  return totals;
}
