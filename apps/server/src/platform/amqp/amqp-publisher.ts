// The process's one connection to the message broker (docs/integration.md « Message broker
// (AMQP) »). Enforces:
// - one connection and one confirm channel per process, opened at the first publish (a server
//   with nothing to publish never connects, nor loads amqplib), reopened at the next publish
//   after any error or close;
// - the exchange is declared a durable topic exchange on each channel opened, so a broker whose
//   exchange was deleted gets it back, and one declared otherwise is a visible failure;
// - `publish` resolves only once the broker has confirmed the message (publisher confirms): a
//   nack, a closed channel or connection, or no confirm within CONFIRM_TIMEOUT_MS rejects it, so
//   the outbox relay retries the row (a confirm that was only lost causes a repeat, never a loss);
// - every error event is listened to: a broker that goes away never crashes the process.
import type { ChannelModel, ConfirmChannel, Options } from 'amqplib';
import type { AmqpSettings } from '../../config/amqp';
import type { Logger } from '../logger';

/** Longest wait for the broker's confirm; well under the outbox relay's claim lease. */
const CONFIRM_TIMEOUT_MS = 30_000;
/** Longest wait for the TCP (and TLS) connection to the broker. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface AmqpPublisher {
  /** Publishes to the configured exchange; resolves once the broker confirmed the message. */
  publish(routingKey: string, content: Buffer, properties: Options.Publish): Promise<void>;
  /** Closes the connection; publishing afterwards fails. */
  close(): Promise<void>;
}

interface Open {
  connection: ChannelModel;
  channel: ConfirmChannel;
}

export function createAmqpPublisher(settings: AmqpSettings, log: Logger): AmqpPublisher {
  let current: Promise<Open> | undefined;
  let closed = false;

  async function openOnce(forget: () => void): Promise<Open> {
    // amqplib is loaded with the first message, not at start (start-up time and idle memory).
    const { connect } = await import('amqplib');
    const connection = await connect(settings.url, {
      timeout: CONNECT_TIMEOUT_MS,
      clientProperties: { connection_name: 'espace-assure' },
    });
    connection.on('error', (err: Error) => log.warn({ err }, 'AMQP connection error'));
    connection.on('close', forget);
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: Error) => log.warn({ err }, 'AMQP channel error'));
      // A channel the broker closed (an unknown exchange, a refused declaration) takes its
      // connection with it: the next publish opens both afresh.
      channel.on('close', () => {
        forget();
        connection.close().catch(() => undefined);
      });
      await channel.assertExchange(settings.exchange, 'topic', { durable: true });
      return { connection, channel };
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  function open(): Promise<Open> {
    if (closed) return Promise.reject(new Error('the AMQP publisher is closed'));
    if (current) return current;
    const attempt: Promise<Open> = openOnce(() => {
      if (current === attempt) current = undefined;
    });
    current = attempt;
    attempt.catch(() => {
      if (current === attempt) current = undefined;
    });
    return attempt;
  }

  return {
    async publish(routingKey, content, properties) {
      const opened = await open();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A channel that never confirms may sit on a dead socket: the next publish reconnects
          // (the connection's close event forgets it).
          opened.connection.close().catch(() => undefined);
          reject(new Error(`no confirm from the broker within ${CONFIRM_TIMEOUT_MS} ms`));
        }, CONFIRM_TIMEOUT_MS);
        const done = (err: unknown) => {
          clearTimeout(timer);
          if (err) reject(err instanceof Error ? err : new Error(String(err)));
          else resolve();
        };
        try {
          opened.channel.publish(settings.exchange, routingKey, content, properties, done);
        } catch (err) {
          done(err ?? new Error('publish failed'));
        }
      });
    },
    async close() {
      closed = true;
      const opened = await current?.catch(() => undefined);
      current = undefined;
      await opened?.connection.close().catch(() => undefined);
    },
  };
}
