// A PNG walked chunk by chunk (PNG specification, third edition), for
// docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md. `stripPng` keeps, byte
// for byte with their CRCs, the chunks a decoder needs (IHDR, PLTE, IDAT, IEND), those that change
// how the pixels show (tRNS; gAMA, cHRM, sRGB, cICP: numbers, no text) and an animated PNG's
// (acTL, fcTL, fdAT). It rewrites an eXIf chunk before the image data to its Orientation alone
// (exif-orientation.ts, docs/decisions/0131-every-customer-image-without-metadata.md) and drops the
// rest: text (tEXt, zTXt, iTXt, where XMP travels), the rest of eXIf (GPS, camera, dates), tIME,
// iCCP (a profile with a free-text name and descriptions), pHYs, bKGD, sPLT… and whatever follows
// IEND. A file that does not walk to its IEND, whose header is not one a decoder accepts, with an
// unknown critical chunk or a kept chunk whose CRC is wrong answers null, never an exception.
import { crc32 } from 'node:zlib';
import { orientationOfTiff, orientationTiff } from './exif-orientation';
import type { ImageSize, StrippedImage } from './types';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_LENGTH = 2 ** 31 - 1;
const KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'cICP',
  'acTL',
  'fcTL',
  'fdAT',
]);
/** The bit depths each colour type allows. */
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** The size an IHDR's data at `at` gives, when within the format's range (1 to 2^31 − 1). */
export function headerSize(bytes: Uint8Array, at: number): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, 8);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const valid = (side: number) => side > 0 && side <= MAX_LENGTH;
  return valid(width) && valid(height) ? { width, height } : null;
}

/** IHDR's size when the rest of it is a combination a decoder accepts. */
function checkedHeader(chunk: Buffer): { size: ImageSize; colourType: number } | null {
  if (chunk.length !== 12 + 13) return null;
  const [depth, colourType, compression, filter, interlace] = chunk.subarray(16, 21);
  if (!DEPTHS[colourType!]?.includes(depth!)) return null;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return null;
  const size = headerSize(chunk, 8);
  return size && { size, colourType: colourType! };
}

/** Whether the CRC at the chunk's end is that of its type and data. */
function crcHolds(chunk: Buffer): boolean {
  return crc32(chunk.subarray(4, chunk.length - 4)) === chunk.readUInt32BE(chunk.length - 4);
}

/** A chunk of `type` and `data`, with its CRC. */
function chunkOf(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** An eXIf chunk holding only the Orientation of `chunk` (an eXIf whose CRC holds), or null. */
function orientationChunk(chunk: Buffer): Buffer | null {
  if (!crcHolds(chunk)) return null;
  const orientation = orientationOfTiff(chunk.subarray(8, chunk.length - 4));
  return orientation === null ? null : chunkOf('eXIf', orientationTiff(orientation));
}

/** The PNG with only what decoding and rendering need, and its size; null when it does not walk. */
export function stripPng(bytes: Buffer): StrippedImage | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let header: ReturnType<typeof checkedHeader> = null;
  let seen = { palette: false, data: false, orientation: false };
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    if (length > MAX_LENGTH || i + 12 + length > bytes.length) return null;
    const chunk = bytes.subarray(i, i + 12 + length);
    const type = chunk.toString('latin1', 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    i += chunk.length;
    if (!header) {
      header = type === 'IHDR' ? checkedHeader(chunk) : null;
      if (!header) return null;
    } else if (type === 'IHDR') return null;
    // Before the image data, where decoders read it; once.
    if (type === 'eXIf' && !seen.data && !seen.orientation) {
      const orientation = orientationChunk(chunk);
      if (orientation) kept.push(orientation);
      seen.orientation = orientation !== null;
      continue;
    }
    if (!KEPT.has(type)) {
      // An unknown critical chunk (upper-case first letter) is one no decoder reads past.
      if (type[0]! < 'a') return null;
      continue;
    }
    if (!crcHolds(chunk)) return null;
    kept.push(chunk);
    seen = {
      palette: seen.palette || type === 'PLTE',
      data: seen.data || type === 'IDAT',
      orientation: seen.orientation,
    };
    if (type === 'IEND') {
      const complete = seen.data && (header.colourType !== 3 || seen.palette);
      return complete ? { bytes: Buffer.concat(kept), size: header.size } : null;
    }
  }
  return null;
}
