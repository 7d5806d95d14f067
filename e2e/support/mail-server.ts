// A local SMTP server from the `smtp-server` package, which stands in for the broker's mail
// server (outside the product) and keeps what it receives for the test to read.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message, quoted-printable bodies decoded. */
  data: string;
}

/** Quoted-printable bodies fold long lines and encode accents; read them back as text. */
function decodeQuotedPrintable(data: string): string {
  return Buffer.from(
    data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

export function startMailServer(mails: ReceivedMail[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port }),
    );
  });
}
