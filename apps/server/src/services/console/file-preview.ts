// How the console sends a customer's file (docs/console.md « Demandes »): a PDF, PNG or JPEG
// inline, for the request's page to preview, anything else as a download. Enforces
// (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md):
// - an image is inline only when its header gives a size within the pixel limits (contract
//   imageWithinLimits): one stored before the limits, or whose header cannot be read, goes as a
//   download, and its preview (`?preview=1`, the page's <img>) is refused with 409 and its
//   French reason, so no browser of the team decodes it in a page;
// - the header is read from the stored file as it streams out, a few bytes to a few segments.
import {
  imagePreviewRefusal,
  imageWithinLimits,
  MAX_UPLOAD_BYTES,
  uploadTypeByMime,
} from '@espace/contract';
import { readImageSize } from '../../platform/images/image-size';
import { ConflictError } from '../errors';
import type { RequestFileContent } from '../requests/request-detail';

export type Disposition = 'inline' | 'attachment';

/** `file` as the console sends it, with its disposition; ConflictError for a refused preview. */
export async function consoleFileAnswer(
  file: RequestFileContent,
  preview: boolean,
): Promise<{ file: RequestFileContent; disposition: Disposition }> {
  const type = uploadTypeByMime(file.contentType);
  if (type === 'pdf') return { file, disposition: 'inline' };
  if (type === undefined) {
    if (!preview) return { file, disposition: 'attachment' };
    file.body.destroy();
    throw new ConflictError(imagePreviewRefusal());
  }
  const { size, stream } = await readImageSize(file.body, type, MAX_UPLOAD_BYTES);
  const answer = { ...file, body: stream };
  const known = typeof size === 'object' ? size : undefined;
  if (known && imageWithinLimits(known.width, known.height))
    return { file: answer, disposition: 'inline' };
  if (!preview) return { file: answer, disposition: 'attachment' };
  stream.destroy();
  throw new ConflictError(imagePreviewRefusal(known));
}
