// Images built in the tests (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md):
// real JPEGs and PNGs encoded by pure-JS encoders, the metadata segments a camera or an editor
// writes, headers of images far over the pixel limits (a few hundred bytes, never the pixels),
// and the decoders that say whether two files show the same pixels.
import { deflateSync, crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A JPEG segment: marker, length, payload. */
export function jpegSegment(marker: number, payload: Buffer | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** Pixels that vary (a gradient and a pattern from `seed`), so that any change shows. */
function pixels(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    data[i * 4] = (i * 7 + seed) & 0xff;
    data[i * 4 + 1] = ((i % width) * 13 + seed * 3) & 0xff;
    data[i * 4 + 2] = (Math.floor(i / width) * 29 + seed * 5) & 0xff;
    data[i * 4 + 3] = 0xff;
  }
  return data;
}

/** A baseline JPEG as jpeg-js writes it: SOI, APP0 JFIF, DQT, SOF0, DHT, SOS…, EOI. */
export function encodedJpeg(width = 24, height = 16, seed = 1): Buffer {
  return jpeg.encode({ width, height, data: pixels(width, height, seed) }, 85).data;
}

/** A PNG as pngjs writes it (RGBA, or with `colorType` 2 RGB, 0 grey). */
export function encodedPng(width = 24, height = 16, seed = 1, colorType: 0 | 2 | 6 = 6): Buffer {
  const png = new PNG({ width, height });
  pixels(width, height, seed).copy(png.data);
  return PNG.sync.write(png, { colorType });
}

/**
 * A progressive JPEG (SOF2, several scans with their Huffman tables between them) and a CMYK one
 * (4 components, APP14 Adobe's colour transform), 24 × 16, as libvips writes them: made once,
 * with sharp outside this repository, because the encoders here write baseline YCbCr only.
 */
export const PROGRESSIVE_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wgARCAAQABgDASIAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAABgACBP/EABYBAQEBAAAAAAAAAAAAAAAAAAMAAv/aAAwDAQACEAMQAAABOLCyifjtWk//xAAcEAACAgIDAAAAAAAAAAAAAAABAwAEBRICESL/2gAIAQEAAQUCrq6KV+cuBFcTrUmX3n//xAAdEQABAgcAAAAAAAAAAAAAAAABAAIEBREUQWGB/9oACAEDAQE/AY6gJapc42ze42v/xAAdEQAABQUAAAAAAAAAAAAAAAAAAQMEEwIjMWGR/9oACAECAQE/AXaVGYzDZFOIrZ92P//EACAQAAECBgMBAAAAAAAAAAAAAAEAQgIEETEyYSKSosH/2gAIAQEABj8Ct4qreaKXxc46QPwwrIdipflG5w0v/8QAHRAAAgEEAwAAAAAAAAAAAAAAAREAIUFRoTFhsf/aAAgBAQABPyFGFVkHiO6689xLvIMBhZA1LI6iD8pP/9oADAMBAAIAAwAAABALP//EABoRAQADAAMAAAAAAAAAAAAAAAEAETEhYfD/2gAIAQMBAT8QC9ATi1d6LNgh82n/xAAZEQACAwEAAAAAAAAAAAAAAAAAAUFRccH/2gAIAQIBAT8QfXEashY//8QAGxABAQADAQEBAAAAAAAAAAAAAREAIVExEJH/2gAIAQEAAT8QbcLYgF1VS/mGax2AT2pZL8dO0ie0QPVb3Pe4jLSYIgEHou8//9k=',
  'base64',
);
export const CMYK_JPEG = Buffer.from(
  '/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJCQoUDg8MEBcUGBgXFBYWGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/8AAFAgAEAAYBEMRAE0RAFkRAEsRAP/EABoAAAIDAQEAAAAAAAAAAAAAAAUHBAYIAgP/xAAyEAABAwMCBAQEBQUAAAAAAAABAgMEBQYREiEAEzFBBwgiYRQycZEVM0NRgSRCoaKx/9oADgRDAE0AWQBLAAA/ADr11OIrTjdUoMGSH8uNrbtpupLDZJCUuPsSykqAG+wPfABHC58Nr+uEVEKrlYuWoM9NJrrrOPvq24vlZ8uNnTmVLaYkInKGS78W6UlWNzhZWcZ7aj9eGarwiXDk82jTKVGbByEKo0UkD6pQnf34N1OLEqFDMpinQo6mSHdCbalwCAOpW6hasJAJO+RsM/uNZ+H1ajz2WnUvIQXBo0P1lclz29KgBnOOnC1uTy1SILCnYUhh1PUISHFED3ONuLbbMWoU574aSZrgH96Ysdlr+NO/HTl8xrViU4OPUNCZWsf1VRlMZ06flKWnM/N3xjbGeye86XPTKsdyMjUpBmn5AofodQdj/PEnwz8vUSpM1du5XHGNJaMdUcJUf1ArJWkn9thj+dsTbutlq4hELq1JVH16cPvt51aevKcRn5e+fbG/AeqrtD8IRMn2g3GQw4At92jzaHHbQrAypbSXNR1aAArb1HB7FQ+CNxNU6tusVdclyK+kbtxo0pYUnOAlL6TpG5yUkdBkHAwwJXhBcK+b8Pft5MeglBNwuversCOWjA98n6cVu5qDezyWHYNcjSXWVEcvlOxElJ6klt71HYYCk9zuO/pSnrcOh6mG2GmicACuz3FfYoH/ADjYtniLMiIkQY07lHopyPDb/wAIAPC9uLw/8UaSSoXnX1tHZJVWnzn7K4LWrKqqD8LVXSt9I9SUMOH/AGWTwWkXWLcVTQ4y7UEOKcSCmoQkBQTp3HP0qOc5Gkj37cJ3ziS/gqhYbxiMym0maVR3ysIV+RseWpKvsRwT8KrHvits1tuuXdXoy21M8h52oy1E/matOh5AwcJ+YE9Mad8yL1oVSraIZpdYqdMUzr1iHIQzzM6catTa84wcdOp69v/Z',
  'base64',
);

/**
 * An APP1 Exif segment as a phone writes it (little-endian TIFF): IFD0 with Make, Model,
 * Orientation (`orientation`), DateTime and a GPS IFD (latitude 48° 51′ 23.76″ N, WGS-84).
 */
export function exifSegment(orientation: number, order: 'II' | 'MM' = 'II'): Buffer {
  const le = order === 'II';
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    if (le) b.writeUInt16LE(n);
    else b.writeUInt16BE(n);
    return b;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    if (le) b.writeUInt32LE(n);
    else b.writeUInt32BE(n);
    return b;
  };
  // IFD0 at 8: 5 entries (2 + 60 + 4 bytes), then its values, then the GPS IFD.
  const values = Buffer.from('Google\0Pixel 8 Pro\0 2026:11:20 08:31:02\0', 'latin1');
  const valuesAt = 8 + 2 + 5 * 12 + 4;
  const gpsAt = valuesAt + values.length;
  const entry = (tag: number, type: number, count: number, value: Buffer) =>
    Buffer.concat([
      u16(tag),
      u16(type),
      u32(count),
      Buffer.concat([value, Buffer.alloc(4)]).subarray(0, 4),
    ]);
  const ifd0 = Buffer.concat([
    u16(5),
    entry(0x010f, 2, 7, u32(valuesAt)),
    entry(0x0110, 2, 12, u32(valuesAt + 7)),
    entry(0x0112, 3, 1, u16(orientation)),
    entry(0x0132, 2, 20, u32(valuesAt + 20)),
    entry(0x8825, 4, 1, u32(gpsAt)),
    u32(0),
  ]);
  const rationalsAt = gpsAt + 2 + 3 * 12 + 4;
  const gps = Buffer.concat([
    u16(3),
    entry(0x0001, 2, 2, Buffer.from('N\0')),
    entry(0x0002, 5, 3, u32(rationalsAt)),
    entry(0x0012, 2, 7, u32(rationalsAt + 24)),
    u32(0),
    ...[48, 1, 51, 1, 2376, 100].map(u32),
    Buffer.from('WGS-84\0', 'latin1'),
  ]);
  const tiff = Buffer.concat([Buffer.from(order, 'latin1'), u16(42), u32(8), ifd0, values, gps]);
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

/** The comment a phone's gallery or an editor leaves in a photo (JPEG COM, PNG tEXt). */
export const PHOTO_COMMENT = 'Photo prise devant chez Camille, 12 rue des Lilas';

/** What a camera and an editor leave in a JPEG, each with a text a test looks for. */
export const JPEG_METADATA = {
  exif: exifSegment(1),
  xmp: jpegSegment(
    0xe1,
    'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description photoshop:City="Paris" exif:GPSLatitude="48,51.396N" xmp:CreatorTool="Lightroom"/></x:xmpmeta>',
  ),
  icc: jpegSegment(
    0xe2,
    Buffer.concat([
      Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'),
      Buffer.from('\0\0\x01\x00applmntrRGB XYZ desc Display P3 of Camille’s iPhone cprt', 'utf8'),
    ]),
  ),
  photoshop: jpegSegment(
    0xed,
    'Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x0f\x1c\x02\x50\0\x07Camille',
  ),
  comment: jpegSegment(0xfe, PHOTO_COMMENT),
  mpf: jpegSegment(0xe2, 'MPF\0MM\0*\0\0\0\x08 second picture'),
} as const;

/** Texts of the metadata above; a stripped file holds none. */
export const METADATA_TEXTS = [
  'Exif',
  'Pixel 8 Pro',
  '2026:11:20',
  'WGS-84',
  'GPS',
  'xmpmeta',
  'ICC_PROFILE',
  'Display P3',
  'Photoshop',
  '8BIM',
  'Camille',
  'MPF',
  'motion photo',
];

/** A JFIF header with a 2 × 1 thumbnail (6 bytes of RGB), as some cameras write it. */
export const JFIF_WITH_THUMBNAIL = jpegSegment(
  0xe0,
  Buffer.concat([
    Buffer.from('JFIF\0\x01\x02\x01\0\x48\0\x48\x02\x01', 'latin1'),
    Buffer.from('thumbs'),
  ]),
);

/**
 * `base` (a JPEG from encodedJpeg) as a phone writes it: its JFIF with a thumbnail, Exif (camera,
 * GPS), XMP, an ICC profile, MPF, Photoshop's IPTC and a comment before the image, another comment
 * between its tables, and a motion photo's video after its EOI.
 */
export function cameraJpeg(base: Buffer = encodedJpeg()): Buffer {
  const jfifLength = base.readUInt16BE(4) + 2;
  const tables = base.subarray(2 + jfifLength, base.length);
  const dqtLength = tables.readUInt16BE(2) + 2;
  const m = JPEG_METADATA;
  return Buffer.concat([
    base.subarray(0, 2),
    JFIF_WITH_THUMBNAIL,
    m.exif,
    m.xmp,
    m.icc,
    m.mpf,
    m.photoshop,
    m.comment,
    tables.subarray(0, dqtLength),
    m.comment,
    tables.subarray(dqtLength),
    Buffer.from('\0\0\0\x18ftypmp42 motion photo video', 'latin1'),
  ]);
}

/** `base` (a PNG from encodedPng) with the text, Exif, time, profile and density an editor adds. */
export function editorPng(base: Buffer = encodedPng()): Buffer {
  const ihdrEnd = 8 + 25;
  const iend = base.length - 12;
  return Buffer.concat([
    base.subarray(0, ihdrEnd),
    pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
    pngChunk(
      'iCCP',
      Buffer.concat([Buffer.from('Display P3 of Camille\0\0'), deflateSync('desc')]),
    ),
    pngChunk('tEXt', 'Author\0Camille Martin'),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0'), deflateSync('GPS 48.8566 N')])),
    pngChunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>Pixel 8 Pro</x:xmpmeta>'),
    pngChunk('eXIf', 'MM\0*\0\0\0\x08GPSLatitude 48.8566'),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 20, 8, 31, 2])),
    pngChunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    base.subarray(ihdrEnd, iend),
    pngChunk('tEXt', 'Comment\0after the image'),
    base.subarray(iend),
    Buffer.from('trailing bytes after IEND'),
  ]);
}

/** A PNG header of `width` × `height` grey pixels with a few compressed rows: a decompression bomb's start. */
export function hugePng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1 bit grey, deflate, no interlace
  const rows = deflateSync(Buffer.alloc(Math.min((Math.ceil(width / 8) + 1) * 4, 16_384)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', ''),
  ]);
}

/** A JPEG from encodedJpeg whose frame header says `width` × `height`. */
export function hugeJpeg(width = 30_000, height = 30_000): Buffer {
  const bytes = Buffer.from(encodedJpeg());
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

/** The RGBA pixels a pure-JS decoder reads (never more than 4 MP: a test must not exhaust itself). */
export function decodedPixels(bytes: Buffer): { width: number; height: number; data: Buffer } {
  if (bytes[0] === 0xff) {
    const image = jpeg.decode(bytes, { maxResolutionInMP: 4, maxMemoryUsageInMB: 64 });
    return { width: image.width, height: image.height, data: image.data };
  }
  const image = PNG.sync.read(bytes);
  return { width: image.width, height: image.height, data: image.data };
}

/** The markers of a JPEG's segments before its first scan, in order ('SOS' ends the list). */
export function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return markers;
}

/** The types of a PNG's chunks, in order. */
export function pngChunkTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let i = 8; i + 12 <= bytes.length; i += 12 + bytes.readUInt32BE(i))
    types.push(bytes.toString('latin1', i + 4, i + 8));
  return types;
}

/** What a photo of `gpsPhoto` carries besides its pixels and its Orientation; none may remain. */
export const LOCATING_TEXTS = ['WGS-84', 'Pixel 8 Pro', '2026:11:20', PHOTO_COMMENT];

/**
 * A portrait photo (Exif Orientation 6) with its GPS position (exifSegment) and a comment: a JPEG
 * (APP1 Exif, COM) or a PNG (eXIf, tEXt) around the pixels of `base`.
 */
export function gpsPhoto(type: 'jpeg' | 'png', base?: Buffer): Buffer {
  const exif = exifSegment(6);
  if (type === 'jpeg') {
    const image = base ?? encodedJpeg();
    const comment = jpegSegment(0xfe, PHOTO_COMMENT);
    return Buffer.concat([image.subarray(0, 2), exif, comment, image.subarray(2)]);
  }
  const image = base ?? encodedPng();
  const ihdrEnd = 8 + 25;
  return Buffer.concat([
    image.subarray(0, ihdrEnd),
    pngChunk('eXIf', exif.subarray(10)), // the TIFF data, without APP1's header
    pngChunk('tEXt', `Comment\0${PHOTO_COMMENT}`),
    image.subarray(ihdrEnd),
  ]);
}

/**
 * The entries of IFD0 of an image's Exif (a JPEG's APP1 « Exif », a PNG's eXIf), each tag with
 * the SHORT at its value's place, read by hand; empty without Exif. 0x0112 is the Orientation,
 * 0x8825 the pointer to the GPS position.
 */
export function exifTags(bytes: Buffer): Map<number, number> {
  let tiff: Buffer | undefined;
  if (bytes[0] === 0xff) {
    for (let i = 2; i + 4 <= bytes.length && bytes[i + 1] !== 0xda;) {
      const end = i + 2 + bytes.readUInt16BE(i + 2);
      if (bytes[i + 1] === 0xe1 && bytes.toString('latin1', i + 4, i + 10) === 'Exif\0\0')
        tiff = bytes.subarray(i + 10, end);
      i = end;
    }
  } else {
    for (let i = 8; i + 12 <= bytes.length; i += 12 + bytes.readUInt32BE(i)) {
      if (bytes.toString('latin1', i + 4, i + 8) === 'eXIf')
        tiff = bytes.subarray(i + 8, i + 8 + bytes.readUInt32BE(i));
    }
  }
  const tags = new Map<number, number>();
  if (!tiff) return tags;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let n = 0; n < u16(ifd); n += 1) {
    const entry = ifd + 2 + n * 12;
    tags.set(u16(entry), u16(entry + 8));
  }
  return tags;
}
