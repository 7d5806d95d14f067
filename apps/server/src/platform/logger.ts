// The server's log (docs/operations.md « Logs », docs/decisions/0023-configuration-logs-and-
// health.md): pino's JSON lines on the standard output. The logging a service needs, so services
// do not depend on Fastify: a request's pino logger (`request.log`) fits, and so does any logger
// with these two methods. Enforces that what a line may carry of a request or an error goes
// through the one redaction rule the traces use (redaction/redaction.ts): a request's URL without
// its secrets or personal data, an error's message and stack, and a line's message itself (an
// error's message, as Fastify's own handler logs it), without emails, IBANs or credentials.
import pino, { type Logger as Pino, type LoggerOptions, type SerializedError } from 'pino';
import { redactText, redactUrl } from './redaction/redaction';

export interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The serializers of every line: `req` (method, URL without secrets, address) and `err`. */
export const LOG_SERIALIZERS = {
  req: (req: { method: string; url: string; ip?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    remoteAddress: req.ip,
  }),
  err: (err: Error): SerializedError => {
    const serialized = pino.stdSerializers.err(err);
    return {
      ...serialized,
      message: redactText(serialized.message),
      stack: redactText(serialized.stack),
    };
  },
};

/** pino's options for the server's log at `level`. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: LOG_SERIALIZERS,
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
        method.apply(this, redacted as typeof args);
      },
    },
  };
}

/** The process's log (server.ts), given to Fastify as its logger. */
export function createLog(level = 'info'): Pino {
  return pino(logOptions(level));
}
