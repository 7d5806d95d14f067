// `Content-Disposition: attachment` with an RFC 6266 file name (ARCHITECTURE.md decision 5):
// an ASCII-only `filename` for old clients and the exact name as UTF-8 in `filename*`
// (RFC 8187), so accents survive and no quote or line break can break out of the header.

/** RFC 8187 attr-char: what may stay unescaped in `filename*`. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function asciiFallback(value: string): string {
  const ascii = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return ascii.trim() || 'document';
}

export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
