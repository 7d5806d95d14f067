// The message broker part of the configuration (config.ts, docs/integration.md « Message broker
// (AMQP) »): events are published to an AMQP 0-9-1 broker (RabbitMQ) only when AMQP_URL is set;
// AMQP_EXCHANGE names the durable topic exchange they go to.
import { z } from 'zod';

const DEFAULT_AMQP_EXCHANGE = 'espace-assure.events';

export const amqpEnv = {
  /** amqp:// or amqps:// with user, password and virtual host; no publishing without it. */
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).optional(),
  AMQP_EXCHANGE: z
    .string()
    .regex(/^[\w.:-]{1,255}$/, 'lettres, chiffres, « . », « _ », « - » ou « : » (255 au plus)')
    .default(DEFAULT_AMQP_EXCHANGE),
};

export interface AmqpSettings {
  url: string;
  exchange: string;
}

export interface AmqpConfig {
  /** Only with AMQP_URL (platform/amqp/amqp-publisher.ts). */
  amqp: AmqpSettings | undefined;
}

export function amqpConfig(e: z.infer<z.ZodObject<typeof amqpEnv>>): AmqpConfig {
  return { amqp: e.AMQP_URL ? { url: e.AMQP_URL, exchange: e.AMQP_EXCHANGE } : undefined };
}
