// Which contract a claim may be declared on, and the draft of the caller. Enforces:
// - the policy is the caller's (requireOwnPolicy: else 404 'Policy not found') and in force
//   (contract policyStateStyle 'active', else ConflictError): a suspended or terminated contract
//   covers nothing new (docs/product/claims.md);
// - a draft is read only through its account: another account's draft, or a draft already sent,
//   is 404 'Sinister not found', the message the upload screens already translate.
import { CLAIM_MESSAGES, policyStateStyle, UPLOAD_NOT_FOUND_BODIES } from '@espace/contract';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { requireOwnPolicy } from '../policies/policies';

export async function requireOwnPolicyActive(db: Db, accountId: string, policyNumber: string) {
  const policy = await requireOwnPolicy(db, accountId, policyNumber);
  if (policyStateStyle(policy.state) !== 'active') {
    throw new ConflictError(CLAIM_MESSAGES.invalid.notInForce);
  }
  return policy;
}

export async function requireOwnDraft(db: Db, accountId: string, draftId: string) {
  const draft = await db
    .selectFrom('claim_drafts')
    .selectAll()
    .where('id', '=', draftId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!draft) throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
  return draft;
}
