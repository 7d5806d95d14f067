// A request body must keep arriving (docs/decisions/0053-slow-clients-and-drain.md): one that
// delivers less than `minBodyRate` bytes a second over a window of `bodyRateWindowMs` is cut
// with 408 and its connection closed, within about one window, instead of holding a socket and
// a handler until REQUEST_TIMEOUT_MS (300 s). Bytes are counted on the socket (`bytesRead`),
// which never changes how the body is read; a body that has fully arrived is no longer watched.
// A real slow upload (10 MB at 1 Mbit/s, 125 KB/s) is far above the default 1 KB/s.
import { Socket } from 'node:net';
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { errorBody } from '../http/error-body';
import { hasBody } from '../http/has-body';

const TIMEOUT_BODY = JSON.stringify(errorBody(ERROR_CODES.validation, MESSAGES.api.requestTimeout));

export default fp(async function bodyRate(
  app: FastifyInstance,
  { minBodyRate, bodyRateWindowMs }: Config['http'],
) {
  if (minBodyRate <= 0) return;
  const minBytes = (minBodyRate * bodyRateWindowMs) / 1000;
  // Callback-style, as every hook run on each request (docs/decisions/0068-api-reads-one-statement.md).
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request;
    const socket = raw.socket;
    // Injected requests (tests, app.inject) have no real socket to watch.
    if (!(socket instanceof Socket) || !hasBody(request.headers) || raw.complete) return done();
    let last = socket.bytesRead;
    const check = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      const read = socket.bytesRead;
      if (read - last >= minBytes) {
        last = read;
        return;
      }
      stop();
      request.log.warn({ bytes: read - last, windowMs: bodyRateWindowMs }, 'corps trop lent : 408');
      // Written on the socket, as Node's own 408 is (http-server.ts): the handler may be reading.
      if (!reply.raw.headersSent && socket.writable) {
        socket.write(
          'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n' +
            'Content-Type: application/json; charset=utf-8\r\n' +
            `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`,
        );
      }
      socket.destroy();
    }, bodyRateWindowMs);
    check.unref();
    const stop = () => clearInterval(check);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
});
