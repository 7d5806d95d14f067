// Editorial content (docs/product/contact-and-faq.md /faq and legal pages), inside the authenticated /api/v1 scope
// like every route of the portal (docs/product/contact-and-faq.md: all routes are behind authentication).
import type { FastifyInstance } from 'fastify';
import getFaqRoute from './get-faq';
import getLegalPageRoute from './get-legal-page';

export default async function contentRoutes(app: FastifyInstance) {
  await app.register(getFaqRoute);
  await app.register(getLegalPageRoute);
}
