// PGlite has a single writer: this process. Its folder is opened by one server at a time, and the
// command-line tools open it only while the server is stopped (docs/operations.md,
// docs/integration.md); several instances need PostgreSQL (docs/decisions/0006-shared-nothing.md).
// So on PGlite, and only there, the process can tell whether the data a read saw may have changed
// since: every statement that may write moves a generation when it is sent and when it settles.
// A read that was sent and settled within one generation is still the database's answer while
// the generation has not moved (db/prepared.ts's `memo`;
// docs/decisions/0068-api-reads-one-statement.md, 2026-11-24 « sole writer »).
//
// Enforces, whatever the statement's author forgets:
// - a statement is a read only if its text is a plain `select` naming no writing keyword or
//   function (`mayWrite`); anything else, `begin`/`commit`/`rollback`, DDL, `with … update`,
//   `select … for update`, `nextval`, advisory locks, counts as a write, so doubt costs a memo
//   miss, never a stale answer;
// - the tracking sits in the driver, under Kysely: every statement of the database object, its
//   transactions and any Kysely made from it (`withPlugin`…) goes through it.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Words that make a statement a possible write, even one that begins with `select`. */
const WRITING =
  /\b(insert|update|delete|merge|truncate|into|lock|nextval|setval|set_config|pg_advisory\w*|pg_notify|share)\b/i;

/** False only for a plain read: a `select` naming none of WRITING (doubt counts as a write). */
export function mayWrite(sql: string): boolean {
  return !/^\s*select\b/i.test(sql) || WRITING.test(sql);
}

/** The write generation of one database (see the module's comment). */
export class WriteGenerations {
  /** Moves when a statement that may write is sent, and again when it settles. */
  current = 0;

  /** Sends a statement that may write, moving the generation before it and once it settles. */
  async write<T>(send: () => Promise<T>): Promise<T> {
    this.current++;
    try {
      return await send();
    } finally {
      this.current++;
    }
  }
}

class TrackedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly generations: WriteGenerations,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const send = () => this.inner.executeQuery<R>(compiledQuery);
    // A read, most statements, goes as it is: no promise more on the hot path.
    return mayWrite(compiledQuery.sql) ? this.generations.write(send) : send();
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const writes = mayWrite(compiledQuery.sql);
    if (writes) this.generations.current++;
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } finally {
      if (writes) this.generations.current++;
    }
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as TrackedConnection).inner;

const SAVEPOINT_METHODS = ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const;

class TrackedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly generations: WriteGenerations,
  ) {
    // Only those the inner driver has: Kysely tells savepoint support by their presence.
    for (const method of SAVEPOINT_METHODS) {
      const own = inner[method]?.bind(inner);
      if (own)
        this[method] = (connection, name, compile) =>
          generations.write(() => own(innerOf(connection), name, compile));
    }
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.inner.acquireConnection(), this.generations);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.generations.write(() => this.inner.beginTransaction(innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.generations.write(() => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.generations.write(() => this.inner.rollbackTransaction(innerOf(connection)));
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** `inner` with every statement counted in `generations`. */
export function soleWriterDialect(inner: Dialect, generations: WriteGenerations): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new TrackedDriver(inner.createDriver(), generations),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}

const registry = new WeakMap<object, WriteGenerations>();

/** Declares `db` the sole writer of its database, its statements counted in `generations`. */
export function registerSoleWriter(db: object, generations: WriteGenerations): void {
  registry.set(db, generations);
}

/**
 * The write generations of `db` when this process is its database's sole writer (PGlite);
 * undefined on PostgreSQL, whose other instances write too, and for a transaction's object.
 */
export function soleWriterOf(db: object): WriteGenerations | undefined {
  return registry.get(db);
}
