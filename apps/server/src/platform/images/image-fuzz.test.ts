// The image walkers on generated input (fast-check, a fixed seed, FUZZ_RUNS runs): they never
// throw, whatever the bytes; a JPEG or PNG with metadata anywhere a writer may put it comes out
// as the same image without it, byte for byte; and when they accept a damaged file that a decoder
// reads, the decoder reads their output too, with the same pixels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cameraJpeg,
  CMYK_JPEG,
  decodedPixels,
  editorPng,
  encodedJpeg,
  encodedPng,
  JPEG_METADATA,
  jpegSegment,
  pngChunk,
  PROGRESSIVE_JPEG,
} from '../../../test/support/image-samples';
import { sizeReader } from './image-size';
import { stripImageMetadata } from './strip-metadata';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const options = { seed: SEED, numRuns: RUNS };

/** The pixels a decoder reads, or null when it refuses (or the image is too big to try). */
function pixelsOrNull(bytes: Buffer) {
  const type = bytes[0] === 0xff ? 'jpeg' : 'png';
  const size = sizeReader(type).push(bytes);
  if (typeof size !== 'object' || size.width * size.height > 250_000) return null;
  try {
    return decodedPixels(bytes);
  } catch {
    return null;
  }
}

/** A JPEG cut into its segments before the first scan, and the rest from that scan. */
function jpegParts(bytes: Buffer): { segments: Buffer[]; rest: Buffer } {
  const segments: Buffer[] = [];
  let i = 2;
  while (bytes[i + 1] !== 0xda) {
    const end = i + 2 + bytes.readUInt16BE(i + 2);
    segments.push(bytes.subarray(i, end));
    i = end;
  }
  return { segments, rest: bytes.subarray(i) };
}

const metadataSegment = fc.oneof(
  fc.constantFrom(...Object.values(JPEG_METADATA)),
  fc
    .tuple(
      fc.constantFrom(0xe1, 0xe2, 0xe3, 0xeb, 0xec, 0xed, 0xef, 0xfe),
      fc.uint8Array({ maxLength: 300 }),
    )
    .map(([marker, payload]) => jpegSegment(marker, Buffer.from(payload))),
);
const ancillaryChunk = fc
  .tuple(
    fc.constantFrom('tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'iCCP', 'pHYs', 'bKGD', 'prVt'),
    fc.uint8Array({ maxLength: 300 }),
  )
  .map(([type, data]) => pngChunk(type, Buffer.from(data)));

describe('the image walkers on generated input', () => {
  it('strip any metadata a JPEG carries before its scan, leaving the very same image', () => {
    // A few bases, encoded once (the encoder is slow): what varies is the metadata.
    const bases = fc.constantFrom(
      ...[1, 7, 16, 33].map((side, seed) => encodedJpeg(side, 41 - side, seed)),
      PROGRESSIVE_JPEG,
      CMYK_JPEG,
    );
    const inserts = fc.array(fc.tuple(fc.nat(), metadataSegment), { maxLength: 6 });
    fc.assert(
      fc.property(bases, inserts, fc.uint8Array({ maxLength: 40 }), (base, added, after) => {
        const { segments, rest } = jpegParts(base);
        for (const [at, segment] of added) segments.splice(at % (segments.length + 1), 0, segment);
        const photo = Buffer.concat([base.subarray(0, 2), ...segments, rest, after]);
        const result = stripImageMetadata(photo);
        expect(result).toEqual(stripImageMetadata(base));
        expect(typeof result === 'object' && result.bytes.equals(base)).toBe(true);
      }),
      options,
    );
  });

  it('strip any ancillary chunk of a PNG, leaving the very same image', () => {
    const bases = fc
      .tuple(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(255),
        fc.constantFrom(0 as const, 2 as const, 6 as const),
      )
      .map(([w, h, seed, colour]) => encodedPng(w, h, seed, colour));
    const inserts = fc.array(fc.tuple(fc.boolean(), ancillaryChunk), { maxLength: 6 });
    fc.assert(
      fc.property(bases, inserts, (base, added) => {
        const idat = base.indexOf('IDAT') - 4;
        const iend = base.length - 12;
        const before = added.filter(([first]) => first).map(([, chunk]) => chunk);
        const after = added.filter(([first]) => !first).map(([, chunk]) => chunk);
        const png = Buffer.concat([
          base.subarray(0, idat),
          ...before,
          base.subarray(idat, iend),
          ...after,
          base.subarray(iend),
        ]);
        const result = stripImageMetadata(png);
        expect(typeof result === 'object' && result.bytes.equals(base)).toBe(true);
      }),
      options,
    );
  });

  it('keep of any Exif segment its Orientation at most, in a segment of their own writing', () => {
    const base = encodedJpeg(8, 8);
    const header = fc.constantFrom('II*\0\x08\0\0\0', 'MM\0*\0\0\0\x08', 'II*\0', '');
    const entries = fc.array(
      fc.tuple(fc.constantFrom(0x0112, 0x010f, 0x8825), fc.nat(6), fc.nat(3), fc.nat(9)),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(header, entries, fc.uint8Array({ maxLength: 64 }), (head, fields, tail) => {
        const ifd = Buffer.alloc(2 + fields.length * 12);
        ifd.writeUInt16LE(fields.length);
        fields.forEach(([tag, type, count, value], i) => {
          ifd.writeUInt16LE(tag, 2 + i * 12);
          ifd.writeUInt16LE(type, 4 + i * 12);
          ifd.writeUInt32LE(count, 6 + i * 12);
          ifd.writeUInt16LE(value, 10 + i * 12);
        });
        const payload = Buffer.concat([Buffer.from(`Exif\0\0${head}`, 'latin1'), ifd, tail]);
        const photo = Buffer.concat([
          base.subarray(0, 20),
          jpegSegment(0xe1, payload),
          base.subarray(20),
        ]);
        const result = stripImageMetadata(photo);
        if (typeof result !== 'object') throw new Error('refused');
        const kept = result.bytes.subarray(20, result.bytes.length - base.length + 20);
        expect(kept.length === 0 || kept.length === 36).toBe(true);
        if (kept.length)
          expect(kept.subarray(0, 20).toString('latin1')).toBe(
            '\xff\xe1\0"Exif\0\0MM\0*\0\0\0\x08\0\x01',
          );
        expect(
          Buffer.concat([result.bytes.subarray(0, 20), result.bytes.subarray(20 + kept.length)]),
        ).toEqual(base);
      }),
      options,
    );
  });

  it('never throw on arbitrary bytes, behind a JPEG or PNG signature or not', () => {
    const starts = fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      encodedPng().subarray(0, 8),
      encodedPng().subarray(0, 33),
    );
    fc.assert(
      fc.property(starts, fc.uint8Array({ maxLength: 2000 }), (start, tail) => {
        const bytes = Buffer.concat([start, tail]);
        const result = stripImageMetadata(bytes);
        if (typeof result === 'object') expect(stripImageMetadata(result.bytes)).toEqual(result);
      }),
      options,
    );
  });

  it('accept a damaged file only as one whose output a decoder reads as it reads the input', () => {
    const images = [
      encodedJpeg(16, 16, 9),
      cameraJpeg(encodedJpeg(16, 8, 4)),
      PROGRESSIVE_JPEG,
      CMYK_JPEG,
      encodedPng(16, 16, 5),
      editorPng(encodedPng(8, 8, 2, 2)),
    ];
    const damage = fc.oneof(
      fc.tuple(fc.constant('flip' as const), fc.nat(), fc.integer({ min: 1, max: 255 })),
      fc.tuple(fc.constant('cut' as const), fc.nat(), fc.integer({ min: 1, max: 64 })),
      fc.tuple(fc.constant('insert' as const), fc.nat(), fc.integer({ min: 0, max: 255 })),
    );
    const damaged = fc
      .tuple(fc.constantFrom(...images), fc.array(damage, { minLength: 1, maxLength: 4 }))
      .map(([image, changes]) => {
        let bytes = Buffer.from(image);
        for (const [kind, where, value] of changes) {
          const at = where % bytes.length;
          if (kind === 'flip') bytes[at] = bytes[at]! ^ value;
          else if (kind === 'cut')
            bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + value)]);
          else
            bytes = Buffer.concat([
              bytes.subarray(0, at),
              Buffer.from([value]),
              bytes.subarray(at),
            ]);
        }
        return bytes;
      });
    fc.assert(
      fc.property(damaged, (bytes) => {
        const result = stripImageMetadata(bytes);
        if (typeof result !== 'object') return;
        // What was kept walks again to itself, and the streaming reader reads the same size.
        expect(stripImageMetadata(result.bytes)).toEqual(result);
        expect(sizeReader(bytes[0] === 0xff ? 'jpeg' : 'png').push(result.bytes)).toEqual(
          result.size,
        );
        const before = pixelsOrNull(bytes);
        if (before) expect(pixelsOrNull(result.bytes)).toEqual(before);
      }),
      { ...options, numRuns: RUNS * 4 },
    );
  });
});
