// Multipart parsing for a group of routes that receive files (the documents to provide, a claim's
// photos and constat files): enabled for that group only, with limits that stop a request early
// (one file of at most MAX_UPLOAD_BYTES, a handful of small fields), so every upload route parses
// its body the same way.
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES, MESSAGE_TEXT_MAX } from '@espace/contract';
import type { FastifyInstance } from 'fastify';

/** A field's bytes: enough for a reference, a type or a subject. */
const FIELD_BYTES = 200;

/**
 * A message's text sent with its file (docs/product/messages.md): the longest text allowed,
 * MESSAGE_TEXT_MAX UTF-16 units of at most 3 bytes each in UTF-8, with room for the spaces around
 * it that the schema trims. A longer field is cut by the parser and refused by the service
 * (receive-file.ts `truncated`), never kept cut.
 */
export const MESSAGE_FIELD_BYTES = MESSAGE_TEXT_MAX * 4;

export async function acceptFileUploads(
  app: FastifyInstance,
  { fieldBytes = FIELD_BYTES }: { fieldBytes?: number } = {},
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_REQUEST,
      fields: 5,
      fieldSize: fieldBytes,
      parts: 10,
    },
    // Keep the name as sent, so a name with a path can be refused instead of silently cut.
    preservePath: true,
  });
}
