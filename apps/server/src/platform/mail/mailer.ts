// Mail to customer service, and to a customer: a receipt, a forgotten-password link
// (docs/architecture.md: "outbox … SMTP by config"). Only built when SMTP_URL is set; short time-outs so
// a slow mail server cannot hold a customer's request for minutes.
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config/config';

export interface MailMessage {
  subject: string;
  text: string;
  /** The same words as HTML, for a mail in the brand skin (the first-access invitation). */
  html?: string | undefined;
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
  // nodemailer is loaded with the first message, not at start (start-up time and idle memory).
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport({
        url: smtp.url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      }),
    ));
  return {
    async send(message) {
      await (
        await open()
      ).sendMail({
        from: smtp.from,
        to: message.to ?? smtp.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
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
    close: () => void transport?.then((t) => t.close()).catch(() => undefined),
  };
}
