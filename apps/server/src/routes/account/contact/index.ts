// The contact requests of docs/product/contact-and-faq.md (mailed through the outbox relay,
// plugins/outbox.ts) with a per-account rate limit on these write endpoints
// (docs/decisions/0012-security-baseline.md).
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import mailContactRoute from './mail-contact';
import phoneContactRoute from './phone-contact';

export default async function contactRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(phoneContactRoute);
  await app.register(mailContactRoute);
}
