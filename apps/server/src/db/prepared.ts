// A hot statement compiled by Kysely once per database, then run with new parameters: the reads
// every screen starts with pay neither Kysely's query building nor its compilation on each call
// (some 20 µs a statement, docs/decisions/0068-api-reads-one-statement.md). The statement's text
// never changes, so PostgreSQL plans it once per connection (db/client.ts names it) and PGlite's
// worker prepares it once (0005).
// Contract: `build` uses its arguments only as SQL parameters (`${arg}` in a sql template),
// never in JavaScript (no arithmetic, no branching on them); anything else it puts in the SQL
// is the same on every call.
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';

interface Plan {
  sql: string;
  /** Per parameter of the compiled SQL: the index of the argument it is, or a constant. */
  slots: ({ arg: number } | { value: unknown })[];
}

export function prepared<Args extends unknown[], Row>(
  build: (...args: Args) => RawBuilder<Row>,
): <DB>(db: Kysely<DB>, ...args: Args) => Promise<QueryResult<Row>> {
  const plans = new WeakMap<object, Plan>();
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
  return (db, ...args) => {
    const plan = planFor(db as Kysely<unknown>, args.length);
    const parameters = plan.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const query: CompiledQuery<Row> = CompiledQuery.raw(plan.sql, parameters);
    return db.executeQuery(query);
  };
}
