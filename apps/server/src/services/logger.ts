// The logging a service needs, so services do not depend on Fastify: a request's pino logger
// (`request.log`) fits, and so does any logger with these two methods.
export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A URL for the logs, without the values of parameters that are secrets (a reset link's token). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1[caché]');
}
