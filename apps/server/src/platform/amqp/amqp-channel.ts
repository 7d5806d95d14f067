// The outbox's message broker channel (docs/integration.md « Message broker (AMQP) »,
// docs/decisions/0056-one-outbox-relay.md): a row written by recordEvent for the 'amqp'
// subscription names its event (outbox.event_id); the channel reads the event's body and
// publishes it to the exchange, and returns only once the broker confirmed it, so the relay
// records the row as sent only then. Enforces: routing key = the event's type; the message is
// persistent JSON whose message_id is the event's id ('evt_…') and whose timestamp is the
// event's, both identical when a row is published again (at least once, deduplicated by
// message_id on the consumer's side).
import type { Db } from '../../db/client';
import { UndeliverableError, type Channel } from '../outbox/relay';
import type { AmqpPublisher } from './amqp-publisher';

export function amqpChannel(db: Db, publisher: AmqpPublisher): Channel {
  return async (row) => {
    const event = await db
      .selectFrom('outbox as o')
      .innerJoin('events as e', 'e.id', 'o.event_id')
      .select(['e.event_id', 'e.type', 'e.body', 'e.created_at'])
      .where('o.id', '=', row.id)
      .executeTakeFirst();
    if (!event) throw new UndeliverableError('no event for this outbox row');
    const stamped = Date.parse(String(event.body.timestamp));
    const at = Number.isNaN(stamped) ? new Date(event.created_at).getTime() : stamped;
    await publisher.publish(event.type, Buffer.from(JSON.stringify(event.body)), {
      persistent: true,
      contentType: 'application/json',
      contentEncoding: 'utf-8',
      messageId: event.event_id,
      // AMQP timestamps are whole seconds since the epoch.
      timestamp: Math.floor(at / 1000),
      type: event.type,
      appId: 'espace-assure',
    });
  };
}
