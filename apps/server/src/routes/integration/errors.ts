// The error answers every /backoffice/v1 route documents (docs/decisions/0013-bad-input-gets-a-french-400.md):
// the customer API's body, `{ error: { code, message, fields? } }`.
import { errorBodySchema } from '@espace/contract';

export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  412: errorBodySchema,
  422: errorBodySchema,
} as const;
