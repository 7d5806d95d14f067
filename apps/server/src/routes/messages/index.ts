// The customer's messages (docs/product/messages.md), inside the authenticated /api/v1 scope (a
// path {accountId} other than the caller's is refused with 403 before a handler runs), with a
// per-account rate limit and the documents' multipart limits for the attachments.
import type { FastifyInstance } from 'fastify';
import { acceptFileUploads, MESSAGE_FIELD_BYTES } from '../multipart';
import { rateLimitPerAccount } from '../rate-limit';
import conversationReadRoutes from './conversation-reads';
import conversationWriteRoutes from './conversation-writes';
import messageDraftRoutes from './message-drafts';

export default async function messageRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await acceptFileUploads(app, { fieldBytes: MESSAGE_FIELD_BYTES });
  await app.register(conversationReadRoutes);
  await app.register(conversationWriteRoutes);
  await app.register(messageDraftRoutes);
}
