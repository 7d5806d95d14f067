// The path parameters of the claim calls, and the rate limit of their writes.
import { CLAIM_FILE_ROLES, safeString } from '@espace/contract';
import { z } from 'zod';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { accountParams } from '../params';

/**
 * Requests per account and route of each claim write (a draft opened, a step saved, a file sent,
 * the sending: platform/rate-limits/tiers.ts); the typed values saved as the customer types
 * (progress.ts) are not counted.
 */
export const claimWriteConfig = { rateLimit: routeLimit(RATE_LIMITS.claim) };

export const draftParams = accountParams.extend({ draftId: safeString().min(1).max(100) });
export const draftFilesParams = draftParams.extend({ role: z.enum(CLAIM_FILE_ROLES) });
export const draftFileParams = draftParams.extend({ fileId: safeString().min(1).max(100) });
