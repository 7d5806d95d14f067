import { MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../plugins/errors';
import { findOwnPolicy } from '../../services/policies';

/**
 * The caller's policy, or 404 'Policy not found' (SPEC §8, ARCHITECTURE.md decision 2): a policy
 * of another account reads exactly like one that does not exist.
 */
export async function ownPolicyOr404(
  app: FastifyInstance,
  accountId: string,
  policyNumber: string,
) {
  const policy = await findOwnPolicy(app.db, accountId, policyNumber);
  if (!policy) throw new NotFoundError(MESSAGES.api.policyNotFound);
  return policy;
}
