// An image's size in pixels from its first bytes, read as they stream in
// (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md): a PNG's IHDR is at
// byte 16; a JPEG's frame header comes after its APPn segments (Exif, ICC, XMP: often tens of
// kilobytes, sometimes more), which are passed over by their lengths, never kept. Only the few
// bytes of a marker not whole yet wait for the next chunk. The caller then decides (the limits are
// the contract's imageWithinLimits), before the file is stored or sent to a browser.
import type { Readable } from 'node:stream';
import { readHead } from '../storage/sniff';
import { EOI, frameSize, isFrameHeader, isStandalone, SOI, SOS } from './jpeg';
import { headerSize, PNG_SIGNATURE } from './png';
import type { ImageSize, ImageType, SizeReading } from './types';

/** A PNG's size: its signature, then IHDR first, 13 bytes long. */
function pngSize(head: Buffer): SizeReading {
  if (head.length < 24) return undefined;
  const start = head.subarray(8, 16).toString('latin1');
  if (!head.subarray(0, 8).equals(PNG_SIGNATURE) || start !== '\0\0\0\rIHDR') return 'unreadable';
  return headerSize(head, 16) ?? 'unreadable';
}

/** Reads chunks in order until it knows the size; `push` answers it once known. */
export interface SizeReader {
  push(chunk: Uint8Array): SizeReading;
}

function pngSizeReader(): SizeReader {
  let head = Buffer.alloc(0);
  return {
    push(chunk) {
      head = Buffer.concat([head, chunk]).subarray(0, 24);
      return pngSize(head);
    },
  };
}

function jpegSizeReader(): SizeReader {
  let pending = Buffer.alloc(0); // the start of a marker not whole yet
  let skip = 0; // what remains of a segment being passed over
  let started = false;
  return {
    push(chunk) {
      const data = Buffer.concat([pending, chunk]);
      let i = Math.min(skip, data.length);
      skip -= i;
      while (skip === 0 && data.length - i >= 2) {
        const marker = data[i + 1]!;
        if (!started) {
          if (data[i] !== 0xff || marker !== SOI) return 'unreadable';
          started = true;
          i += 2;
          continue;
        }
        if (data[i] !== 0xff) return 'unreadable';
        if (marker === 0xff || isStandalone(marker)) {
          i += marker === 0xff ? 1 : 2;
          continue;
        }
        // The image data or its end before any frame header, or no marker at all.
        if (marker === SOS || marker === EOI || marker === SOI || marker === 0) return 'unreadable';
        const whole = isFrameHeader(marker) ? 9 : 4;
        if (data.length - i < whole) break;
        if (whole === 9) return frameSize(data, i) ?? 'unreadable';
        const length = data.readUInt16BE(i + 2);
        if (length < 2) return 'unreadable';
        const passed = Math.min(2 + length, data.length - i);
        skip = 2 + length - passed;
        i += passed;
      }
      pending = Buffer.from(data.subarray(i));
      return undefined;
    },
  };
}

export function sizeReader(type: ImageType): SizeReader {
  return type === 'png' ? pngSizeReader() : jpegSizeReader();
}

/**
 * Reads `source` until the image's size is known, and gives back a stream of all of it, as
 * readHead does. 'unreadable' when the file ends before its size; undefined when `maxBytes`
 * pass before it (the caller's size limit refuses such a file anyway).
 */
export async function readImageSize(
  source: AsyncIterable<Uint8Array>,
  type: ImageType,
  maxBytes: number,
): Promise<{ size: ImageSize | 'unreadable' | undefined; stream: Readable }> {
  const reader = sizeReader(type);
  let size: SizeReading;
  let read = 0;
  const { stream } = await readHead(source, (chunk) => {
    read += chunk.length;
    size = reader.push(chunk);
    return size !== undefined || read > maxBytes;
  });
  return { size: size ?? (read > maxBytes ? undefined : 'unreadable'), stream };
}
