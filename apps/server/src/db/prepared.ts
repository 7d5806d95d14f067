// A hot statement compiled by Kysely once per database, then run with new parameters: the reads
// every screen starts with pay neither Kysely's query building nor its compilation on each call
// (some 20 µs a statement, docs/decisions/0068-api-reads-one-statement.md). The statement's text
// never changes, so PostgreSQL plans it once per connection (db/client.ts names it) and PGlite's
// worker prepares it once (0005).
// Contract: `build` uses its arguments only as SQL parameters (`${arg}` in a sql template),
// never in JavaScript (no arithmetic, no branching on them); anything else it puts in the SQL
// is the same on every call.
//
// `memo: true` (a read only): where this process is its database's sole writer (PGlite,
// db/sole-writer.ts), the result of a call is given again to a call with the same arguments while
// no statement that may write has been sent since, for MEMO_MAX_AGE_MS at most, so that a read
// whose SQL compares with the clock (`now()`, a session's expiry) is at most that late. Callers
// must not change the rows they get. On PostgreSQL, or a transaction, every call runs.
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import { soleWriterOf } from './sole-writer';

/** How long a memoised result may be given again at the most. */
export const MEMO_MAX_AGE_MS = 1000;
/** Results memoised per statement and database at the most (one per account and session). */
const MEMO_MAX_ENTRIES = 10_000;

interface Memoised {
  generation: number;
  at: number;
  result: Promise<QueryResult<unknown>>;
}

interface Plan {
  sql: string;
  /** Per parameter of the compiled SQL: the index of the argument it is, or a constant. */
  slots: ({ arg: number } | { value: unknown })[];
}

export function prepared<Args extends unknown[], Row>(
  build: (...args: Args) => RawBuilder<Row>,
  options: { memo?: boolean } = {},
): <DB>(db: Kysely<DB>, ...args: Args) => Promise<QueryResult<Row>> {
  const plans = new WeakMap<object, Plan>();
  const memos = new WeakMap<object, Map<string, Memoised>>();
  const planFor = (db: Kysely<unknown>, arity: number): Plan => {
    let plan = plans.get(db);
    if (plan) return plan;
    // Each argument compiled as a marker object, recognised by identity among the parameters.
    const markers = Array.from({ length: arity }, () => ({}));
    const compiled = build(...(markers as Args)).compile(db);
    plan = {
      sql: compiled.sql,
      slots: compiled.parameters.map((value) => {
        const arg = markers.indexOf(value as object);
        return arg >= 0 ? { arg } : { value };
      }),
    };
    if (markers.some((marker) => !compiled.parameters.includes(marker)))
      throw new Error('prepared: every argument must be a parameter of the statement');
    plans.set(db, plan);
    return plan;
  };
  const run = <DB>(db: Kysely<DB>, args: Args) => {
    const plan = planFor(db as Kysely<unknown>, args.length);
    const parameters = plan.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const query: CompiledQuery<Row> = CompiledQuery.raw(plan.sql, parameters);
    return db.executeQuery(query);
  };
  if (!options.memo) return (db, ...args) => run(db, args);
  return (db, ...args) => {
    const generations = soleWriterOf(db);
    if (!generations) return run(db, args);
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = new Map()));
    const key = JSON.stringify(args);
    const now = performance.now();
    const kept = memo.get(key);
    if (kept && kept.generation === generations.current && now - kept.at < MEMO_MAX_AGE_MS)
      return kept.result as Promise<QueryResult<Row>>;
    // Kept only if no write was sent while it ran: then it is what the database holds now.
    const generation = generations.current;
    const result = run(db, args);
    result.then(
      () => {
        if (generations.current !== generation) return;
        if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
        memo.set(key, { generation, at: now, result });
      },
      () => undefined,
    );
    return result;
  };
}
