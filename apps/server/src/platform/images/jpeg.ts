// A JPEG walked segment by segment (ITU-T T.81 annex B), for
// docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md. `stripJpeg` keeps what
// a decoder reads, byte for byte and in order: SOI, the tables (DQT, DHT, DAC), DRI, DNL, the one
// frame header (SOFn), each scan (SOS and its entropy-coded data, restart markers included) and
// EOI. It rewrites APP0 JFIF without its thumbnail, APP14 Adobe to its 12 bytes (the colour
// transform of CMYK, YCCK and RGB JPEGs: without it their colours change) and an Exif APP1 to its
// Orientation alone (exif-orientation.ts), and drops everything else: the rest of Exif (GPS,
// camera, dates, thumbnail), XMP, APP2 (ICC profile, MPF), APP13 (Photoshop, IPTC), the other
// APPn, COM, and whatever follows EOI (a motion photo's video, MPF's other pictures). A file that
// does not walk to its EOI answers null, never an exception: the caller refuses it.
import { orientationOnly } from './exif-orientation';
import type { ImageSize, StrippedImage } from './types';

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;

/** SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC) which share their range. */
export function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers without a length: RST0–RST7 and TEM. */
export function isStandalone(marker: number): boolean {
  return (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
}

/** The size a frame header at `at` (its 0xFF) gives; null for a zero side (DNL, unsupported). */
export function frameSize(bytes: Uint8Array, at: number): ImageSize | null {
  const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
  const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
  return width > 0 && height > 0 ? { width, height } : null;
}

/** DHT, DAC, DQT, DNL, DRI, DHP, EXP: tables and parameters the decoder reads. */
const DECODING = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xde, 0xdf]);

/** APP1–APP13, APP15, COM and JPG0–JPG13 but JPEG-LS's SOF55 and LSE: nothing a decoder needs. */
function isDropped(marker: number): boolean {
  if (marker >= 0xe1 && marker <= 0xef) return marker !== APP14;
  return (
    marker === 0xfe || (marker >= 0xf0 && marker <= 0xfd && marker !== 0xf7 && marker !== 0xf8)
  );
}

function startsWith(segment: Buffer, identifier: string): boolean {
  return segment.toString('latin1', 4, 4 + identifier.length) === identifier;
}

/** APP0 JFIF: identifier, version, density units and density kept; no thumbnail. */
function jfifWithoutThumbnail(segment: Buffer): Buffer | null {
  if (segment.length < 18 || !startsWith(segment, 'JFIF\0')) return null;
  return Buffer.concat([
    Buffer.from([0xff, APP0, 0, 16]),
    segment.subarray(4, 16),
    Buffer.alloc(2),
  ]);
}

/** APP14 Adobe: identifier, version, flags and colour transform, nothing after them. */
function adobeTransform(segment: Buffer): Buffer | null {
  if (segment.length < 16 || !startsWith(segment, 'Adobe')) return null;
  return Buffer.concat([Buffer.from([0xff, APP14, 0, 14]), segment.subarray(4, 16)]);
}

/** The frame's size, when its header's length agrees with its components. */
function checkedFrameSize(segment: Buffer): ImageSize | null {
  const components = segment[9] ?? 0;
  if (components === 0 || segment.length !== 2 + 8 + 3 * components) return null;
  return frameSize(segment, 0);
}

/**
 * Where the entropy-coded data starting at `from` ends: the 0xFF of the next marker (0xFF 0x00
 * is a stuffed byte, 0xFF 0xD0–0xD7 a restart marker, both part of the data); -1 if none.
 */
function endOfScan(bytes: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = bytes.indexOf(0xff, i);
    if (i === -1 || i + 1 >= bytes.length) return -1;
    const next = bytes[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
    else if (next === 0xff)
      i += 1; // a fill byte before the marker
    else return i;
  }
}

/** What a segment of `marker` becomes: kept, rewritten, dropped (null) or refused ('refuse'). */
function keptSegment(marker: number, segment: Buffer): Buffer | null | 'refuse' {
  if (DECODING.has(marker)) return segment;
  if (marker === APP0) return jfifWithoutThumbnail(segment);
  if (marker === APP1) return orientationOnly(segment);
  if (marker === APP14) return adobeTransform(segment);
  // A reserved marker, a second SOI, JPEG-LS: not a JPEG a browser decodes.
  return isDropped(marker) ? null : 'refuse';
}

/** The JPEG with only what decoding needs, and its size; null when it does not walk. */
export function stripJpeg(bytes: Buffer): StrippedImage | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let size: ImageSize | null = null;
  let scanned = false;
  let i = 2;
  for (;;) {
    if (bytes[i] !== 0xff) return null;
    while (bytes[i + 1] === 0xff) i += 1; // fill bytes
    if (i + 1 >= bytes.length) return null;
    const marker = bytes[i + 1]!;
    if (marker === EOI) {
      if (!size || !scanned) return null;
      kept.push(bytes.subarray(i, i + 2));
      return { bytes: Buffer.concat(kept), size };
    }
    if (isStandalone(marker)) {
      i += 2; // outside a scan it carries nothing
      continue;
    }
    if (i + 4 > bytes.length) return null;
    const end = i + 2 + bytes.readUInt16BE(i + 2);
    if (end < i + 4 || end > bytes.length) return null;
    const segment = bytes.subarray(i, end);
    if (isFrameHeader(marker)) {
      if (size) return null; // one frame: browsers decode no hierarchical JPEG
      size = checkedFrameSize(segment);
      if (!size) return null;
      kept.push(segment);
    } else if (marker === SOS) {
      // A scan header as long as its components say, so no segment hides in a longer one.
      const components = segment[4] ?? 0;
      if (components < 1 || components > 4 || segment.length !== 2 + 6 + 2 * components)
        return null;
      const scanEnd = size ? endOfScan(bytes, end) : -1;
      if (scanEnd === -1) return null;
      kept.push(bytes.subarray(i, scanEnd));
      scanned = true;
      i = scanEnd;
      continue;
    } else {
      const segmentKept = keptSegment(marker, segment);
      if (segmentKept === 'refuse') return null;
      if (segmentKept) kept.push(segmentKept);
    }
    i = end;
  }
}
