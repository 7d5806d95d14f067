import { describe, expect, it } from 'vitest';
import { stripLocationMetadata } from './strip-metadata';

const segment = (marker: number, body: string) => {
  const data = Buffer.from(body, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

const jpeg = (...segments: Buffer[]) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...segments,
    Buffer.from([0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]),
  ]);

describe('stripLocationMetadata', () => {
  it('drops the Exif segment of a JPEG (GPS included) and keeps the image', () => {
    const jfif = segment(0xe0, 'JFIF\0');
    const exif = segment(0xe1, 'Exif\0\0GPSLatitude 48.85');
    const stripped = stripLocationMetadata(jpeg(jfif, exif))!;
    expect(stripped.toString('latin1')).not.toContain('GPS');
    expect(stripped.equals(jpeg(jfif))).toBe(true);
  });

  it('drops the text and eXIf chunks of a PNG', () => {
    const chunk = (type: string, data: string) => {
      const body = Buffer.from(data, 'latin1');
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body, Buffer.alloc(4)]);
    };
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = Buffer.concat([
      signature,
      chunk('IHDR', '0123456789abc'),
      chunk('eXIf', 'GPS'),
      chunk('iTXt', 'XML:com.adobe.xmp GPS'),
      chunk('IEND', ''),
    ]);
    const stripped = stripLocationMetadata(png)!;
    expect(stripped.toString('latin1')).not.toContain('GPS');
    expect(stripped.toString('latin1')).toContain('IHDR');
  });

  it('answers null for a JPEG it cannot walk, and leaves a PDF alone', () => {
    expect(stripLocationMetadata(Buffer.from([0xff, 0xd8, 0x12, 0x34, 0, 0]))).toBeNull();
    const pdf = Buffer.from('%PDF-1.4 GPS');
    expect(stripLocationMetadata(pdf)).toBe(pdf);
  });
});
