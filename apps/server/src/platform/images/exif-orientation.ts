// The one Exif tag a stripped JPEG keeps (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md):
// Orientation (0x0112), which says how the sensor's rows must be turned to show the photo upright.
// Browsers apply it; without it a phone's portrait photo sent by another client than the portal
// (which redraws photos upright) would show on its side. The tag is read from IFD0 of an APP1
// Exif segment, bounds checked, and written back alone in a new Exif segment of 36 bytes: no
// camera, no date, no GPS, no thumbnail.

const EXIF = 'Exif\0\0';
const ORIENTATION = 0x0112;
const SHORT = 3;

/** The Orientation (2 to 8) of an APP1 segment (from its 0xFF), or null: absent, 1, or unreadable. */
function orientationOf(segment: Buffer): number | null {
  if (segment.toString('latin1', 4, 10) !== EXIF) return null;
  const tiff = segment.subarray(10);
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== ORIENTATION) continue;
    if (u16(entry + 2) !== SHORT || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** An Exif segment holding only the Orientation of `segment`, or null when there is none to keep. */
export function orientationOnly(segment: Buffer): Buffer | null {
  const orientation = orientationOf(segment);
  if (orientation === null) return null;
  const kept = Buffer.alloc(2 + 2 + 6 + 8 + 2 + 12 + 4);
  kept.set([0xff, 0xe1]);
  kept.writeUInt16BE(kept.length - 2, 2);
  kept.write(EXIF, 4, 'latin1');
  kept.write('MM', 10, 'latin1');
  kept.writeUInt16BE(42, 12);
  kept.writeUInt32BE(8, 14); // IFD0 right after the header
  kept.writeUInt16BE(1, 18); // one entry
  kept.writeUInt16BE(ORIENTATION, 20);
  kept.writeUInt16BE(SHORT, 22);
  kept.writeUInt32BE(1, 24);
  kept.writeUInt16BE(orientation, 28); // then 2 bytes of padding and no next IFD (0)
  return kept;
}
