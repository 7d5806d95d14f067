// The rest of a body refused before it was all read (a 413, a file refused mid-upload, any error
// answered while the body still arrives): read and thrown away before the connection is reused or
// closed, so that a client that writes its whole body before reading the answer (most HTTP
// clients) reads the answer and its French body instead of a reset. Closing a socket whose
// incoming data is unread makes the kernel answer the client with a reset, which discards the 413
// already sent. Beyond MAX_DISCARDED_BYTES (a declared length, or what arrives) the connection is
// cut as before: nobody uploads that much to this API in good faith
// (docs/decisions/0161-an-oversized-body-is-read-so-its-413-arrives.md).
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';

/** The most of a refused body read and discarded: above every body limit of the API (36 MB). */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/**
 * Before an error is sent while its request's body is still arriving: the rest is read and
 * discarded (bounded), and the connection kept, so the answer reaches a client that writes first.
 * Nothing to do for a request whose body has arrived (every read).
 */
export function discardUnreadBody(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  if (declared > MAX_DISCARDED_BYTES) return;
  // Fastify's body parser asked for the connection to be closed: reading the rest instead lets
  // it be reused (a server that drains still closes it: app.ts).
  reply.removeHeader('connection');
  // A consumer that gave up (a multipart parser after a file over its limit) stops reading.
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
