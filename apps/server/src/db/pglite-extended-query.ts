// A statement with parameters in one call into PGlite instead of six, prepared once. PGlite's own
// `query` sends Parse, Describe, Bind, Describe, Execute and Sync each in a call of its own, and
// PostgreSQL parses and plans the text again every time. Here a read or write of rows is prepared
// under a name the first time its text is seen (Parse, Describe, Sync: its parameters' types are
// learnt then); every run is then one call (Bind, Describe, Execute, Sync), its values turned into
// text by PGlite's own serialisers for those types and its rows parsed by PGlite's own parsers, as
// `query` does. PostgreSQL keeps the statement's plan, as it does for the named statements `pg`
// sends to a server (db/client.ts). Other statements go through PGlite's `query`; those that may
// change a table's shape (DDL) end every prepared statement, since their types or plans may no
// longer hold.
import {
  parse,
  protocol,
  types,
  type ExecProtocolResult,
  type messages as wire,
  type PGlite,
  type Results,
} from '@electric-sql/pglite';

/** At most this many statements are kept prepared (the portal has some hundreds). */
const PREPARED_MAX = 500;
const ROW_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that change no table's shape: the prepared ones stay. */
const KEEPS_SHAPES = /^\s*(begin|start|commit|end|rollback|savepoint|release|set|reset|show)\b/i;

type Serializer = (value: unknown) => string;

interface PgliteInternals {
  serializers: Record<number, Serializer>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

interface Prepared {
  name: string;
  types: number[];
}

/**
 * The rows of one statement's messages, as PGlite's `parse.parseResults` gives them (each value
 * through PGlite's parser for its type, `affectedRows` from the command tag). Not that function
 * itself: it copies the whole table of some 300 parsers into a new object on every call, about
 * 90 µs, more than a primary-key read costs PostgreSQL (docs/decisions/0068-api-reads-one-statement.md).
 */
export function parseRows(
  messages: ExecProtocolResult['messages'],
  parsers: Record<number, types.Parser>,
): Results {
  let fields: readonly { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as wire.RowDescriptionMessage).fields;
    } else if (message.name === 'dataRow') {
      const values = (message as wire.DataRowMessage).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const { name, dataTypeID } = fields[i]!;
        row[name] = types.parseType(values[i]!, dataTypeID, parsers);
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      affectedRows += affected((message as wire.CommandCompleteMessage).text);
    }
  }
  return {
    rows,
    fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows,
  };
}

/** The rows a command tag says were changed (INSERT 0 n, UPDATE n…), as PGlite counts them. */
function affected(tag: string): number {
  const words = tag.split(' ');
  switch (words[0]) {
    case 'INSERT':
      return parseInt(words[2]!, 10);
    case 'UPDATE':
    case 'DELETE':
    case 'COPY':
    case 'MERGE':
      return parseInt(words[1]!, 10);
    default:
      return 0;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

export function extendedQuery(pglite: PGlite) {
  const { serializers, parsers } = pglite as unknown as PgliteInternals;
  const prepared = new Map<string, Prepared>();
  /** Statements forgotten here and not yet closed in PostgreSQL (closed with the next Parse). */
  let forgotten: string[] = [];
  let lastName = 0;

  function forgetAll(): void {
    for (const { name } of prepared.values()) forgotten.push(name);
    prepared.clear();
  }

  async function prepare(text: string): Promise<Prepared> {
    let statement = prepared.get(text);
    if (statement) return statement;
    if (prepared.size >= PREPARED_MAX) forgetAll();
    const name = `espace_${++lastName}`;
    const closing = forgotten.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    forgotten = [];
    const { messages } = await pglite.execProtocol(
      concat([
        ...closing,
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    statement = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  /** Bind (to the statement named, or to the unnamed one parsed before), Describe, Execute, Sync. */
  async function execute(before: Uint8Array[], statement: string, values: (string | null)[]) {
    const { messages } = await pglite.execProtocol(
      concat([
        ...before,
        protocol.serialize.bind({ statement, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parseRows(messages, parsers);
  }

  async function run(text: string, parameters: readonly unknown[]): Promise<Results> {
    const { name, types } = await prepare(text);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[types[i]!];
      return serialize ? serialize(value) : String(value);
    });
    return execute([], name, values);
  }

  return async function query(text: string, parameters: readonly unknown[]): Promise<Results> {
    let result: Results;
    if (!ROW_STATEMENT.test(text)) {
      if (!KEEPS_SHAPES.test(text)) forgetAll();
      // Transaction control and DDL take no parameters; should one come with some, PGlite's own
      // query learns their types.
      if (parameters.length > 0) return pglite.query(text, [...parameters]);
      result = await execute([protocol.serialize.parse({ text })], '', []);
    } else {
      // Every statement of PGlite's one session comes through here, so a prepared one can only
      // end here (a DEALLOCATE or DISCARD is not a row statement and forgets them all).
      result = await run(text, parameters);
    }
    // PGlite's `query` then syncs its file system outside a transaction, behind a lock. The
    // worker's PGlite is on a data folder (NodeFS) or in memory, whose writes go through at once
    // (their `syncToFs` is empty): the lock alone cost some 3 µs a statement.
    return result;
  };
}
