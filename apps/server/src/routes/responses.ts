// The refusals a route documents (docs/decisions/0009-one-contract.md: one error shape;
// docs/decisions/0013-bad-input-gets-a-french-400.md): each status it may answer with the one
// error body, `{ error: { code, message, fields? } }`. Every API of the server (the customer's,
// the integration's, the console's) lists its refusals with it: `errorResponses(400, 404, 429)`.
import { errorBodySchema } from '@espace/contract';

/** The statuses a route of the server refuses with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429;

/** The response schemas of `statuses`, each the error body, to spread into a route's `response`. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
