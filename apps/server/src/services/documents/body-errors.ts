// The errors of a request body that did not arrive whole or could not be read, as the multipart
// parser (busboy, @fastify/multipart) and the streams raise them: each one the client's doing,
// refused with its UploadRefusal (store-upload.ts, receive-file.ts), never a 500.

/** Stream errors that mean the request did not arrive whole (cut connection, truncated body). */
export function isIncompleteBody(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    e?.code === 'ECONNRESET' ||
    e?.message === 'aborted' ||
    (e?.message?.includes('terminated early') ?? false) ||
    (e?.message?.includes('Unexpected end of') ?? false)
  );
}

/** The multipart parser's refusal of a file past its `files` limit (MAX_FILES_PER_REQUEST). */
export function isFilesLimit(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT';
}

/**
 * The multipart parser's (busboy's) refusals of a body it cannot read: no boundary, a malformed
 * part header, a content type it does not parse. They are the client's fault (400), not ours.
 */
export function isMalformedMultipart(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    (message.startsWith('Multipart: ') ||
      message.startsWith('Malformed ') ||
      message.startsWith('Unsupported content type'))
  );
}
