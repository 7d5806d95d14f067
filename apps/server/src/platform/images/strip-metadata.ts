// Removes every metadata segment a camera or an editor may write into an image
// (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md, completing 0078):
// where the photo was taken, with what, when, by whom, its thumbnails and any text. Losslessly:
// the compressed image data is copied byte for byte, never decoded nor re-encoded, so the pixels
// a decoder reads are those of the customer's file (jpeg.ts, png.ts say what each keeps).
import { stripJpeg } from './jpeg';
import { PNG_SIGNATURE, stripPng } from './png';
import type { StrippedImage } from './types';

/**
 * A JPEG or PNG (by its first bytes) without its metadata, with its size; 'unreadable' when it
 * does not walk to its end; 'notAnImage' for other bytes (a PDF), which the caller keeps as sent.
 */
export function stripImageMetadata(bytes: Buffer): StrippedImage | 'unreadable' | 'notAnImage' {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes) ?? 'unreadable';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return stripPng(bytes) ?? 'unreadable';
  return 'notAnImage';
}
