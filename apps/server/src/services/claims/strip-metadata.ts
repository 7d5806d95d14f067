// Removes what a photo says about where it was taken (docs/decisions/0078-claim-photos-without-location.md).
// The browser re-encodes every photo through a canvas, which writes none; this is for any other
// client. A JPEG loses its APP1 segments (Exif, where GPS lives, and XMP) and APP13 (IPTC); a
// PNG its eXIf and text chunks (XMP travels in iTXt). The image data is copied untouched. A file
// whose structure cannot be walked answers null: the caller refuses it rather than store
// metadata it could not see.

const JPEG_DROPPED_MARKERS = new Set([0xe1, 0xed]);
const PNG_DROPPED_CHUNKS = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt']);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function stripJpeg(bytes: Buffer): Buffer | null {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xda) {
      kept.push(bytes.subarray(i)); // start of scan: the image data and the end follow
      return Buffer.concat(kept);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(bytes.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const end = i + 2 + bytes.readUInt16BE(i + 2);
    if (end > bytes.length) return null;
    if (!JPEG_DROPPED_MARKERS.has(marker)) kept.push(bytes.subarray(i, end));
    i = end;
  }
  return null;
}

function stripPng(bytes: Buffer): Buffer | null {
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const end = i + 12 + bytes.readUInt32BE(i);
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', i + 4, i + 8);
    if (!PNG_DROPPED_CHUNKS.has(type)) kept.push(bytes.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}

/** The image without location metadata; other files as they are; null when unreadable. */
export function stripLocationMetadata(bytes: Buffer): Buffer | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes);
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return stripPng(bytes);
  return bytes;
}
