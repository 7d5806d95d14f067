import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FORMATS_CHOICE,
  ACCEPTED_FORMATS_TEXT,
  ACCEPTED_UPLOAD_EXTENSIONS,
  ACCEPTED_UPLOAD_MIME_TYPES,
  DEFAULT_MAX_FILE_NUMBER,
  extensionOf,
  isAcceptedUpload,
  MAX_FILES_PER_REQUEST,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT_ATTRIBUTE,
  UPLOAD_TYPES,
  uploadTypeByExtension,
  uploadTypeByMime,
  uploadTypeBySniffedMime,
} from './upload-types';

describe('the table of accepted uploads (docs/product/documents.md)', () => {
  it('accepts pdf, png, jpeg and jpg, 10,000,000 bytes, 4 files a document, 1 a request', () => {
    expect(ACCEPTED_UPLOAD_EXTENSIONS).toEqual(['pdf', 'png', 'jpeg', 'jpg']);
    expect(ACCEPTED_UPLOAD_MIME_TYPES).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    expect(MAX_UPLOAD_BYTES).toBe(10_000_000);
    expect(DEFAULT_MAX_FILE_NUMBER).toBe(4);
    expect(MAX_FILES_PER_REQUEST).toBe(1);
  });

  it('says the formats as the messages list them', () => {
    expect(ACCEPTED_FORMATS_TEXT).toBe('pdf, png, jpeg, jpg');
    expect(ACCEPTED_FORMATS_CHOICE).toBe('pdf, png, jpeg ou jpg');
  });

  it('gives the file input every extension and MIME type', () => {
    expect(UPLOAD_ACCEPT_ATTRIBUTE).toBe(
      '.pdf,.png,.jpeg,.jpg,application/pdf,image/png,image/jpeg',
    );
  });

  it('each type is sniffed as its own MIME type, and no sniffed type belongs to two', () => {
    const sniffed = Object.values(UPLOAD_TYPES).flatMap((type) => type.sniffedAs);
    expect(new Set(sniffed).size).toBe(sniffed.length);
    for (const type of Object.values(UPLOAD_TYPES)) expect(type.sniffedAs).toContain(type.mime);
  });

  it.each([
    ['scan.pdf', 'pdf'],
    ['SCAN.PDF', 'pdf'],
    ['photo.png', 'png'],
    ['photo.JPG', 'jpeg'],
    ['photo.jpeg', 'jpeg'],
    ['archive.tar.pdf', 'pdf'],
  ] as const)('%s claims the %s type', (name, type) => {
    expect(uploadTypeByExtension(name)).toBe(type);
  });

  it.each(['notes.txt', 'pdf', 'photo.gif', 'scan.pdf.exe', ''])('%j claims no type', (name) => {
    expect(uploadTypeByExtension(name)).toBeUndefined();
  });

  it('reads the extension without its dot, lower case', () => {
    expect(extensionOf('Relevé.PNG')).toBe('png');
    expect(extensionOf('sans-extension')).toBe('');
  });

  it('finds a type by declared MIME type, any case, and by what the sniffer reports', () => {
    expect(uploadTypeByMime('IMAGE/JPEG')).toBe('jpeg');
    expect(uploadTypeByMime('text/plain')).toBeUndefined();
    expect(uploadTypeBySniffedMime('image/apng')).toBe('png');
    expect(uploadTypeBySniffedMime('application/pdf')).toBe('pdf');
    expect(uploadTypeBySniffedMime('image/gif')).toBeUndefined();
    expect(uploadTypeBySniffedMime(undefined)).toBeUndefined();
  });

  it('accepts a file only when its name and declared type name the same type', () => {
    expect(isAcceptedUpload({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedUpload({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedUpload({ name: 'a.jpg', type: 'image/png' })).toBe(false);
    expect(isAcceptedUpload({ name: 'a.pdf', type: '' })).toBe(false);
    expect(isAcceptedUpload({ name: 'a.txt', type: 'application/pdf' })).toBe(false);
  });
});
