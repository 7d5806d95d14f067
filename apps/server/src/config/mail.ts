// The mail part of the configuration (config.ts): the SMTP relay and the outbox relay that sends
// through it (docs/decisions/0056-one-outbox-relay.md, docs/operations.md « Mail and the outbox »).
import { BRAND_KEYS, type BrandKey } from '@espace/contract';
import { z } from 'zod';

export const mailEnv = {
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.email().optional(),
  CUSTOMER_SERVICE_EMAIL: z.email().optional(),
  /** The skin of the customers' e-mails: accounts do not keep the skin they chose (decision 0081). */
  MAIL_BRAND: z.enum(BRAND_KEYS).default('lumen'),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
};

export interface MailConfig {
  /** Only with SMTP_URL; `to` is customer service (CUSTOMER_SERVICE_EMAIL, then required). */
  smtp: { url: string; from: string; to: string } | undefined;
  /** The brand skin of the e-mails to customers about their requests and documents (MAIL_BRAND). */
  mailBrand: BrandKey;
  /** The outbox relay's retries, interval and claim lease (platform/outbox/relay.ts). */
  outbox: { maxAttempts: number; retryBaseMs: number; intervalMs: number; leaseMs: number };
}

export function mailConfig(e: z.infer<z.ZodObject<typeof mailEnv>>): MailConfig {
  return {
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.SMTP_FROM ?? 'no-reply@espace-assure.invalid',
          to: e.CUSTOMER_SERVICE_EMAIL!,
        }
      : undefined,
    mailBrand: e.MAIL_BRAND,
    outbox: {
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      intervalMs: e.OUTBOX_INTERVAL_MS,
      leaseMs: e.OUTBOX_LEASE_MS,
    },
  };
}
