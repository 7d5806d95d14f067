// The termination route (docs/product/termination.md terminate), with its mail transport (only when SMTP is
// configured) and the per-account rate limit of write endpoints (docs/decisions/0012-security-baseline.md).
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../../platform/mail/mailer';
import { rateLimitPerAccount } from '../../rate-limit';
import terminateRoute from './terminate';

export default async function terminationRoutes(app: FastifyInstance) {
  const mailer = app.config.smtp ? createMailer(app.config.smtp) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  await rateLimitPerAccount(app);
  await app.register(terminateRoute, { mailer });
}
