// What the contract-change routes share: their refusals, their rate limit, their empty answer.
import { z } from 'zod';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

/** The refusals every change route can give (docs/decisions/0009-one-contract.md: one error shape). */
export const changeErrorResponses = errorResponses(400, 401, 403, 404, 409, 429);

/** Requests per account and route (platform/rate-limits/tiers.ts, index.ts). */
export const changeRouteConfig = { rateLimit: routeLimit(RATE_LIMITS.change) };

/** docs/product/changes.md: the IBAN check succeeds on 204, with no body. */
export const noContent = z.null().describe('IBAN utilisable');
