// What an operation's OpenAPI document says beside the schemas Fastify validates and serializes
// with (docs/decisions/0142-the-documents-say-what-the-server-does.md): a body Fastify does not
// parse with a schema (multipart fields, a raw PDF), the headers a route or a plugin of its
// scope reads or answers, the files answered as bytes, and the answers without a body. A route
// (or the plugin that behaves so, in an onRoute hook) puts it in `schema.openapi`; the documents'
// transform (http/openapi-document.ts) writes it into the operation. Everything else, the JSON
// bodies and answers, comes from the zod schemas themselves.
import type { RouteOptions } from 'fastify';

/** A schema of the document, written as OpenAPI 3.0 says. */
export type OpenApiSchema = Record<string, unknown>;

/** A header an answer carries. */
export interface ResponseHeader {
  description: string;
  schema: OpenApiSchema;
  /** Every answer of that status carries it (the tests check it). */
  required?: boolean;
}

/** What the document says of one status beside its zod schema. */
export interface ResponseDocument {
  description?: string;
  headers?: Record<string, ResponseHeader>;
  /** The answer is a file, of one of these media types (`image/*` for any image): its bytes. */
  files?: readonly string[];
  /** Answered without a body (204, 304): no content. */
  empty?: boolean;
}

/** A request header the route or its scope reads. */
export interface HeaderParameter {
  name: string;
  description: string;
  schema: OpenApiSchema;
  required?: boolean;
}

/** A body Fastify does not validate with a schema: multipart fields, or bytes of a media type. */
export interface BodyDocument {
  description: string;
  required: boolean;
  content: Record<string, { schema: OpenApiSchema; encoding?: Record<string, unknown> }>;
}

export interface OperationDocument {
  body?: BodyDocument;
  headers?: readonly HeaderParameter[];
  responses?: Record<number, ResponseDocument>;
  /** What the server later sends to an address the request gave (a webhook's deliveries). */
  callbacks?: Record<string, OpenApiSchema>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Read by the OpenAPI documents only (http/openapi-document.ts), never by Fastify. */
    openapi?: OperationDocument;
  }
}

/** Two documents of one operation as one: headers added, each status's parts merged. */
export function mergeDocuments(
  a: OperationDocument | undefined,
  b: OperationDocument,
): OperationDocument {
  const responses: Record<number, ResponseDocument> = { ...a?.responses };
  for (const [status, extra] of Object.entries(b.responses ?? {})) {
    const own = responses[Number(status)];
    responses[Number(status)] = {
      ...own,
      ...extra,
      headers: { ...own?.headers, ...extra.headers },
    };
  }
  return {
    callbacks: { ...a?.callbacks, ...b.callbacks },
    body: b.body ?? a?.body,
    headers: [...(a?.headers ?? []), ...(b.headers ?? [])],
    responses,
  };
}

/** Adds `document` to a route's as its scope declares it (an onRoute hook of a plugin). */
export function documentRoute(route: RouteOptions, document: OperationDocument): void {
  if (!route.schema) return;
  route.schema = { ...route.schema, openapi: mergeDocuments(route.schema.openapi, document) };
}

/** The bytes of a file, as a body or an answer. */
export const BINARY: OpenApiSchema = { type: 'string', format: 'binary' };

export const CONTENT_DISPOSITION: ResponseHeader = {
  description:
    'Le nom du fichier\u00a0: `attachment; filename="…"; filename*=UTF-8\'\'…` (RFC 6266)',
  schema: { type: 'string' },
  required: true,
};

/**
 * A file answered as bytes, under its name (http/attachment.ts), of one of `mediaTypes`.
 * `status` 200 unless said otherwise.
 */
export function fileAnswer(
  mediaTypes: readonly string[],
  description: string,
  status = 200,
): OperationDocument {
  return {
    responses: {
      [status]: {
        description,
        files: mediaTypes,
        headers: { 'Content-Disposition': CONTENT_DISPOSITION },
      },
    },
  };
}

/** One field of a multipart body: its schema and what it says. */
export interface MultipartField {
  schema: OpenApiSchema;
  description: string;
  required?: boolean;
}

/**
 * A multipart/form-data body of `fields`, in the order they must be sent (the service reads the
 * parts in order: the field that says what the file is for comes before the file).
 */
export function multipartBody(
  description: string,
  fields: Record<string, MultipartField>,
): OperationDocument {
  const names = Object.keys(fields);
  return {
    body: {
      description: `${description} Ordre des parties\u00a0: ${names.join(', ')}.`,
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              Object.entries(fields).map(([name, field]) => [
                name,
                { ...field.schema, description: field.description },
              ]),
            ),
            required: names.filter((name) => fields[name]!.required !== false),
          },
        },
      },
    },
  };
}

/** A body of raw bytes of `mediaType` (the integration API's PDF). */
export function bytesBody(mediaType: string, description: string): OperationDocument {
  return {
    body: { description, required: true, content: { [mediaType]: { schema: BINARY } } },
  };
}

/** A read that answers an ETag and 304 to If-None-Match (@fastify/etag, routes/api.ts). */
export const CONDITIONAL_READ: OperationDocument = {
  headers: [
    {
      name: 'If-None-Match',
      description: 'L’ETag d’une lecture précédente\u00a0: 304 sans corps si rien n’a changé',
      schema: { type: 'string' },
    },
  ],
  responses: {
    200: {
      headers: {
        ETag: {
          description: 'La version de cette réponse (faible, `W/"…"`)',
          schema: { type: 'string' },
          required: true,
        },
      },
    },
    304: { empty: true },
  },
};
