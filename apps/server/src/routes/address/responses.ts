// What the address-change routes share: their refusals, their rate limit, their empty answer.
import { z } from 'zod';
import { CHANGE_RATE_LIMIT, changeErrorResponses } from '../policy/changes/params';

/** The refusals of the address calls (ARCHITECTURE.md decision 4: one error shape). */
export const addressErrorResponses = changeErrorResponses;

/** ARCHITECTURE.md decision 9: writes are rate-limited per account, as the contract changes are. */
export const addressRouteConfig = { rateLimit: CHANGE_RATE_LIMIT };

/** SPEC §4: validateAddress succeeds on 204, with no body. */
export const noContent = z.null().describe('Adresse vérifiée');
