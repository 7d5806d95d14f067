// Shared by the documents API tests: real sample files, a multipart body written by hand (so a
// test controls every byte: part order, declared type, file name), and counts of what the
// server kept (stored files, received_files rows) to prove that a refusal leaves nothing.
import { readdir } from 'node:fs/promises';
import { UPLOAD_TYPES, uploadTypeByExtension } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { renderDemoPdf } from '../../src/platform/pdf/demo-pdf';

/** A 4×4 JPEG and PNG drawn by Chromium (canvas.toDataURL), small but real images. */
export const SAMPLE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIwAVD7/2Q==',
  'base64',
);
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAIklEQVR4AYTIoQ0AAAwCwQbbjbpX5wdLMHzy5rD39DFRBwEAAP//DiDvdAAAAAZJREFUAwCVdwbt5aM9bgAAAABJRU5ErkJggg==',
  'base64',
);
export async function samplePdf(): Promise<Buffer> {
  return Buffer.from(await renderDemoPdf({ title: 'Permis de conduire', lines: ['Recto'] }));
}

export const BOUNDARY = '----espace-test-boundary-7d3f';

export type Part =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; content: Buffer };

/** The bytes before a part's content (its headers), for tests that stream the content. */
export function partHead(part: Part): Buffer {
  const disposition =
    'fileName' in part
      ? `form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}`
      : `form-data; name="${part.name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
}

export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(partHead(part));
    chunks.push('fileName' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A file part for `upfile`, with the type a browser would declare for its extension. */
export function upfile(fileName: string, content: Buffer, contentType?: string): Part {
  const type = uploadTypeByExtension(fileName);
  const declared = contentType ?? (type ? UPLOAD_TYPES[type].mime : 'application/octet-stream');
  return { name: 'upfile', fileName, contentType: declared, content };
}

/** Everything in the storage folder, temporary files included. */
export async function storedFileCount(documentsDir: string): Promise<number> {
  const names = await readdir(documentsDir).catch(() => []);
  return names.length;
}

export async function receivedRowCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('received_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function documentStatus(app: FastifyInstance, policyNumber: string, fileType: string) {
  const row = await app.db
    .selectFrom('policy_documents')
    .select('status')
    .where('policy_number', '=', policyNumber)
    .where('file_type', '=', fileType)
    .executeTakeFirstOrThrow();
  return row.status;
}
