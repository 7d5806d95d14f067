// The If-Match and ETag of the integration API's records (docs/integration.md): a record's
// version is its strong ETag, `"3"`; If-Match takes it back (a weak `W/"3"` is read the same),
// or `*` for « any version of an existing record ». Anything else is a 400 naming the header.
import { INTEGRATION_MESSAGES } from '@espace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
