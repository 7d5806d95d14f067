// The refusals a route documents (docs/decisions/0009-one-contract.md: one error shape;
// docs/decisions/0013-bad-input-gets-a-french-400.md): each status it may answer with the one
// error body, `{ error: { code, message, fields? } }`. Every API of the server (the customer's,
// the integration's, the console's) lists its refusals with it: `errorResponses(400, 404, 429)`;
// an API's scope adds those every route of it may answer before its handler runs
// (`refusedBeforeTheHandler`), so its OpenAPI document says them all
// (docs/decisions/0142-the-documents-say-what-the-server-does.md).
import { errorBodySchema } from '@espace/contract';
import type { RouteOptions } from 'fastify';

/** The statuses a route of the server refuses with. */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 408 | 409 | 410 | 412 | 413 | 414 | 415 | 422 | 429;

/** The response schemas of `statuses`, each the error body, to spread into a route's `response`. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds to `route` the refusals of an authenticated API that come before its handler: 401 (no
 * valid token), 400 when it validates a parameter, a query or a body, 414 when a path
 * parameter is longer than the router takes (http-server.ts `frameworkErrors`; a GET under
 * /backoffice falls to the console app's 404 instead), 408, 413 and 415 for a write's body (too slow, plugins/body-rate.ts; too large; of a type it does not read), and
 * `also` (the scope's own, e.g. 403 for another's account).
 */
export function refusedBeforeTheHandler(route: RouteOptions, also: ErrorStatus[] = []): void {
  const { schema } = route;
  if (!schema) return;
  const statuses: ErrorStatus[] = [401, ...also];
  if (schema.params || schema.querystring || schema.body || schema.consumes) statuses.push(400);
  if (route.url.includes(':')) statuses.push(414);
  if ([route.method].flat().some((method) => WRITES.has(method))) statuses.push(408, 413, 415);
  route.schema = {
    ...schema,
    response: { ...errorResponses(...statuses), ...(schema.response as object) },
  };
}
