// Every answer an API test receives is checked against the OpenAPI document the same app serves
// (docs/decisions/0142-the-documents-say-what-the-server-does.md), so the documents and the
// server cannot drift apart: the status must be one the operation declares, a body where it
// declares none (204, 304) is refused, a JSON body must match the declared schema (Ajv, with the
// formats of ajv-formats), a file must come with one of the declared media types, and every
// header the answer declares required must be there. createTestApp (harness.ts) wraps the app's
// `inject` with `checkAnswersOf`; an answer that differs fails the test with what differs. A
// request that is no operation of either document (a page, the provider, an unknown path) is
// not checked. The documents are read once per process and set of routes, each schema compiled
// once per process and document.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
interface ResponseObject {
  content?: Record<string, { schema?: Json }>;
  headers?: Record<string, { required?: boolean; schema?: Json }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The documents the tests' apps serve: the customer API's and the integration API's. */
export const SERVED_DOCUMENTS = ['/api/docs/json', '/backoffice/docs/json'] as const;

/**
 * OpenAPI 3.0's dialect of a schema as JSON Schema (draft-07, Ajv's): `nullable` as a type or a
 * branch that accepts null, a boolean `exclusiveMinimum`/`exclusiveMaximum` as the number.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, toJsonSchema(inner)]),
  ) as Json;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const)
    if (typeof schema[flag] === 'boolean') {
      if (schema[flag]) schema[flag] = schema[bound];
      else delete schema[flag];
      if (schema[flag] !== undefined) delete schema[bound];
    }
  if (schema.nullable !== true) return schema;
  delete schema.nullable;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** Whether `template`'s segments match `segments`, and how (a literal beats a parameter). */
function specificity(template: string[], segments: string[]): string | undefined {
  if (template.length !== segments.length) return undefined;
  let rank = '';
  for (const [i, part] of template.entries()) {
    if (/^\{[^}]+\}$/.test(part)) rank += '0';
    else if (part === segments[i]) rank += '1';
    else return undefined;
  }
  return rank;
}

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = String(response.headers['content-encoding'] ?? '');
  const raw = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'deflate') return inflateSync(raw);
  return raw;
}

/** The media type of `contentType` among `declared` (`image/*` takes any image). */
function declaredMediaType(declared: string[], contentType: string): string | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return declared.find(
    (media) => media === type || (media.endsWith('/*') && type.startsWith(media.slice(0, -1))),
  );
}

/** One served document, its schemas compiled as answers need them. */
export class AnswerChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, formats: fullFormats });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; parts: string[] }[];

  private readonly document: OpenApiDocument;

  constructor(document: object) {
    this.document = document as OpenApiDocument;
    this.ajv.addSchema(toJsonSchema(document) as Json, 'document');
    this.templates = Object.keys(this.document.paths).map((template) => ({
      template,
      parts: template.split('/'),
    }));
  }

  /** The operation's path in the document, the most literal of those that match. */
  private templateOf(path: string): string | undefined {
    const segments = path.split('/');
    let best: { template: string; rank: string } | undefined;
    for (const { template, parts } of this.templates) {
      const rank = specificity(parts, segments);
      if (rank !== undefined && (!best || rank > best.rank)) best = { template, rank };
    }
    return best?.template;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `document#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with `response` to `method url` by the document; [] if it is no operation. */
  check(method: string, url: string, response: LightMyRequestResponse): string[] {
    const path = url.split('?')[0]!;
    const template = this.templateOf(path);
    const operation = template && this.document.paths[template]![method.toLowerCase()];
    if (!template || !operation) return [];
    const status = String(response.statusCode);
    const name = `${method} ${path} (${operation.operationId ?? template})`;
    const responses = operation.responses ?? {};
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return [`${name} answered ${status}, which its document does not declare`];
    const declared = responses[key]!;
    const problems: string[] = [];
    for (const [header, { required }] of Object.entries(declared.headers ?? {}))
      if (required && response.headers[header.toLowerCase()] === undefined)
        problems.push(`${name} ${status} lacks its header ${header}`);
    const body = decoded(response);
    if (!declared.content) {
      if (body.length > 0) problems.push(`${name} ${status} has a body, its document none`);
      return problems;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    const media = declaredMediaType(Object.keys(declared.content), contentType);
    if (!media) {
      const expected = Object.keys(declared.content).join(', ');
      return [...problems, `${name} ${status} is ${contentType || 'untyped'}, not ${expected}`];
    }
    const schema = declared.content[media]!.schema;
    if (!schema || schema.format === 'binary') return problems;
    if (!/[/+]json$/.test(media)) return problems;
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return [...problems, `${name} ${status} is not JSON`];
    }
    const pointer = ['', 'paths', template, method.toLowerCase(), 'responses', key]
      .concat(['content', media, 'schema'])
      .map(escapePointer)
      .join('/');
    const validate = this.validator(pointer);
    if (!validate(value))
      problems.push(
        `${name} ${status} differs from its document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`,
      );
    return problems;
  }
}

/** The checkers of each document text met in this process. */
const checkers = new Map<string, AnswerChecker>();

function checkerOf(text: string): AnswerChecker {
  let checker = checkers.get(text);
  if (!checker) {
    checker = new AnswerChecker(JSON.parse(text) as object);
    checkers.set(text, checker);
  }
  return checker;
}

/** Thrown by a checked `inject` whose answer its document does not describe. */
export class UndocumentedAnswerError extends Error {
  override name = 'UndocumentedAnswerError';
}

/**
 * The checkers of the documents an app serves, read once per set of routes and public address
 * in this process: apps of the same code and address serve the same documents, and drawing them
 * costs about half a second an app.
 */
const served = new Map<string, Promise<AnswerChecker[]>>();

/**
 * Wraps `app.inject` so that every answer to an operation of the documents `app` serves is
 * checked against them (a promise-returning call; the chained form is left as it is).
 */
export function checkAnswersOf(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const injected = (options: unknown) => inject(options) as Promise<LightMyRequestResponse>;
  const address = app.hasDecorator('config') ? app.config.publicUrl : '';
  const key = `${address}\n${app.printRoutes({ commonPrefix: false })}`;
  const documents = () => {
    let checkers = served.get(key);
    if (!checkers) {
      checkers = Promise.all(
        SERVED_DOCUMENTS.map(async (url) => {
          const response = await injected({ method: 'GET', url });
          return response.statusCode === 200 ? [checkerOf(response.body)] : [];
        }),
      ).then((found) => found.flat());
      served.set(key, checkers);
    }
    return checkers;
  };
  const checked = async (response: LightMyRequestResponse) => {
    const { method = 'GET', url = '/' } = response.raw.req;
    const problems = (await documents()).flatMap((checker) => checker.check(method, url, response));
    if (problems.length > 0) throw new UndocumentedAnswerError(problems.join('\n'));
    return response;
  };
  app.inject = ((options?: unknown, callback?: unknown) => {
    if (options === undefined || callback !== undefined) return inject(options, callback);
    return injected(options).then(checked);
  }) as typeof app.inject;
}
