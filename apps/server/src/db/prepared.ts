// A hot statement compiled by Kysely once per database, then run with new parameters: the reads
// every screen starts with pay neither Kysely's query building nor its compilation on each call
// (some 20 µs a statement, docs/decisions/0068-api-reads-one-statement.md). The statement's text
// never changes, so PostgreSQL plans it once per connection (db/client.ts names it) and PGlite's
// worker prepares it once (0005).
// Contract: `build` uses its arguments only as SQL parameters (`${arg}` in a sql template),
// never in JavaScript (no arithmetic, no branching on them); anything else it puts in the SQL
// is the same on every call.
//
// The reads every request starts with are answered per turn of the event loop (`memo` or
// `batch`): the calls made while the request thread handles one turn (the requests whose bytes
// arrived together) wait for its end (`setImmediate`), calls with the same arguments share one
// answer, and the others are sent together. Every call is answered from what the database held
// after it was made. Measured: answering a turn's requests together, rather than each as its
// bytes come, is itself worth a quarter of the throughput under load
// (docs/decisions/0068-api-reads-one-statement.md, 2026-11-25 « per turn »). In a transaction,
// every call runs as it comes. Callers must not change the rows they get (they may be shared).
//
// `memo: true` (a read only): where this process is its database's sole writer (PGlite,
// db/sole-writer.ts), the result of a call is given again to a call with the same arguments while
// no statement that may write has been sent since, for MEMO_MAX_AGE_MS at most, so that a read
// whose SQL compares with the clock (`now()`, a session's expiry) is at most that late. What the
// memo does not hold is sent one statement per distinct arguments.
//
// `batch: true` (a read only; not on a sole writer, that is on PostgreSQL): a turn's distinct
// calls are sent as one statement, the same SQL run once per call's arguments (`cross join
// lateral` over `unnest` of the arguments), and each call gets the rows of its own arguments. The
// arguments travel as text: the statement casts each where it needs another type
// (`${arg}::boolean`). When a batch fails, each of its calls is sent again alone, so that it
// gets its own answer or error.
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import { soleWriterOf, type WriteGenerations } from './sole-writer';

/** How long a memoised result may be given again at the most. */
export const MEMO_MAX_AGE_MS = 1000;
/** Results memoised per statement and database at the most (one per account and session). */
const MEMO_MAX_ENTRIES = 10_000;
/** Calls sent in one batched statement at the most. */
export const BATCH_MAX_CALLS = 64;
/** The column of a batched statement's rows that says whose call each row answers. */
const BATCH_INDEX = '__call';

interface Memoised {
  generation: number;
  at: number;
  result: Promise<QueryResult<unknown>>;
}

interface Plan {
  sql: string;
  /** Per parameter of the compiled SQL: the index of the argument it is, or a constant. */
  slots: ({ arg: number } | { value: unknown })[];
  /** The same statement over arrays of arguments, one row set per call (`batch`). */
  batched: { sql: string; constants: unknown[] };
}

/** The calls of one turn with the same arguments, answered together. */
interface Group {
  key: string;
  args: unknown[];
  answer: Promise<QueryResult<unknown>>;
  resolve: (result: QueryResult<unknown> | Promise<QueryResult<unknown>>) => void;
  reject: (error: unknown) => void;
}

function group(key: string, args: unknown[]): Group {
  let resolve!: Group['resolve'];
  let reject!: Group['reject'];
  const answer = new Promise<QueryResult<unknown>>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { key, args, answer, resolve, reject };
}

/**
 * The statement run for each element of the argument arrays $1…$arity (each `text[]`), its rows
 * tagged with the element's number from 1 (BATCH_INDEX); its constants numbered after them.
 */
function batchedPlan(sql: string, slots: Plan['slots'], arity: number): Plan['batched'] {
  const constants: unknown[] = [];
  const renumbered = slots.map((slot) => {
    if ('arg' in slot) return `q.a${slot.arg}`;
    constants.push(slot.value);
    return `$${arity + constants.length}`;
  });
  const body = sql.replace(/\$(\d+)\b/g, (_, n: string) => renumbered[Number(n) - 1]!);
  const columns = Array.from({ length: arity }, (_, i) => `a${i}`);
  const arrays = columns.map((_, i) => `$${i + 1}::text[]`);
  return {
    sql:
      `select q.i::int as "${BATCH_INDEX}", s.* ` +
      `from unnest(${arrays.join(', ')}) with ordinality as q(${columns.join(', ')}, i) ` +
      `cross join lateral (${body}) as s`,
    constants,
  };
}

/** An argument as the text element of a batched statement's array (pg's own rendering). */
const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export function prepared<Args extends unknown[], Row>(
  build: (...args: Args) => RawBuilder<Row>,
  options: { memo?: boolean; batch?: boolean } = {},
): <DB>(db: Kysely<DB>, ...args: Args) => Promise<QueryResult<Row>> {
  const plans = new WeakMap<object, Plan>();
  const memos = new WeakMap<object, Map<string, Memoised>>();
  /** Per database, the calls of the turn under way, by their arguments. */
  const turns = new WeakMap<object, Map<string, Group>>();
  const planFor = (db: Kysely<unknown>, arity: number): Plan => {
    let plan = plans.get(db);
    if (plan) return plan;
    // Each argument compiled as a marker object, recognised by identity among the parameters.
    const markers = Array.from({ length: arity }, () => ({}));
    const compiled = build(...(markers as Args)).compile(db);
    const slots: Plan['slots'] = compiled.parameters.map((value) => {
      const arg = markers.indexOf(value as object);
      return arg >= 0 ? { arg } : { value };
    });
    if (markers.some((marker) => !compiled.parameters.includes(marker)))
      throw new Error('prepared: every argument must be a parameter of the statement');
    plan = { sql: compiled.sql, slots, batched: batchedPlan(compiled.sql, slots, arity) };
    plans.set(db, plan);
    return plan;
  };
  const run = (db: Kysely<unknown>, args: unknown[]) => {
    const plan = planFor(db, args.length);
    const parameters = plan.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    return db.executeQuery(CompiledQuery.raw(plan.sql, parameters));
  };
  // Sent at the end of a turn, outside the caller's stack: whatever fails, compiling included,
  // becomes the call's error, never an exception of the event loop.
  const sendAlone = (db: Kysely<unknown>, call: Group): void => {
    try {
      run(db, call.args).then(call.resolve, call.reject);
    } catch (error) {
      call.reject(error);
    }
  };
  /** Distinct calls as one statement (see the module's comment). */
  const sendBatch = (db: Kysely<unknown>, calls: Group[]) => {
    if (calls.length === 1) {
      sendAlone(db, calls[0]!);
      return;
    }
    let batched: Plan['batched'];
    try {
      batched = planFor(db, calls[0]!.args.length).batched;
    } catch (error) {
      calls.forEach((call) => call.reject(error));
      return;
    }
    const arrays = calls[0]!.args.map((_, i) => calls.map((call) => asText(call.args[i])));
    const query = CompiledQuery.raw(batched.sql, [...arrays, ...batched.constants]);
    db.executeQuery<Record<string, unknown>>(query).then(
      ({ rows }) => {
        const each: Record<string, unknown>[][] = calls.map(() => []);
        for (const { [BATCH_INDEX]: call, ...row } of rows) each[(call as number) - 1]!.push(row);
        calls.forEach((call, i) => call.resolve({ rows: each[i]! }));
      },
      // One call's arguments must not fail the others': each is sent again alone.
      () => calls.forEach((call) => sendAlone(db, call)),
    );
  };
  /** What the memo holds is answered from it; the rest is sent and kept if no write interleaved. */
  const fromMemo = (db: Kysely<unknown>, generations: WriteGenerations, calls: Group[]) => {
    let memo = memos.get(db);
    if (!memo) memos.set(db, (memo = new Map()));
    const now = performance.now();
    const generation = generations.current;
    const missed: Group[] = [];
    for (const call of calls) {
      const kept = memo.get(call.key);
      if (kept && kept.generation === generation && now - kept.at < MEMO_MAX_AGE_MS)
        call.resolve(kept.result);
      else missed.push(call);
    }
    for (const call of missed) {
      sendAlone(db, call);
      call.answer.then(
        () => {
          if (generations.current !== generation) return;
          if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
          memo.set(call.key, { generation, at: now, result: call.answer });
        },
        () => undefined,
      );
    }
  };
  const endOfTurn = (db: Kysely<unknown>, calls: Group[]) => {
    const generations = options.memo ? soleWriterOf(db) : undefined;
    if (generations) fromMemo(db, generations, calls);
    else if (options.batch)
      for (let at = 0; at < calls.length; at += BATCH_MAX_CALLS)
        sendBatch(db, calls.slice(at, at + BATCH_MAX_CALLS));
    else for (const call of calls) sendAlone(db, call);
  };
  const inTurn = (db: Kysely<unknown>, args: unknown[]) => {
    let turn = turns.get(db);
    if (!turn) {
      const calls = new Map<string, Group>();
      turns.set(db, (turn = calls));
      setImmediate(() => {
        turns.delete(db);
        endOfTurn(db, [...calls.values()]);
      });
    }
    const key = JSON.stringify(args);
    let call = turn.get(key);
    if (!call) turn.set(key, (call = group(key, args)));
    return call.answer;
  };
  const shared = options.memo || options.batch;
  return <DB>(db: Kysely<DB>, ...args: Args) =>
    (shared && !db.isTransaction
      ? inTurn(db as Kysely<unknown>, args)
      : run(db as Kysely<unknown>, args)) as Promise<QueryResult<Row>>;
}
