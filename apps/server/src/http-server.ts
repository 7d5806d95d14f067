// The HTTP server under Fastify (slow or hostile clients cannot hold it). Enforces:
// a request whose headers and body have not all arrived within `requestTimeoutMs` is answered
// 408 and its connection closed (Node checks open requests every `checkEvery`, so the cut comes
// at most that much later), headers within `headersTimeoutMs`; a keep-alive connection idle for
// `keepAliveTimeoutMs` and any silent socket after `idleTimeoutMs` are closed; past
// `maxConnections` open sockets a new one is closed at once. Client errors (timeout, malformed
// request line, oversized headers) are answered in French, in the API's error shape. Also
// Fastify's own options (logger, body limit before authentication, this server), for app.ts.
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config/config';
import { errorBody } from './http/error-body';
import { logOptions } from './platform/logger';
import { activeTraceId } from './platform/telemetry/trace-context';

/** The largest body read before authentication (sign-in forms, the provider's endpoints). */
const UNAUTHENTICATED_BODY_LIMIT = 65_536;

/** How often Node looks for requests past their time-out: a tenth of it, 100 ms to 30 s. */
export function checkEvery(limits: Config['http']): number {
  const shortest = Math.min(limits.requestTimeoutMs, limits.headersTimeoutMs);
  return Math.min(30_000, Math.max(100, Math.floor(shortest / 10)));
}

export function createHttpServer(limits: Config['http']) {
  return (handler: RequestListener<typeof IncomingMessage, typeof ServerResponse>) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: checkEvery(limits),
      },
      handler,
    );
    server.setTimeout(limits.idleTimeoutMs);
    server.maxConnections = limits.maxConnections;
    return server;
  };
}

const CLIENT_ERRORS: Record<string, { status: number; label: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    label: 'Request Timeout',
    message: MESSAGES.api.requestTimeout,
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    label: 'Request Header Fields Too Large',
    message: MESSAGES.api.tooLarge,
  },
};

/** Fastify's `clientErrorHandler`: the default one's behaviour, with a French body. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
  const { status, label, message } = known ?? {
    status: 400,
    label: 'Bad Request',
    message: MESSAGES.api.badRequest,
  };
  const body = JSON.stringify(errorBody(ERROR_CODES.validation, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * One log line per request, when it is answered (docs/decisions/0023-configuration-logs-and-
 * health.md), with the request (method, URL without secrets: the serializer below), status and
 * duration. Fastify's own writes two, and each line is a write to the standard output, the
 * costliest call a read makes (docs/decisions/0068-api-reads-one-statement.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Fastify's options: its logger (the process's log server.ts made, or one of these options, or
 * none), the HTTP server above, the limits before authentication.
 */
/**
 * The router's own refusals, before any route (a path parameter longer than it takes: 414; an
 * address it cannot decode: 400), in the one error shape and in French rather than Fastify's
 * English body.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? MESSAGES.api.pathTooLong : MESSAGES.api.badRequest;
  void reply
    .code(status)
    .send(
      status >= 500
        ? errorBody(ERROR_CODES.internal, MESSAGES.api.internal)
        : errorBody(ERROR_CODES.validation, message),
    );
}

export function fastifyOptions(
  config: Config,
  logger: FastifyBaseLogger | boolean = true,
): FastifyServerOptions {
  return {
    // A reset link's token never reaches the logs (platform/logger.ts).
    ...(typeof logger === 'object'
      ? { loggerInstance: logger }
      : { logger: logger && logOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    // Bodies read before anyone is authenticated stay small; /api/v1 routes, whose
    // token is checked before their body is read, get API_BODY_LIMIT (routes/api.ts).
    bodyLimit: UNAUTHENTICATED_BODY_LIMIT,
    // With traces on, a request's id is its trace's id (a new trace's, unless TRUST_TRACEPARENT
    // lets the `traceparent` header continue one: platform/telemetry/incoming-context.ts);
    // without, `x-request-id` is honoured.
    ...(config.telemetry
      ? { requestIdHeader: false, genReqId: () => activeTraceId() ?? randomUUID() }
      : { requestIdHeader: 'x-request-id' }),
    logController: new OneLinePerRequest(),
    serverFactory: createHttpServer(config.http),
    // A request accepted while the server closes is answered, not refused with 503 (server.ts).
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  };
}

/**
 * The end of a drain (docs/decisions/0053-slow-clients-and-drain.md): stops accepting
 * connections, lets those just accepted deliver their request for `lingerMs` (Node's own
 * `server.close()` would cut them at once as idle), closes the connections still idle, and
 * resolves once every request in flight has been answered and its connection closed (each
 * answer carries `Connection: close` while draining, app.ts).
 */
export async function stopAccepting(server: http.Server, lingerMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  net.Server.prototype.close.call(server);
  await new Promise((resolve) => setTimeout(resolve, lingerMs));
  server.closeIdleConnections();
  await closed;
}
