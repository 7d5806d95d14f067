// The server's one mail transport and one outbox relay (docs/decisions/0056-one-outbox-relay.md),
// registered once at the root: `app.outbox` is what routes hand to services (`OutboxSender`:
// is mail on, and a wake-up after a commit). The transport exists only with SMTP_URL; without
// it the relay has no channel and mail rows are not written (demo mode logs reset links). With
// AMQP_URL events also go to the message broker (platform/amqp/), over one connection closed here.
// The relay runs once the app is ready, then every OUTBOX_INTERVAL_MS and after every write
// request that succeeded (what it committed is sent at once), and stops before the database
// closes; a second instance runs its own relay beside it on the same table. Webhooks
// (docs/integration.md « Webhooks ») are always a channel: endpoints come and go through the API.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { amqpChannel } from '../platform/amqp/amqp-channel';
import { createAmqpPublisher } from '../platform/amqp/amqp-publisher';
import { mailChannel } from '../platform/mail/mail-channel';
import { createMailer } from '../platform/mail/mailer';
import type { OutboxSender } from '../platform/outbox/outbox';
import { createOutboxRelay, type Channel, type ChannelOptions } from '../platform/outbox/relay';
import { webhookChannel } from '../platform/webhooks/webhook-channel';
import { dataExportChannel } from '../services/data-export/build-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox relay's face for routes (plugins/outbox.ts). */
    outbox: OutboxSender;
  }
}

export default fp(async function outbox(app: FastifyInstance) {
  const { smtp } = app.config;
  const mailer = smtp ? createMailer(smtp) : undefined;
  const { webhooks } = app.config;
  const channels: Record<string, Channel | ChannelOptions> = mailer
    ? { mail: mailChannel(mailer, app.storage) }
    : {};
  const amqp = app.config.amqp && createAmqpPublisher(app.config.amqp, app.log);
  if (amqp) channels.amqp = amqpChannel(app.db, amqp);
  channels.webhook = {
    deliver: webhookChannel(app.db, { ...webhooks, keys: app.secretKeys }),
    giveUpAfterMs: webhooks.retryMs,
    parallel: true,
  };
  // « Mes données » archives are built by the relay too (docs/decisions/0121-data-export-through-the-outbox.md).
  let wakeRelay = () => {};
  channels.export = dataExportChannel({
    db: app.db,
    storage: app.storage,
    issuer: app.config.legalIdentity,
    mail: mailer ? { publicUrl: app.config.publicUrl, brand: app.config.mailBrand } : undefined,
    wake: () => wakeRelay(),
    log: app.log,
  });
  const relay = createOutboxRelay(app.db, channels, app.config.outbox, app.log);
  wakeRelay = relay.wake;
  app.decorate('outbox', { mail: mailer !== undefined, wake: relay.wake });
  // Callback-style, as every hook run on each request (docs/decisions/0068-api-reads-one-statement.md).
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      relay.wake();
    done();
  });
  app.addHook('onReady', async () => relay.start());
  app.addHook('preClose', async () => {
    await relay.stop();
    mailer?.close();
    await amqp?.close();
  });
});
