// Mail to customer service, or to a customer (forgotten-password link) (ARCHITECTURE.md: "outbox …
// SMTP by config"). Only built when SMTP_URL is set; short time-outs so a slow mail server cannot
// hold a customer's request for minutes.
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  /** Customer service (SMTP's configured address) unless given, e.g. a customer's own address. */
  to?: string | undefined;
  subject: string;
  text: string;
  /** The customer's address, so customer service can answer directly. */
  replyTo?: string | undefined;
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
      });
    },
    close: () => transport.close(),
  };
}
