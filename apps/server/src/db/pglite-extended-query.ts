// A statement with parameters in one call into PGlite instead of six. PGlite's own `query` sends
// Parse, Describe, Bind, Describe, Execute and Sync each in a call of its own, to learn the
// parameters' types before it turns the values into text; here the types of a statement's
// parameters are learnt the first time its text is seen (Parse, Describe, Sync), then every run is
// one call (Parse, Bind, Describe, Execute, Sync), its values turned into text by PGlite's own
// serialisers for those types and its rows parsed by PGlite's own parsers, as `query` does.
// Statements that are not reads or writes of rows (DDL) empty what was learnt, since they may
// change a column's type.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** At most this many statements' parameter types are kept (the portal has some hundreds). */
const KNOWN_STATEMENTS_MAX = 500;
const ROW_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

type Serializer = (value: unknown) => string;

interface PgliteInternals {
  serializers: Record<number, Serializer>;
  parsers: Parameters<typeof parse.parseResults>[1];
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
  const parameterTypes = new Map<string, number[]>();

  async function typesOf(text: string): Promise<number[]> {
    let types = parameterTypes.get(text);
    if (!types) {
      const { messages } = await pglite.execProtocol(
        concat([
          protocol.serialize.parse({ text }),
          protocol.serialize.describe({ type: 'S' }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      types = parse.parseDescribeStatementResults(messages);
      if (parameterTypes.size >= KNOWN_STATEMENTS_MAX) parameterTypes.clear();
      parameterTypes.set(text, types);
    }
    return types;
  }

  return async function query(text: string, parameters: readonly unknown[]): Promise<Results> {
    if (!ROW_STATEMENT.test(text)) parameterTypes.clear();
    const types = parameters.length > 0 ? await typesOf(text) : [];
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[types[i]!];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.parse({ text }),
        protocol.serialize.bind({ values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // As PGlite's `query`: its file system is synced after a statement outside a transaction.
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    return parse.parseResults(messages, parsers)[0]!;
  };
}
