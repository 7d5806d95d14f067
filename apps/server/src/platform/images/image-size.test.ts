import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  cameraJpeg,
  CMYK_JPEG,
  encodedJpeg,
  encodedPng,
  hugeJpeg,
  hugePng,
  jpegSegment,
  PROGRESSIVE_JPEG,
} from '../../../test/support/image-samples';
import { readImageSize, sizeReader } from './image-size';
import type { ImageType } from './types';

/** The size `bytes` gives when they come in chunks of `size` bytes. */
function sizeInChunks(type: ImageType, bytes: Buffer, size: number) {
  const reader = sizeReader(type);
  for (let i = 0; i < bytes.length; i += size) {
    const reading = reader.push(bytes.subarray(i, i + size));
    if (reading !== undefined) return reading;
  }
  return undefined;
}

describe('sizeReader', () => {
  it.each([
    ['jpeg', 'a JPEG', encodedJpeg(40, 30), { width: 40, height: 30 }],
    ['jpeg', 'a phone’s JPEG (APPn first)', cameraJpeg(encodedJpeg(7, 9)), { width: 7, height: 9 }],
    ['jpeg', 'a progressive JPEG', PROGRESSIVE_JPEG, { width: 24, height: 16 }],
    ['jpeg', 'a CMYK JPEG', CMYK_JPEG, { width: 24, height: 16 }],
    ['png', 'a PNG', encodedPng(33, 5), { width: 33, height: 5 }],
    ['jpeg', 'a 30,000 × 30,000 JPEG header', hugeJpeg(), { width: 30_000, height: 30_000 }],
    ['png', 'a 30,000 × 30,000 PNG header', hugePng(), { width: 30_000, height: 30_000 }],
  ] as const)('reads the size of %s: %s, whatever the chunks', (type, _name, bytes, size) => {
    for (const chunk of [1, 2, 3, 5, 7, 64, bytes.length]) {
      expect(sizeInChunks(type, bytes, chunk), `chunks of ${chunk}`).toEqual(size);
    }
  });

  it('passes over a 60 KB Exif segment by its length', () => {
    const base = encodedJpeg(12, 8);
    const exif = jpegSegment(0xe1, Buffer.alloc(60_000, 0xff));
    const photo = Buffer.concat([base.subarray(0, 2), exif, base.subarray(2)]);
    expect(sizeInChunks('jpeg', photo, 1000)).toEqual({ width: 12, height: 8 });
  });

  it.each([
    ['jpeg', 'a PNG read as a JPEG', encodedPng()],
    ['png', 'a JPEG read as a PNG', encodedJpeg()],
    ['jpeg', 'a scan before any frame header', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2])],
    ['jpeg', 'bytes where a marker should be', Buffer.from([0xff, 0xd8, 0x12, 0x34, 0, 0])],
    [
      'jpeg',
      'a segment shorter than its length field',
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 1]),
    ],
    ['jpeg', 'a zero height', hugeJpeg(100, 0)],
    ['png', 'a zero width', hugePng(0, 10)],
    ['png', 'a side past 2^31 − 1', hugePng(2 ** 31, 10)],
  ] as const)('says « unreadable » for %s: %s', (type, _name, bytes) => {
    expect(sizeInChunks(type, bytes, 3)).toBe('unreadable');
  });

  it('waits for more while the size is not there yet', () => {
    expect(sizeInChunks('jpeg', cameraJpeg().subarray(0, 200), 7)).toBeUndefined();
    expect(sizeInChunks('png', encodedPng().subarray(0, 23), 7)).toBeUndefined();
  });
});

describe('readImageSize', () => {
  const chunked = (bytes: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    );
  const whole = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('gives the size and a stream of every byte', async () => {
    const photo = cameraJpeg();
    const { size, stream } = await readImageSize(chunked(photo, 100), 'jpeg', 10_000);
    expect(size).toEqual({ width: 24, height: 16 });
    expect(await whole(stream)).toEqual(photo);
  });

  it('says « unreadable » for a file that ends before its size, undefined past maxBytes', async () => {
    const cut = cameraJpeg().subarray(0, 300);
    expect((await readImageSize(chunked(cut, 100), 'jpeg', 10_000)).size).toBe('unreadable');
    const long = await readImageSize(chunked(cameraJpeg(), 100), 'jpeg', 250);
    expect(long.size).toBeUndefined();
    expect(await whole(long.stream)).toEqual(cameraJpeg());
  });
});
