// How an API's OpenAPI document is drawn from its routes (docs/decisions/0142-the-documents-say-
// what-the-server-does.md), for @fastify/swagger's `transform` and `transformObject`: the zod
// schemas the routes validate and serialize with become the parameters, bodies and answers
// (fastify-type-provider-zod), the schemas named in the API's registry become its components,
// then each operation gets what its `schema.openapi` says (http/openapi-operation.ts): a
// multipart or raw body, the headers read and answered, files as bytes, answers without a body.
// Every answer gets a French description, every 429 its Retry-After, and the components no
// operation reaches are left out.
import type { FastifySchema } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import type { $ZodRegistry } from 'zod/v4/core';
import type { ComponentMeta, Discriminator } from './openapi-components';
import { BINARY, type OperationDocument, type ResponseHeader } from './openapi-operation';

type Json = Record<string, unknown>;
type TransformInput = Parameters<ReturnType<typeof createJsonSchemaTransform>>[0];
type TransformObjectInput = Parameters<ReturnType<typeof createJsonSchemaTransformObject>>[0];

/** What an answer of each status means, when its route says nothing more. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Réussite',
  201: 'Créé',
  202: 'Accepté\u00a0: la suite se fait en arrière-plan',
  204: 'Fait\u00a0; la réponse n’a pas de corps',
  304: 'Inchangé depuis l’ETag envoyé dans If-None-Match\u00a0; pas de corps',
  400: 'Requête invalide\u00a0: `error.fields` nomme chaque champ refusé et pourquoi',
  401: 'Jeton absent, invalide, expiré ou révoqué',
  403: 'Interdit\u00a0: portée manquante, compte d’un autre ou preuve récente exigée',
  404: 'Introuvable pour l’appelant',
  408: 'Corps reçu trop lentement\u00a0: la connexion est fermée',
  409: 'Impossible dans l’état actuel de ce qui est désigné',
  410: 'Ce qui est désigné a existé mais n’est plus disponible',
  412: 'La version donnée dans If-Match n’est plus celle de l’enregistrement\u00a0: rien n’est écrit',
  413: 'Corps trop volumineux',
  414: 'Paramètre de chemin trop long',
  415: 'Type de contenu que la route ne lit pas',
  422: 'Requête bien formée mais inapplicable\u00a0: ce qu’elle désigne n’existe pas, ou la clé d’idempotence a déjà servi',
  429: 'Trop de requêtes\u00a0: réessayer après le délai de Retry-After',
  500: 'Erreur interne, sans détail',
};

/** Headers every answer of a status carries, whatever the route. */
const STATUS_HEADERS: Record<string, Record<string, ResponseHeader>> = {
  429: {
    'Retry-After': {
      description: 'Secondes à attendre avant de réessayer',
      schema: { type: 'integer', minimum: 0 },
      required: true,
    },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** A `z.null()` answer as the zod transform writes it: nothing but null. */
function isNullOnly(schema: Json | undefined): boolean {
  const values = schema?.enum;
  return Array.isArray(values) && values.length === 1 && values[0] === null;
}

function applyResponses(operation: Json, document: OperationDocument | undefined) {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  for (const status of Object.keys(document?.responses ?? {}))
    responses[status] ??= { description: '' };
  for (const [status, response] of Object.entries(responses)) {
    const extra = document?.responses?.[Number(status)];
    const content = response.content as Record<string, { schema?: Json }> | undefined;
    const description =
      extra?.description ??
      (response.description === 'Default Response' || !response.description
        ? undefined
        : (response.description as string));
    response.description = description ?? STATUS_DESCRIPTIONS[status] ?? 'Réponse';
    if (extra?.files)
      response.content = Object.fromEntries(extra.files.map((type) => [type, { schema: BINARY }]));
    else if (extra?.empty || isNullOnly(content?.['application/json']?.schema))
      delete response.content;
    const headers = { ...STATUS_HEADERS[status], ...extra?.headers };
    if (Object.keys(headers).length > 0)
      response.headers = Object.fromEntries(
        Object.entries(headers).map(([name, { description, schema, required }]) => [
          name,
          { description, schema, ...(required ? { required: true } : {}) },
        ]),
      );
  }
  operation.responses = responses;
}

function applyDocument(operation: Json, document: OperationDocument | undefined) {
  applyResponses(operation, document);
  if (document?.headers?.length) {
    const parameters = (operation.parameters ?? []) as Json[];
    for (const header of document.headers)
      parameters.push({
        in: 'header',
        name: header.name,
        description: header.description,
        required: header.required ?? false,
        schema: header.schema,
      });
    operation.parameters = parameters;
  }
  if (document?.body) operation.requestBody = { ...document.body };
  if (document?.callbacks && Object.keys(document.callbacks).length > 0)
    operation.callbacks = document.callbacks;
}

/** OpenAPI 3.0's schema of null and nothing else (a nullable type restricted to null). */
const NULL_ONLY: Json = { type: 'string', nullable: true, enum: [null] };

/**
 * zod writes a nullable named schema `{ nullable: true, allOf: [{ $ref }] }`, which OpenAPI 3.0
 * reads as « the named schema » (`nullable` needs a `type` beside it): written instead as one of
 * the named schema or null.
 */
function nullableReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableReferences);
  if (!value || typeof value !== 'object') return value;
  const schema: Json = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, nullableReferences(inner)]),
  );
  if (schema.nullable !== true || schema.type !== undefined || !Array.isArray(schema.allOf))
    return schema;
  const { nullable: _nullable, allOf, ...rest } = schema;
  return { ...rest, oneOf: [...(allOf as unknown[]), NULL_ONLY] };
}

/** Every `#/components/schemas/…` that `value` reaches, through the components themselves. */
function reachedComponents(value: unknown, schemas: Record<string, unknown>, seen: Set<string>) {
  if (Array.isArray(value)) for (const item of value) reachedComponents(item, schemas, seen);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        const name = inner.replace('#/components/schemas/', '');
        if (!seen.has(name)) {
          seen.add(name);
          reachedComponents(schemas[name], schemas, seen);
        }
      } else reachedComponents(inner, schemas, seen);
    }
  return seen;
}

/**
 * The zod transform names a body's schema `<name>Input`: it keeps its own name when no answer
 * has that name (`CustomerRecord`, not `CustomerRecordInput`).
 */
function bodiesByTheirNames<T extends { components: { schemas?: Record<string, unknown> } }>(
  document: T,
  reached: Set<string>,
): T {
  const renamed = [...reached].filter(
    (name) => name.endsWith('Input') && !reached.has(name.slice(0, -'Input'.length)),
  );
  const schemas = document.components.schemas ?? {};
  for (const name of renamed) {
    schemas[name.slice(0, -'Input'.length)] = schemas[name];
    delete schemas[name];
  }
  let text = JSON.stringify(document);
  for (const name of renamed)
    text = text.replaceAll(
      `"#/components/schemas/${name}"`,
      `"#/components/schemas/${name.slice(0, -'Input'.length)}"`,
    );
  return JSON.parse(text) as T;
}

export interface DocumentOptions {
  /** The schemas the document names as components (`{ id }` is the component's name). */
  registry: $ZodRegistry<ComponentMeta>;
  /** The routes of the document; the others are left out. */
  includes(url: string): boolean;
  /** How each union among the components tells its members apart, by the union's name. */
  discriminators?: Record<string, Discriminator>;
}

/** The `transform` and `transformObject` of one API's document. */
export function documentTransforms({ registry, includes, discriminators = {} }: DocumentOptions) {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const zodComponents = createJsonSchemaTransformObject({
    schemaRegistry: registry,
    zodToJsonConfig: { target: 'openapi-3.0' },
  });
  const documents = new Map<string, OperationDocument>();
  return {
    transform(input: TransformInput) {
      if (!includes(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const { openapi, ...schema }: FastifySchema = input.schema ?? {};
      if (openapi && schema.operationId) documents.set(schema.operationId, openapi);
      return zodTransform({ ...input, schema });
    },
    transformObject(input: TransformObjectInput) {
      const document = zodComponents(input) as Json & {
        paths: Record<string, Record<string, Json>>;
        components: { schemas?: Record<string, unknown> };
      };
      for (const path of Object.values(document.paths))
        for (const method of METHODS) {
          const operation = path[method];
          if (operation) applyDocument(operation, documents.get(operation.operationId as string));
        }
      const schemas = nullableReferences(document.components.schemas ?? {}) as Record<string, Json>;
      document.paths = nullableReferences(document.paths) as typeof document.paths;
      for (const [name, discriminator] of Object.entries(discriminators))
        if (schemas[name]) schemas[name] = { ...schemas[name], discriminator };
      const reached = reachedComponents(document.paths, schemas, new Set());
      document.components.schemas = Object.fromEntries(
        Object.entries(schemas).filter(([name]) => reached.has(name)),
      );
      return bodiesByTheirNames(document, reached);
    },
  };
}
