// The one Exif tag a stripped JPEG or PNG keeps (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md):
// Orientation (0x0112), which says how the sensor's rows must be turned to show the photo upright.
// Browsers apply it; without it a phone's portrait photo sent by another client than the portal
// (which redraws photos upright) would show on its side. The tag is read from IFD0 of a JPEG's
// APP1 Exif segment or a PNG's eXIf chunk (png.ts), bounds checked, and written back alone in a
// new Exif segment of 36 bytes (or eXIf chunk of 38): no camera, no date, no GPS, no thumbnail
// (docs/decisions/0131-every-customer-image-without-metadata.md).

const EXIF = 'Exif\0\0';
const ORIENTATION = 0x0112;
const SHORT = 3;

/** The Orientation (2 to 8) in IFD0 of TIFF data (Exif's body), or null: absent, 1, or unreadable. */
export function orientationOfTiff(tiff: Buffer): number | null {
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

/** TIFF data of 26 bytes whose IFD0 holds `orientation` alone. */
export function orientationTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(ORIENTATION, 10);
  tiff.writeUInt16BE(SHORT, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18); // then 2 bytes of padding and no next IFD (0)
  return tiff;
}

/** An Exif segment holding only the Orientation of `segment`, or null when there is none to keep. */
export function orientationOnly(segment: Buffer): Buffer | null {
  if (segment.toString('latin1', 4, 10) !== EXIF) return null;
  const orientation = orientationOfTiff(segment.subarray(10));
  if (orientation === null) return null;
  const head = Buffer.alloc(4);
  head.set([0xff, 0xe1]);
  head.writeUInt16BE(2 + EXIF.length + 26, 2);
  return Buffer.concat([head, Buffer.from(EXIF, 'latin1'), orientationTiff(orientation)]);
}
