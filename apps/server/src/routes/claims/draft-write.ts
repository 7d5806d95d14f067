// What a write to a claim draft says of the draft it was made from
// (docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md): If-Match, the draft's
// `version` as a strong ETag `"3"` (a weak `W/"3"` is read the same), and
// CLAIM_DRAFT_WRITER_HEADER, `<tab id>:<number of the write>`. Both are optional; anything else is
// a 400 naming the header. services/claims/draft-writes.ts applies the rule.
import { CLAIM_DRAFT_WRITER_HEADER, CLAIM_MESSAGES, claimDraftSchema } from '@espace/contract';
import type { FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../services/errors';
import type { DraftWrite } from '../../services/claims/draft-writes';
import { errorResponses } from '../responses';

/** What a write to a draft answers: the draft, or a refusal (412: another writer's was newer). */
export const DRAFT_WRITE_RESPONSES = {
  200: claimDraftSchema,
  ...errorResponses(400, 401, 403, 404, 409, 412),
} as const;

const refuse = (header: string, message: string) =>
  new InvalidInputError(message, { [header]: message });

export function draftWriteOf(request: FastifyRequest): DraftWrite {
  const write: DraftWrite = {};
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"(\d{1,9})"$/.exec(ifMatch.trim());
    if (!match) throw refuse('if-match', CLAIM_MESSAGES.invalid.ifMatch);
    write.ifMatch = Number(match[1]);
  }
  const writer = request.headers[CLAIM_DRAFT_WRITER_HEADER];
  if (writer !== undefined) {
    const match =
      typeof writer === 'string' ? /^([A-Za-z0-9-]{8,64}):(\d{1,9})$/.exec(writer.trim()) : null;
    if (!match) throw refuse(CLAIM_DRAFT_WRITER_HEADER, CLAIM_MESSAGES.invalid.writer);
    write.writer = { id: match[1]!, seq: Number(match[2]) };
  }
  return write;
}
