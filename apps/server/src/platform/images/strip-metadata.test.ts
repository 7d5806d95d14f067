import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CMYK_JPEG,
  cameraJpeg,
  decodedPixels,
  editorPng,
  encodedJpeg,
  encodedPng,
  exifSegment,
  JFIF_WITH_THUMBNAIL,
  jpegMarkers,
  jpegSegment,
  METADATA_TEXTS,
  pngChunk,
  pngChunkTypes,
  PROGRESSIVE_JPEG,
} from '../../../test/support/image-samples';
import { stripImageMetadata } from './strip-metadata';
import type { StrippedImage } from './types';

function stripped(bytes: Buffer): StrippedImage {
  const result = stripImageMetadata(bytes);
  if (typeof result !== 'object') throw new Error(`not stripped: ${result}`);
  return result;
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
const texts = (bytes: Buffer) =>
  METADATA_TEXTS.filter((text) => bytes.toString('latin1').includes(text));

describe('stripImageMetadata: JPEG', () => {
  it('keeps only what decoding needs of a phone’s photo, and the same pixels', () => {
    const base = encodedJpeg(24, 16, 7);
    const photo = cameraJpeg(base);
    expect(texts(photo)).toEqual(METADATA_TEXTS);
    const { bytes, size } = stripped(photo);
    expect(size).toEqual({ width: 24, height: 16 });
    expect(texts(bytes)).toEqual([]);
    expect(jpegMarkers(bytes)).toEqual([0xe0, 0xdb, 0xc0, 0xc4, 0xda]);
    // The image data and the end, byte for byte; nothing after EOI (the motion photo's video).
    expect(bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xdb])))).toEqual(
      base.subarray(base.indexOf(Buffer.from([0xff, 0xdb]))),
    );
    expect(decodedPixels(bytes)).toEqual(decodedPixels(photo));
    expect(decodedPixels(bytes)).toEqual(decodedPixels(base));
  });

  it.each(['II', 'MM'] as const)(
    'keeps a portrait photo’s Exif Orientation alone, nothing else of Exif (%s)',
    (order) => {
      const base = encodedJpeg(12, 8);
      const photo = Buffer.concat([base.subarray(0, 20), exifSegment(6, order), base.subarray(20)]);
      expect(photo.toString('latin1')).toContain('Pixel 8 Pro');
      const { bytes } = stripped(photo);
      expect(jpegMarkers(bytes)).toEqual([0xe0, 0xe1, 0xdb, 0xc0, 0xc4, 0xda]);
      const exif = bytes.subarray(20, 20 + 36);
      expect(exif.toString('hex')).toBe(
        'ffe10022' + // APP1, 34 bytes
          '457869660000' + // Exif\0\0
          '4d4d002a00000008' + // big-endian TIFF, IFD0 at 8
          '0001' + // one entry
          '011200030000000100060000' + // Orientation, SHORT, 1 value: 6
          '00000000', // no next IFD
      );
      expect(texts(bytes)).toEqual(['Exif']);
      expect(decodedPixels(bytes)).toEqual(decodedPixels(base));
      // Upright (1), the tag says nothing: no Exif at all.
      const upright = Buffer.concat([
        base.subarray(0, 20),
        exifSegment(1, order),
        base.subarray(20),
      ]);
      expect(stripped(upright).bytes).toEqual(base);
    },
  );

  it('keeps JFIF’s version and density but not its thumbnail', () => {
    const { bytes } = stripped(cameraJpeg());
    const jfif = Buffer.concat([
      Buffer.from([0xff, 0xe0, 0, 16]),
      JFIF_WITH_THUMBNAIL.subarray(4, 16),
      Buffer.from([0, 0]), // a 0 × 0 thumbnail
    ]);
    expect(bytes.subarray(2, 20)).toEqual(jfif);
    expect(bytes.toString('latin1')).not.toContain('thumbs');
  });

  it('keeps a progressive JPEG’s scans and the tables between them, drops a comment there', () => {
    const sos = Buffer.from([0xff, 0xda]);
    const secondScan = PROGRESSIVE_JPEG.indexOf(sos, PROGRESSIVE_JPEG.indexOf(sos) + 2);
    const commented = Buffer.concat([
      PROGRESSIVE_JPEG.subarray(0, secondScan),
      jpegSegment(0xfe, 'Camille'),
      PROGRESSIVE_JPEG.subarray(secondScan),
    ]);
    const { bytes, size } = stripped(commented);
    expect(size).toEqual({ width: 24, height: 16 });
    expect(bytes).toEqual(PROGRESSIVE_JPEG);
    expect(decodedPixels(bytes)).toEqual(decodedPixels(commented));
  });

  it('keeps APP14 Adobe’s colour transform (a CMYK JPEG’s colours), cut to its 12 bytes', () => {
    const longer = Buffer.concat([
      SOI,
      jpegSegment(0xee, Buffer.concat([CMYK_JPEG.subarray(6, 18), Buffer.from('Camille')])),
      CMYK_JPEG.subarray(18),
    ]);
    const { bytes } = stripped(longer);
    expect(bytes).toEqual(CMYK_JPEG);
    expect(decodedPixels(bytes)).toEqual(decodedPixels(CMYK_JPEG));
    // Without it, a decoder cannot tell CMYK from YCCK: jpeg-js refuses the file.
    const without = Buffer.concat([SOI, CMYK_JPEG.subarray(18)]);
    expect(() => decodedPixels(without)).toThrow(/4 components/);
  });

  it.each([
    ['without its end (EOI)', (b: Buffer) => b.subarray(0, b.length - 2)],
    ['cut inside a segment', (b: Buffer) => b.subarray(0, 30)],
    [
      'with a scan header longer than its components say',
      (b: Buffer) => {
        const sos = b.indexOf(Buffer.from([0xff, 0xda]));
        const copy = Buffer.from(b);
        copy.writeUInt16BE(copy.readUInt16BE(sos + 2) + 2, sos + 2);
        return copy;
      },
    ],
    [
      'with a scan before its frame header',
      (b: Buffer) => Buffer.concat([SOI, b.subarray(b.indexOf(Buffer.from([0xff, 0xda])))]),
    ],
    [
      'with two frame headers',
      (b: Buffer) => {
        const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
        const length = b.readUInt16BE(sof + 2) + 2;
        return Buffer.concat([b.subarray(0, sof), b.subarray(sof, sof + length), b.subarray(sof)]);
      },
    ],
    [
      'with a zero height (DNL)',
      (b: Buffer) => {
        const copy = Buffer.from(b);
        copy.writeUInt16BE(0, copy.indexOf(Buffer.from([0xff, 0xc0])) + 5);
        return copy;
      },
    ],
    [
      'in JPEG-LS (SOF55)',
      (b: Buffer) => Buffer.concat([SOI, jpegSegment(0xf7, 'x'.repeat(9)), b.subarray(2)]),
    ],
    [
      'with a reserved marker',
      (b: Buffer) => Buffer.concat([SOI, jpegSegment(0x30, 'x'), b.subarray(2)]),
    ],
    [
      'with bytes between segments',
      (b: Buffer) => Buffer.concat([SOI, Buffer.from('Camille'), b.subarray(2)]),
    ],
    [
      'with a segment longer than the file',
      (b: Buffer) => Buffer.concat([SOI, Buffer.from([0xff, 0xe1, 0xff, 0xff]), b.subarray(2)]),
    ],
  ])('answers « unreadable » for a JPEG %s, never an exception', (_name, damage) => {
    expect(stripImageMetadata(damage(encodedJpeg()))).toBe('unreadable');
  });
});

describe('stripImageMetadata: PNG', () => {
  it('drops text, Exif, time, profile and density chunks, and what follows IEND; same pixels', () => {
    const base = encodedPng(24, 16, 3);
    const edited = editorPng(base);
    expect(texts(edited)).toEqual(expect.arrayContaining(['GPS', 'Camille', 'xmpmeta']));
    const { bytes, size } = stripped(edited);
    expect(size).toEqual({ width: 24, height: 16 });
    expect(pngChunkTypes(bytes)).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
    expect(texts(bytes)).toEqual([]);
    expect(bytes.toString('latin1')).not.toContain('trailing');
    expect(decodedPixels(bytes)).toEqual(decodedPixels(base));
  });

  it.each(['II', 'MM'] as const)(
    'keeps an eXIf chunk’s Orientation alone before the image data, nothing else of it (%s)',
    (order) => {
      const base = encodedPng(12, 8, 4);
      const tiff = (orientation: number) => exifSegment(orientation, order).subarray(10);
      const idat = 8 + 25;
      const png = (...chunks: Buffer[]) =>
        Buffer.concat([base.subarray(0, idat), ...chunks, base.subarray(idat)]);
      const photo = png(pngChunk('eXIf', tiff(6)), pngChunk('eXIf', tiff(3)));
      expect(texts(photo)).toEqual(expect.arrayContaining(['Pixel 8 Pro', 'WGS-84']));
      const { bytes } = stripped(photo);
      // One eXIf, the first: a decoder reads one.
      expect(pngChunkTypes(bytes)).toEqual(['IHDR', 'eXIf', 'IDAT', 'IEND']);
      expect(bytes.subarray(idat, idat + 38).toString('hex')).toBe(
        '0000001a' + // 26 bytes
          '65584966' + // eXIf
          '4d4d002a00000008' + // big-endian TIFF, IFD0 at 8
          '0001' + // one entry
          '011200030000000100060000' + // Orientation, SHORT, 1 value: 6
          '00000000' + // no next IFD
          bytes.subarray(idat + 34, idat + 38).toString('hex'), // its CRC: pngjs checks it below
      );
      expect(texts(bytes)).toEqual([]);
      expect(decodedPixels(bytes)).toEqual(decodedPixels(base));
      // Upright (1), or after the image data where decoders do not look: no eXIf at all.
      expect(stripped(png(pngChunk('eXIf', tiff(1)))).bytes).toEqual(base);
      const late = Buffer.concat([
        base.subarray(0, base.length - 12),
        pngChunk('eXIf', tiff(6)),
        base.subarray(base.length - 12),
      ]);
      expect(stripped(late).bytes).toEqual(base);
    },
  );

  it('keeps a palette and its transparency (PLTE, tRNS), so the pixels keep their alpha', () => {
    const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0]);
    const palette = pngChunk('PLTE', Buffer.from([255, 0, 0, 0, 0, 255]));
    const alpha = pngChunk('tRNS', Buffer.from([128]));
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('tEXt', 'Author\0Camille'),
      palette,
      alpha,
      pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 1]))),
      pngChunk('IEND', ''),
    ]);
    const { bytes } = stripped(png);
    expect(pngChunkTypes(bytes)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    expect([...decodedPixels(bytes).data]).toEqual([255, 0, 0, 128, 0, 0, 255, 255]);
  });

  const withChunk = (b: Buffer, chunk: Buffer, at = 33) =>
    Buffer.concat([b.subarray(0, at), chunk, b.subarray(at)]);
  it.each([
    ['without IEND', (b: Buffer) => b.subarray(0, b.length - 12)],
    ['whose IHDR is not first', (b: Buffer) => withChunk(b, pngChunk('gAMA', Buffer.alloc(4)), 8)],
    ['with a second IHDR', (b: Buffer) => withChunk(b, b.subarray(8, 33))],
    [
      'with a wrong CRC on its image data',
      (b: Buffer) => {
        const copy = Buffer.from(b);
        copy[copy.length - 13] = copy[copy.length - 13]! ^ 0xff;
        return copy;
      },
    ],
    ['with an unknown critical chunk', (b: Buffer) => withChunk(b, pngChunk('CgBI', 'x'))],
    [
      'with a bit depth its colour type forbids',
      (b: Buffer) => {
        const copy = Buffer.from(b);
        copy[24] = 3;
        return copy;
      },
    ],
    [
      'with a chunk longer than the file',
      (b: Buffer) => {
        const copy = Buffer.from(b);
        copy.writeUInt32BE(0x7fffffff, 33);
        return copy;
      },
    ],
  ])('answers « unreadable » for a PNG %s', (_name, damage) => {
    expect(stripImageMetadata(damage(encodedPng()))).toBe('unreadable');
  });

  it('leaves other files alone (a PDF is stored as sent)', () => {
    expect(stripImageMetadata(Buffer.from('%PDF-1.7 GPS'))).toBe('notAnImage');
    expect(stripImageMetadata(Buffer.alloc(0))).toBe('notAnImage');
  });

  it('answers « unreadable » for an empty image after its signature', () => {
    expect(stripImageMetadata(SOI)).toBe('unreadable');
    expect(stripImageMetadata(Buffer.concat([SOI, EOI]))).toBe('unreadable');
    expect(stripImageMetadata(encodedPng().subarray(0, 8))).toBe('unreadable');
  });
});
