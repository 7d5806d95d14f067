// The one table of files the portal accepts (docs/product/documents.md; docs/product/documents.md), in the
// manner of immich's mime-types.ts: each type with its extensions, the MIME type a browser
// declares and the server sends back, and its sniff rule (what a byte sniffer reports for the
// file's first bytes), then the limits of size and count. The server's checks
// (apps/server/src/platform/storage/sniff.ts, store-upload.ts), the browser's `accept`
// attribute and its checks before sending (checkFilesToAttach) all read it
// (docs/decisions/0047-upload-outcome-on-the-item.md).

/** docs/product/documents.md: at most 10 MB per file, counted as 10,000,000 bytes. */
export const MAX_UPLOAD_BYTES = 10_000_000;
/** docs/product/documents.md: at most this many files for a document, unless it says otherwise (maxFileNumber). */
export const DEFAULT_MAX_FILE_NUMBER = 4;
/** docs/product/documents.md uploadfile: one file per request; further files in the same request are dropped. */
export const MAX_FILES_PER_REQUEST = 1;

/**
 * docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md: an image decodes to
 * 4 bytes a pixel whatever its file's size, so a 30,000 × 30,000 PNG of a few kilobytes would
 * take 3.6 GB in the console's preview. At most 60 megapixels (240 MB decoded): a
 * full-resolution photo of the phones' 48 and 50 MP sensors (8,064 × 6,048; 8,160 × 6,144) fits;
 * their 64, 108 and 200 MP modes do not, and rarely fit in 10 MB anyway.
 */
export const MAX_IMAGE_PIXELS = 60_000_000;
/** The same record: no side over 16,384 px (2^14); a 200 MP phone photo's long side is 16,320. */
export const MAX_IMAGE_SIDE_PX = 16_384;

/** Whether an image of `width` × `height` pixels is within MAX_IMAGE_PIXELS and MAX_IMAGE_SIDE_PX. */
export function imageWithinLimits(width: number, height: number): boolean {
  return (
    width <= MAX_IMAGE_SIDE_PX && height <= MAX_IMAGE_SIDE_PX && width * height <= MAX_IMAGE_PIXELS
  );
}

export interface UploadType {
  /** The extensions of its names, lower case, without the dot; the first is its usual one. */
  extensions: readonly string[];
  /** The MIME type a browser declares for it and the server sends it back with. */
  mime: string;
  /** The sniff rule: the MIME types a byte sniffer (file-type) reports for such a file. */
  sniffedAs: readonly string[];
}

/** docs/product/documents.md accepted types, in the order the messages list them: pdf, png, jpeg, jpg. */
export const UPLOAD_TYPES = {
  pdf: { extensions: ['pdf'], mime: 'application/pdf', sniffedAs: ['application/pdf'] },
  // An animated PNG is still a valid PNG for every viewer.
  png: { extensions: ['png'], mime: 'image/png', sniffedAs: ['image/png', 'image/apng'] },
  jpeg: { extensions: ['jpeg', 'jpg'], mime: 'image/jpeg', sniffedAs: ['image/jpeg'] },
} as const satisfies Record<string, UploadType>;

export type UploadTypeKey = keyof typeof UPLOAD_TYPES;

const ENTRIES = Object.entries(UPLOAD_TYPES) as [UploadTypeKey, UploadType][];

/** Every accepted extension: pdf, png, jpeg, jpg. */
export const ACCEPTED_UPLOAD_EXTENSIONS: readonly string[] = ENTRIES.flatMap(
  ([, type]) => type.extensions,
);

/** Every accepted MIME type, as a browser reports it. */
export const ACCEPTED_UPLOAD_MIME_TYPES: readonly string[] = ENTRIES.map(([, type]) => type.mime);

/** The formats as the customer reads them in messages: « pdf, png, jpeg, jpg ». */
export const ACCEPTED_FORMATS_TEXT = ACCEPTED_UPLOAD_EXTENSIONS.join(', ');

/** The same as a choice: « pdf, png, jpeg ou jpg ». */
export const ACCEPTED_FORMATS_CHOICE = `${ACCEPTED_UPLOAD_EXTENSIONS.slice(0, -1).join(', ')} ou ${ACCEPTED_UPLOAD_EXTENSIONS.at(-1) ?? ''}`;

/** The `accept` attribute of a file input: extensions and MIME types. */
export const UPLOAD_ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`),
  ...ACCEPTED_UPLOAD_MIME_TYPES,
].join(',');

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The accepted type a file name's extension claims, if any. */
export function uploadTypeByExtension(name: string): UploadTypeKey | undefined {
  const ext = extensionOf(name);
  return ENTRIES.find(([, type]) => type.extensions.includes(ext))?.[0];
}

/** The accepted type a declared MIME type names (any case), if any. */
export function uploadTypeByMime(mime: string): UploadTypeKey | undefined {
  const lower = mime.toLowerCase();
  return ENTRIES.find(([, type]) => type.mime === lower)?.[0];
}

/** The accepted type that a sniffer's report for the file's bytes means, if any. */
export function uploadTypeBySniffedMime(sniffed: string | undefined): UploadTypeKey | undefined {
  if (sniffed === undefined) return undefined;
  return ENTRIES.find(([, type]) => type.sniffedAs.includes(sniffed))?.[0];
}

/** Whether a file's name and declared type both name the same accepted type. */
export function isAcceptedUpload(file: { name: string; type: string }): boolean {
  const byName = uploadTypeByExtension(file.name);
  return byName !== undefined && byName === uploadTypeByMime(file.type);
}
