// The logging a service needs, so services do not depend on Fastify: a request's pino logger
// (`request.log`) fits, and so does any logger with these two methods.
export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
