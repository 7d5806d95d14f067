// The three document calls of docs/product/documents.md, registered inside the authenticated /api/v1 scope (so
// a path {accountId} other than the caller's is already refused with 403). Multipart parsing
// is enabled for this plugin only (routes/multipart.ts: limits that stop a request early).
import type { FastifyInstance } from 'fastify';
import { acceptFileUploads } from '../multipart';
import { rateLimitPerAccount } from '../rate-limit';
import downloadDocumentRoute from './download-document';
import listDocumentsRoute from './list-documents';
import uploadDocumentRoute from './upload-document';

export default async function documentRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await acceptFileUploads(app);
  await app.register(listDocumentsRoute);
  await app.register(downloadDocumentRoute);
  await app.register(uploadDocumentRoute);
}
