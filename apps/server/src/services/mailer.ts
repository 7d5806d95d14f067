// Mail to customer service, and to a customer: a receipt, a forgotten-password link
// (ARCHITECTURE.md: "outbox … SMTP by config"). Only built when SMTP_URL is set; short time-outs so
// a slow mail server cannot hold a customer's request for minutes.
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  subject: string;
  text: string;
  /** The customer's address, so customer service can answer directly. */
  replyTo?: string | undefined;
  /** Another recipient than customer service, e.g. the customer who gets a receipt. */
  to?: string | undefined;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(smtp: NonNullable<Config['smtp']>): Mailer {
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: smtp.from,
        to: message.to ?? smtp.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments
          ? {
              attachments: message.attachments.map((a) => ({
                ...a,
                content: Buffer.from(a.content),
              })),
            }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
