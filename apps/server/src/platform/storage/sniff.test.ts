import PDFDocument from 'pdfkit';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extensionMatches, readHead, sanitizeFileName, sniffAllowedType } from './sniff';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 grey PNG: signature, IHDR, one deflated scanline, IEND. */
function tinyPng(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]); // 1×1, 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real 1×1 mid-grey baseline JPEG: one 8×8 block whose DC difference is 0 and whose AC
 * coefficients end at once, with one-symbol Huffman tables, so the scan is the bits "00".
 */
function tinyJpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const oneSymbolTable = (tableClass: number) => [tableClass, 1, ...Array(15).fill(0), 0x00];
  const [startOfImage, endOfImage] = [
    [0xff, 0xd8],
    [0xff, 0xd9],
  ];
  return Buffer.from([
    ...startOfImage,
    ...segment(0xe0, [...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array(64).fill(1)]), // quantisation table 0
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // baseline, 1×1, one component
    ...segment(0xc4, oneSymbolTable(0x00)), // DC table 0
    ...segment(0xc4, oneSymbolTable(0x10)), // AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // start of scan
    0b0011_1111, // DC category 0, end of block, padding ones
    ...endOfImage,
  ]);
}

async function tinyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [200, 200] });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  // Embedding parses both images, which shows they are real.
  doc.image(tinyPng(), 10, 10, { width: 50, height: 50 });
  doc.image(tinyJpeg(), 80, 10, { width: 50, height: 50 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

describe('sniffing the type from the bytes', () => {
  it('recognises a PDF, a PNG and a JPEG by their contents', async () => {
    expect(await sniffAllowedType(await tinyPdf())).toBe('pdf');
    expect(await sniffAllowedType(tinyPng())).toBe('png');
    expect(await sniffAllowedType(tinyJpeg())).toBe('jpeg');
  });

  it('needs only the first bytes of the file', async () => {
    expect(await sniffAllowedType((await tinyPdf()).subarray(0, 64))).toBe('pdf');
  });

  it('refuses an HTML page named .pdf', async () => {
    const sniffed = await sniffAllowedType(html);
    expect(sniffed).toBeNull();
    expect(extensionMatches('attestation.pdf', sniffed)).toBe(false);
  });

  it('refuses other real formats and empty files', async () => {
    expect(await sniffAllowedType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toBeNull();
    expect(await sniffAllowedType(Buffer.from('PK\x03\x04\x14\x00\x00\x00'))).toBeNull();
    expect(await sniffAllowedType(new Uint8Array(0))).toBeNull();
  });
});

describe('matching the extension with the sniffed type', () => {
  it.each([
    ['contrat.pdf', 'pdf'],
    ['CONTRAT.PDF', 'pdf'],
    ['photo.png', 'png'],
    ['photo.jpg', 'jpeg'],
    ['photo.JPEG', 'jpeg'],
  ] as const)('%s is a %s', (name, type) => {
    expect(extensionMatches(name, type)).toBe(true);
  });

  it.each([
    ['photo.png', 'pdf'],
    ['photo.pdf', 'png'],
    ['photo.jpe', 'jpeg'],
    ['photo.png', 'jpeg'],
    ['pdf', 'pdf'],
    ['photo.pdf.exe', 'pdf'],
  ] as const)('%s is not a %s', (name, type) => {
    expect(extensionMatches(name, type)).toBe(false);
  });
});

describe('sanitising the file name', () => {
  it.each([
    ['Relevé d’information été 2025.pdf', 'Relevé d’information été 2025.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system32\\carte grise.jpg', 'carte grise.jpg'],
    ['C:\\Users\\Zoé\\Documents\\permis.png', 'permis.png'],
    ['dossier/', 'dossier'],
    ['..', 'document'],
    ['', 'document'],
    ['   ', 'document'],
    ['.pdf', 'document.pdf'],
    ['<script>.pdf', 'script.pdf'],
    ['%%%.pdf', 'document.pdf'],
    ['rapport.', 'rapport'],
    ['.htaccess', 'document.htaccess'],
    ['facture\u202Efdp.exe', 'facturefdp.exe'],
    ['ligne\r\nContent-Type: text.pdf', 'ligne Content-Type text.pdf'],
    ['a < b > c.pdf', 'a b c.pdf'],
    ['deux   espaces\tet tab.pdf', 'deux espaces et tab.pdf'],
    ['Ce\u0301line.pdf', 'Céline.pdf'],
    ['a"b;c*d?e|f.pdf', 'abcdef.pdf'],
  ])('%j becomes %j', (original, expected) => {
    expect(sanitizeFileName(original)).toBe(expected);
  });

  it('cuts long names to 120 characters and keeps the extension', () => {
    const result = sanitizeFileName(`${'é'.repeat(200)}.jpeg`);
    expect(Array.from(result)).toHaveLength(120);
    expect(result.endsWith('é.jpeg')).toBe(true);
  });

  it('never cuts a character in half', () => {
    const result = sanitizeFileName('𝒜'.repeat(130));
    expect(Array.from(result)).toHaveLength(120);
    expect(result).toBe('𝒜'.repeat(120));
  });
});

describe('reading the head of a stream', () => {
  const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
  const inChunks = (size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    );

  async function readAll(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('gives the first bytes and a stream that still carries the whole file', async () => {
    const { head, stream } = await readHead(inChunks(700), 4100);
    expect(Buffer.from(head)).toEqual(bytes.subarray(0, 4100));
    expect(await readAll(stream)).toEqual(bytes);
  });

  it('handles a file shorter than the head and an empty one', async () => {
    const short = await readHead(Readable.from([Buffer.from('%PDF-')]), 4100);
    expect(Buffer.from(short.head).toString()).toBe('%PDF-');
    expect((await readAll(short.stream)).toString()).toBe('%PDF-');

    const empty = await readHead(Readable.from([]), 4100);
    expect(empty.head).toHaveLength(0);
    expect(await readAll(empty.stream)).toHaveLength(0);
  });

  it('passes on an error of the source after the head', async () => {
    async function* failing() {
      yield Buffer.alloc(5000);
      throw new Error('connection reset');
    }
    const { stream } = await readHead(failing(), 4100);
    await expect(readAll(stream)).rejects.toThrow('connection reset');
  });
});
