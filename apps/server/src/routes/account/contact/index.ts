// The contact requests of docs/product/contact-and-faq.md, with one mail transport (only when SMTP is configured) and a
// per-account rate limit on these write endpoints (docs/decisions/0012-security-baseline.md).
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import { createMailer } from '../../../platform/mail/mailer';
import mailContactRoute from './mail-contact';
import phoneContactRoute from './phone-contact';

export default async function contactRoutes(app: FastifyInstance) {
  const mailer = app.config.smtp ? createMailer(app.config.smtp) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  await rateLimitPerAccount(app);
  await app.register(phoneContactRoute, { mailer });
  await app.register(mailContactRoute, { mailer });
}
