// The three document calls of docs/product/documents.md, registered inside the authenticated /api/v1 scope (so
// a path {accountId} other than the caller's is already refused with 403). Multipart parsing
// is enabled for this plugin only, with limits that stop a request early: one file of at most
// 10,000,000 bytes, a handful of small fields.
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../rate-limit';
import downloadDocumentRoute from './download-document';
import listDocumentsRoute from './list-documents';
import uploadDocumentRoute from './upload-document';

export default async function documentRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_REQUEST,
      fields: 5,
      fieldSize: 200,
      parts: 10,
    },
    // Keep the name as sent, so a name with a path can be refused instead of silently cut.
    preservePath: true,
  });
  await app.register(listDocumentsRoute);
  await app.register(downloadDocumentRoute);
  await app.register(uploadDocumentRoute);
}
