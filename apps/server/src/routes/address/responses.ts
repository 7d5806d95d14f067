// What the address-change routes share: their refusals, their rate limit, their empty answer.
import { z } from 'zod';
import { changeErrorResponses, changeRouteConfig } from '../policy/changes/params';

/** The refusals of the address calls (docs/decisions/0009-one-contract.md: one error shape). */
export const addressErrorResponses = changeErrorResponses;

/** docs/decisions/0012-security-baseline.md: writes are rate-limited per account, as the contract changes are. */
export const addressRouteConfig = changeRouteConfig;

/** docs/product/addresses.md: validateAddress succeeds on 204, with no body. */
export const noContent = z.null().describe('Adresse vérifiée');
