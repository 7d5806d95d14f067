// A file sent as an attachment (docs/decisions/0018-documents-streamed-and-sniffed.md): under its
// name (RFC 6266: an ASCII `filename` for old clients, the exact name in `filename*`), with its
// stored type, `nosniff` and a sandbox CSP, so a file can never run as a page of the portal. The
// customer's downloads and the integration API's request files are sent the same way; the staff
// console's previews are the same answer `inline`, framable by the console's own pages only.
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** The name without accents, other non-ASCII characters, quotes, backslashes or '%'. */
export function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return ascii.trim() || 'document';
}

export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; size: number | null; body: Readable | Buffer },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  if (file.size !== null) reply.header('content-length', String(file.size));
  if (disposition === 'inline') reply.header('x-frame-options', 'SAMEORIGIN');
  const framing = disposition === 'inline' ? "; frame-ancestors 'self'" : '';
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      contentDisposition(file.fileName, {
        type: disposition,
        fallback: asciiFileName(file.fileName),
      }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', `sandbox; default-src 'none'${framing}`)
    .send(file.body);
}
