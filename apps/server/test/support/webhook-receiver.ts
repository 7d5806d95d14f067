// A broker's webhook endpoint for the tests and the bench: a real HTTP server on the loopback
// that keeps every delivery (headers, raw body, time of arrival), checks its signature with the
// Standard Webhooks reference library against the secrets it is told, and answers what the test
// asks (2xx by default, a list of statuses to answer first, after a delay if told). It counts the
// connections it accepted, so a test shows that a refused delivery never connected. Given a key
// and a certificate, it answers over https (as a broker's endpoint in production does).
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  id: string;
  timestamp: number;
  signatures: string[];
  body: string;
  /** The secrets (of those given) whose signature is among the delivery's. */
  validFor: string[];
  receivedAt: number;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Secrets whose signature is checked on each delivery. */
  secrets: string[];
  /** Statuses answered to the next deliveries, first to last, before 204 again. */
  answers: number[];
  /** How long each answer is held back (a slow endpoint). */
  delayMs: number;
  /** Answers 307 to this URL instead (a redirect the server must not follow). */
  redirectTo?: string | undefined;
  /** Connections accepted, whatever came over them (a TLS hello, nothing at all). */
  connections: number;
  /** Called as each delivery arrives (the bench measures with it). */
  onDelivery?: ((delivery: Delivery) => void) | undefined;
  /** Deliveries whose signature no given secret verifies. */
  unsigned(): Delivery[];
  close(): Promise<void>;
}

function verifiedBy(secret: string, body: string, headers: http.IncomingHttpHeaders): boolean {
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

/** A receiver on `host` (a loopback address: 127.0.0.1 unless told), over https given `tls`. */
export async function startReceiver(
  secrets: string[] = [],
  host = '127.0.0.1',
  tls?: { key: string; cert: string },
): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    deliveries: [],
    secrets,
    answers: [],
    delayMs: 0,
    connections: 0,
    unsigned: () => receiver.deliveries.filter((d) => d.validFor.length === 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const handle: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery: Delivery = {
        id: String(request.headers['webhook-id']),
        timestamp: Number(request.headers['webhook-timestamp']),
        signatures: String(request.headers['webhook-signature'] ?? '').split(' '),
        body,
        validFor: receiver.secrets.filter((s) => verifiedBy(s, body, request.headers)),
        receivedAt: performance.now(),
      };
      receiver.deliveries.push(delivery);
      receiver.onDelivery?.(delivery);
      response.statusCode = receiver.answers.shift() ?? (receiver.redirectTo ? 307 : 204);
      if (receiver.redirectTo) response.setHeader('location', receiver.redirectTo);
      if (receiver.delayMs) setTimeout(() => response.end(), receiver.delayMs);
      else response.end();
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  server.on('connection', () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const scheme = tls ? 'https' : 'http';
  receiver.url = `${scheme}://${host}:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
