// The logging a service needs, so services do not depend on Fastify: a request's pino logger
// (`request.log`) fits, and so does any logger with these two methods.
export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * A URL for the logs, without secrets (a reset link's token) or personal data (an IBAN or an
 * email in the path or the query, the text typed in the address search: `q`).
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const rest = queryAt < 0 ? '' : url.slice(queryAt);
  // Path parameters that carry personal data: the IBAN checked, any email in a segment.
  const path = pathPart
    .replace(/(\/iban\/)[^/]+/gi, '$1[caché]')
    .replace(/[^/]*(@|%40)[^/]*/gi, '[caché]');
  return path + rest.replace(/([?&](?:token|email|iban|q)=)[^&#]*/gi, '$1[caché]');
}
