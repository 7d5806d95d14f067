// The operations of both OpenAPI documents, read from the served documents themselves, and bad
// requests for each (http/french-errors.test.ts): the parts a client may get wrong, each made wrong
// in the ways integrators met, from the operation's own parameters and body schema.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
}
interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  api: 'customer' | 'integration';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema; undefined for an operation without a JSON body. */
  body: JsonSchema | undefined;
}

export interface BadRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Every operation of /api/docs and /backoffice/docs, as the app serves them. */
export async function operationsOf(app: FastifyInstance, accountId: string) {
  const found: (Operation & { accountId: string })[] = [];
  for (const [api, url] of [
    ['customer', '/api/docs/json'],
    ['integration', '/backoffice/docs/json'],
  ] as const) {
    const document = (await app.inject(url)).json<{
      paths: Record<string, Record<string, OpenApiOperation>>;
    }>();
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        found.push({
          api,
          accountId,
          method: method.toUpperCase() as Operation['method'],
          path,
          parameters: operation.parameters ?? [],
          body: operation.requestBody?.content?.['application/json']?.schema,
        });
  }
  return found;
}

/**
 * What a path parameter takes: a well-formed value that names nothing (so that a write the
 * request gets through changes nothing anyone reads), or an odd one. The account is the caller's
 * own, or the scope refuses the call before its input is read.
 */
const oddSegment = fc.constantFrom('0', '-1', 'null', 'x'.repeat(300), 'é', '%00', 'a b', '..');
const pathValue = (name: string, accountId: string) =>
  name === 'accountId'
    ? fc.constant(accountId)
    : fc.oneof(fc.constant(`INCONNU-${name.length}`), oddSegment);

const oddQueryValue = fc.constantFrom(
  '0',
  '-1',
  '501',
  'abc',
  '',
  '1.5',
  '1e999',
  '99999999999999999999',
  'true',
  'null',
  'x'.repeat(300),
);
const oddHeaderValue = fc.constantFrom('', 'x', '"abc"', '*', 'W/"1"', '"-1"', '0');

/** A value of the wrong type, or out of any range a field could have. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, '', 'inconnu', -1, 0, 1.5, 1e308, true, [], {}, 'x'.repeat(3000)),
  fc.constantFrom('2026-13-45', '1800-01-01', 'pas-une-adresse', 'FR00', '+0'),
  fc.string({ maxLength: 8 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);

/** An object with the schema's fields, some missing, each given a wrong value; nested ones too. */
function wrongFields(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema?.properties ?? {});
  if (properties.length === 0 || depth > 1) return wrongValue;
  const record = Object.fromEntries(
    properties.map(([name, property]) => [
      name,
      fc.oneof(wrongValue, wrongFields(property, depth + 1)),
    ]),
  );
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.boolean())
    .map(([body, extra]) => (extra ? { ...body, inconnu: 1 } : body));
}

const body = (schema: JsonSchema | undefined) =>
  fc.oneof(
    fc.constantFrom(null, [], 'texte', 0, true, {}),
    { weight: 3, arbitrary: wrongFields(schema) },
    fc.jsonValue({ maxDepth: 2 }),
  );

/** Bad requests for `operation`: each part of it possibly wrong. */
export function badRequests(
  operation: Operation & { accountId: string },
): fc.Arbitrary<BadRequest> {
  const inPart = (part: Parameter['in']) => operation.parameters.filter((p) => p.in === part);
  const path = fc.record(
    Object.fromEntries(inPart('path').map((p) => [p.name, pathValue(p.name, operation.accountId)])),
  );
  const query = fc.record(Object.fromEntries(inPart('query').map((p) => [p.name, oddQueryValue])), {
    requiredKeys: [],
  });
  const headers = fc.record(
    Object.fromEntries(inPart('header').map((p) => [p.name.toLowerCase(), oddHeaderValue])),
    { requiredKeys: [] },
  );
  const payload = operation.body
    ? body(operation.body).map((b) => JSON.stringify(b))
    : fc.constant(undefined);
  return fc.record({ path, query, headers, payload }).map((parts) => {
    const url =
      operation.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
        encodeURIComponent(parts.path[name] ?? ''),
      ) +
      (Object.keys(parts.query).length
        ? `?${new URLSearchParams(parts.query as Record<string, string>)}`
        : '');
    return {
      url,
      headers: {
        ...parts.headers,
        ...(parts.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: parts.payload,
    };
  });
}
