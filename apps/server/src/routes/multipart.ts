// Multipart parsing for a group of routes that receive files (the documents to provide, a claim's
// photos and constat files): enabled for that group only, with limits that stop a request early
// (one file of at most MAX_UPLOAD_BYTES, a handful of small fields), so every upload route parses
// its body the same way, and says so in the OpenAPI document (uploadBody).
import multipart from '@fastify/multipart';
import {
  ACCEPTED_FORMATS_CHOICE,
  ACCEPTED_UPLOAD_MIME_TYPES,
  MAX_FILES_PER_REQUEST,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE_PX,
  MAX_UPLOAD_BYTES,
  MESSAGE_TEXT_MAX,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BINARY,
  multipartBody,
  type MultipartField,
  type OperationDocument,
} from '../http/openapi-operation';

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

/** What a field of an upload's multipart body is, in the document: its zod schema's, as sent. */
export function formField(schema: z.ZodType, description: string, required = true): MultipartField {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return { schema: json, description, required };
}

const LIMITS = `Un seul fichier\u00a0: ${ACCEPTED_FORMATS_CHOICE} (${ACCEPTED_UPLOAD_MIME_TYPES.join(', ')}), au plus ${MAX_UPLOAD_BYTES / 1_000_000} Mo (${MAX_UPLOAD_BYTES.toLocaleString('fr-FR')} octets, 413 au-delà)\u00a0; une image d’au plus ${MAX_IMAGE_PIXELS / 1_000_000} mégapixels et ${MAX_IMAGE_SIDE_PX.toLocaleString('fr-FR')} pixels de côté. Le type est reconnu à ses octets\u00a0: un autre est refusé (415).`;

/**
 * The multipart body of an upload (docs/decisions/0142-the-documents-say-what-the-server-does.md):
 * `fields` in the order they must come (what the file is for before the file, read first), then
 * the file part `fileField`, with the limits acceptFileUploads and the checks of the upload
 * (services/documents/store-upload.ts) apply.
 */
export function uploadBody(
  description: string,
  fields: Record<string, MultipartField>,
  fileField: string,
): OperationDocument {
  const document = multipartBody(`${description} ${LIMITS}`, {
    ...fields,
    [fileField]: { schema: BINARY, description: 'Le fichier' },
  });
  document.body!.content['multipart/form-data']!.encoding = {
    [fileField]: { contentType: ACCEPTED_UPLOAD_MIME_TYPES.join(', ') },
  };
  return document;
}
