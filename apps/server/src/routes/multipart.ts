// Multipart parsing for a group of routes that receive files (the documents to provide, a claim's
// photos and constat files): enabled for that group only, with limits that stop a request early
// (one file of at most MAX_UPLOAD_BYTES, a handful of small fields), so every upload route parses
// its body the same way.
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';

export async function acceptFileUploads(app: FastifyInstance): Promise<void> {
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
}
