// A client on a real socket that sends as slowly as asked, for the tests of slow and hostile
// clients (http/slow-clients.test.ts, http/limits.test.ts): the request's head at once, then its body
// `bytes` at a time every `everyMs`; it resolves what came back and when the connection closed.
import { connect } from 'node:net';
import { BOUNDARY, partHead } from './documents';

export interface SlowSend {
  port: number;
  head: string;
  body: Buffer;
  bytes: number;
  everyMs: number;
  /** Fails the send when the server has not closed the connection by then. */
  timeoutMs?: number;
}

export function sendSlowly({ port, head, body, bytes, everyMs, timeoutMs }: SlowSend) {
  return new Promise<{ answer: string; elapsedMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let waiting = false;
    const timer = setInterval(() => {
      if (waiting || sent >= body.length || !socket.writable) return;
      if (!socket.write(body.subarray(sent, (sent += bytes)))) {
        waiting = true;
        socket.once('drain', () => (waiting = false));
      }
    }, everyMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      // A whole answer that keeps its connection open: the client closes it.
      const length = /\r\n\r\n/.test(answer) && /content-length: (\d+)/i.exec(answer);
      if (length && answer.split('\r\n\r\n')[1]!.length >= Number(length[1])) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, elapsedMs: Date.now() - started });
    });
    socket.on('connect', () => socket.write(head));
    if (timeoutMs)
      setTimeout(() => reject(new Error('the server never cut the request')), timeoutMs).unref();
  });
}

/** The head of an authenticated POST with a body of `length` bytes. */
export const postHead = (path: string, token: string, contentType: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
  `Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

/** A multipart upload of `pdf` as a SEPA mandate, 'lent.pdf'. */
export function mandateUpload(pdf: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nmandat_sepa\r\n`,
    ),
    partHead({
      name: 'upfile',
      fileName: 'lent.pdf',
      contentType: 'application/pdf',
      content: pdf,
    }),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
