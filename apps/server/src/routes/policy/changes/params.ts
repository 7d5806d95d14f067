// What the contract-change routes share: their refusals, their rate limit, their empty answer.
import { errorBodySchema } from '@espace/contract';
import { z } from 'zod';

/** The refusals every change route can give (docs/decisions/0009-one-contract.md: one error shape). */
export const changeErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** Requests per account and route in CHANGE_RATE_LIMIT.timeWindow (index.ts). */
export const CHANGE_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
export const changeRouteConfig = { rateLimit: CHANGE_RATE_LIMIT };

/** docs/product/changes.md: the IBAN check succeeds on 204, with no body. */
export const noContent = z.null().describe('IBAN utilisable');
