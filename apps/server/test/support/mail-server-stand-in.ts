// A local SMTP server from the `smtp-server` package stands in for the broker's mail server (it
// sits outside the product, docs/development.md): it keeps what it receives for the test to read.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Listens on a free port, or on `port` again (a mail server that comes back). */
export function startMailServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

/** Quoted-printable bodies fold long lines and encode accents; read them back as text. */
export function decodeQuotedPrintable(data: string): string {
  return Buffer.from(
    data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
