/**
 * What an uploaded file really is (docs/decisions/0018-documents-streamed-and-sniffed.md): the type comes from the file's
 * own first bytes, never from its name or the declared Content-Type, and must agree with the
 * extension of its name. Also turns the customer's file name into one safe to store and to send
 * back in a Content-Disposition header.
 */
import { Readable } from 'node:stream';
import {
  UPLOAD_TYPES,
  uploadTypeByExtension,
  uploadTypeBySniffedMime,
  type UploadTypeKey,
} from '@espace/contract';

/** docs/product/documents.md accepted types, as detected from the bytes (contract upload-types.ts). */
export type SniffedType = UploadTypeKey;

/** How many leading bytes detection needs: file-type's own default sample size. */
export const SNIFF_BYTES = 4100;

/** The Content-Type to send a stored file back with. */
export function sniffedContentType(type: SniffedType): string {
  return UPLOAD_TYPES[type].mime;
}

/** The accepted type of a file from its first bytes (at least `SNIFF_BYTES` when available). */
export async function sniffAllowedType(firstBytes: Uint8Array): Promise<SniffedType | null> {
  if (firstBytes.length === 0) return null;
  // Loaded on the first upload, not at start (start-up time and idle memory).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(firstBytes);
  return uploadTypeBySniffedMime(detected?.mime) ?? null;
}

/** Whether the name's extension (any case) is one of the sniffed type's: pdf, png, jpg/jpeg. */
export function extensionMatches(fileName: string, sniffed: SniffedType | null): boolean {
  return sniffed !== null && uploadTypeByExtension(fileName) === sniffed;
}

const MAX_NAME_LENGTH = 120;
const MAX_EXTENSION_LENGTH = 10;
const FALLBACK_NAME = 'document';
/** Letters (accents included), digits, spaces and a few harmless punctuation marks. */
const UNSAFE = /[^\p{L}\p{M}\p{N} ._\-()'’,+]/gu;

function cut(text: string, length: number): string {
  // By code point, so a character outside the BMP is never split.
  return Array.from(text).slice(0, length).join('');
}

function trimDotsAndSpaces(text: string): string {
  return text.replace(/^[.\s]+|[.\s]+$/g, '');
}

/**
 * A file name safe to keep and to show: the last path segment only (so '../', 'C:\…' and the
 * like are gone), in NFC so accents stay single characters, each run of white space (tabs, line
 * breaks) made one space, without control or formatting characters (bidi overrides could
 * disguise an extension) nor anything outside a small safe set, no leading or trailing dots, at
 * most 120 characters with the extension kept, and never empty ('document').
 */
export function sanitizeFileName(original: string): string {
  const segments = original.split(/[/\\]/).filter((segment) => segment.trim() !== '');
  const name = (segments.at(-1) ?? '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const dot = name.lastIndexOf('.');
  let stem = dot === -1 ? name : name.slice(0, dot);
  let extension = dot === -1 ? '' : `.${name.slice(dot + 1).trim()}`;
  if (extension === '.' || extension.length > MAX_EXTENSION_LENGTH + 1 || extension.includes(' ')) {
    // Not an extension after all: keep it as part of the name.
    stem = name;
    extension = '';
  }
  stem = trimDotsAndSpaces(cut(trimDotsAndSpaces(stem), MAX_NAME_LENGTH - extension.length));
  return `${stem || FALLBACK_NAME}${extension}`;
}

/**
 * Reads the first `size` bytes of a stream for sniffing, and gives back a stream that replays
 * them followed by the rest, so the file can still be stored without ever being buffered whole.
 * To discard a refused file (a multipart part must be consumed), `resume()` the returned stream.
 * `size` may instead be a function told of each chunk read, in order, that answers true once it
 * has read enough (an image's header, platform/images/image-size.ts); `head` is then all of them.
 */
export async function readHead(
  source: AsyncIterable<Uint8Array>,
  size: number | ((chunk: Uint8Array) => boolean) = SNIFF_BYTES,
): Promise<{ head: Uint8Array; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  let enough = typeof size === 'number' && size <= 0;
  while (!done && !enough) {
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      chunks.push(next.value);
      length += next.value.length;
      enough = typeof size === 'number' ? length >= size : size(next.value);
    }
  }
  const buffered = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Uint8Array> {
    if (buffered.length > 0) yield buffered;
    while (!done) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const stream = Readable.from(replay(), { objectMode: false });
  // Releases the source when the consumer stops early or the stream is destroyed.
  stream.once('close', () => {
    Promise.resolve(iterator.return?.()).catch(() => undefined);
  });
  return { head: typeof size === 'number' ? buffered.subarray(0, size) : buffered, stream };
}
