// The server's one mail transport and one outbox relay (docs/decisions/0056-one-outbox-relay.md),
// registered once at the root: `app.outbox` is what routes hand to services (`OutboxSender`:
// is mail on, and a wake-up after a commit). The transport exists only with SMTP_URL; without
// it the relay has no channel and mail rows are not written (demo mode logs reset links).
// The relay runs once the app is ready, then every OUTBOX_INTERVAL_MS, and stops before the
// database closes; a second instance runs its own relay beside it on the same table.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailChannel } from '../platform/mail/mail-channel';
import { createMailer } from '../platform/mail/mailer';
import type { OutboxSender } from '../platform/outbox/outbox';
import { createOutboxRelay, type Channel } from '../platform/outbox/relay';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox relay's face for routes (plugins/outbox.ts). */
    outbox: OutboxSender;
  }
}

export default fp(async function outbox(app: FastifyInstance) {
  const { smtp } = app.config;
  const mailer = smtp ? createMailer(smtp) : undefined;
  const channels: Record<string, Channel> = mailer
    ? { mail: mailChannel(mailer, app.storage) }
    : {};
  const relay = createOutboxRelay(app.db, channels, app.config.outbox, app.log);
  app.decorate('outbox', { mail: mailer !== undefined, wake: relay.wake });
  app.addHook('onReady', async () => relay.start());
  app.addHook('preClose', async () => {
    await relay.stop();
    mailer?.close();
  });
});
