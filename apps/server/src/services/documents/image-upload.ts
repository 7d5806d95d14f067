// An uploaded image on its way to storage (store-upload.ts), whatever it came with: a document to
// provide, a message's or a complaint's attachment, a termination request's file, a claim's photo
// or constat page (docs/decisions/0131-every-customer-image-without-metadata.md). Enforces:
// - its size in pixels is read from its header as it streams in, and an image over the contract's
//   limits (imageWithinLimits) is refused as 'imageTooLarge' with its size, one whose header gives
//   no size as 'unreadableImage', before the rest is read
//   (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md);
// - it is then read whole (MAX_UPLOAD_BYTES at most, else 'tooLarge') and stored without its
//   metadata: Exif but its orientation (so no GPS position, camera, date), XMP, ICC, IPTC,
//   comments, thumbnails, PNG text and time, what follows the image; its image data byte for byte
//   (platform/images/strip-metadata.ts). One that does not walk to its end is 'unreadableImage'.
import { Readable } from 'node:stream';
import { imageTooLargeRefusal, imageWithinLimits, MAX_UPLOAD_BYTES } from '@espace/contract';
import { readImageSize } from '../../platform/images/image-size';
import { stripImageMetadata } from '../../platform/images/strip-metadata';
import type { ImageType } from '../../platform/images/types';
import { UploadRefusedError } from '../errors';
import { isIncompleteBody } from './body-errors';

/** The part's bytes as the multipart parser gives them; `truncated` once past its size limit. */
interface ImagePart {
  file: { truncated: boolean };
}

/** `source` (the upload's stream), without its metadata, ready to store. */
export async function storableImage(
  part: ImagePart,
  source: Readable,
  type: ImageType,
): Promise<Readable> {
  try {
    const whole = await readWhole(part, await withinPixelLimits(part, source, type));
    const stripped = stripImageMetadata(whole);
    if (stripped === 'unreadable' || stripped === 'notAnImage')
      throw new UploadRefusedError('unreadableImage');
    return Readable.from([stripped.bytes]);
  } catch (error) {
    if (isIncompleteBody(error)) throw new UploadRefusedError('incomplete');
    throw error;
  }
}

/** The image's stream, read until its size is known; refused when unreadable or over the limits. */
async function withinPixelLimits(
  part: ImagePart,
  source: Readable,
  type: ImageType,
): Promise<Readable> {
  const { size, stream } = await readImageSize(source, type, MAX_UPLOAD_BYTES);
  // Not known within MAX_UPLOAD_BYTES: reading it whole refuses the file as too large.
  if (size === undefined || (size !== 'unreadable' && imageWithinLimits(size.width, size.height)))
    return stream;
  stream.resume();
  // Cut by the parser at its size limit before the size came: too large, not unreadable.
  if (size === 'unreadable' && part.file.truncated) throw new UploadRefusedError('tooLarge');
  if (size === 'unreadable') throw new UploadRefusedError('unreadableImage');
  throw new UploadRefusedError('imageTooLarge', imageTooLargeRefusal(size.width, size.height));
}

/** All of `stream`, MAX_UPLOAD_BYTES at most: walking an image needs its segment table whole. */
async function readWhole(part: ImagePart, stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) {
      stream.resume(); // the rest of the part must still be read for the request to end
      throw new UploadRefusedError('tooLarge');
    }
    chunks.push(chunk);
  }
  // Busboy stops at `fileSize` and marks the part truncated: what was read is not the whole file.
  if (part.file.truncated) throw new UploadRefusedError('tooLarge');
  return Buffer.concat(chunks);
}
