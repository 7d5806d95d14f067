// The If-Match and ETag of the integration API's records (docs/integration.md): a record's
// version is its strong ETag, `"3"`; If-Match takes it back (a weak `W/"3"` is read the same),
// or `*` for « any version of an existing record ». Anything else is a 400 naming the header.
// What the OpenAPI document says of both (docs/decisions/0142-the-documents-say-what-the-server-does.md).
import { INTEGRATION_MESSAGES } from '@espace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  HeaderParameter,
  OperationDocument,
  ResponseHeader,
} from '../../http/openapi-operation';
import { InvalidInputError } from '../../services/errors';
import type { IfMatch } from '../../services/integration/records';

export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return '*';
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(value);
  if (!match)
    throw new InvalidInputError(INTEGRATION_MESSAGES.ifMatch, {
      'if-match': INTEGRATION_MESSAGES.ifMatch,
    });
  return Number(match[1]);
}

export function sendWithVersion<T extends { version: number }>(
  reply: FastifyReply,
  status: number,
  body: T,
) {
  return reply.code(status).header('etag', `"${body.version}"`).send(body);
}

const ETAG: ResponseHeader = {
  description: 'La version de l’enregistrement, entre guillemets («\u00a0"3"\u00a0»)',
  schema: { type: 'string', pattern: '^"\\d+"$' },
  required: true,
};

const IF_MATCH: HeaderParameter = {
  name: 'If-Match',
  description:
    'La version lue (son ETag)\u00a0: écrit seulement si l’enregistrement l’a encore, 412 sinon\u00a0; `*`\u00a0: seulement s’il existe. Absent\u00a0: le dernier qui écrit l’emporte.',
  schema: { type: 'string' },
};

/** A read answered with the record's ETag. */
export const versionedRead: OperationDocument = { responses: { 200: { headers: { ETag: ETAG } } } };

/** A PUT that reads If-Match and answers the record's ETag. */
export const versionedWrite: OperationDocument = {
  headers: [IF_MATCH],
  responses: { 200: { headers: { ETag: ETAG } }, 201: { headers: { ETag: ETAG } } },
};

/** A DELETE that reads If-Match, answered without a body. */
export const versionedDelete: OperationDocument = {
  headers: [IF_MATCH],
  responses: { 204: { description: 'Supprimé', empty: true } },
};
