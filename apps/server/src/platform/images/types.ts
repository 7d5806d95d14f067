// The shapes the image modules share (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md).

/** The image types whose bytes the server walks: the contract's accepted images. */
export type ImageType = 'png' | 'jpeg';

export interface ImageSize {
  width: number;
  height: number;
}

/** An image rewritten without its metadata, and its size. */
export interface StrippedImage {
  bytes: Buffer;
  size: ImageSize;
}

/** Its size; 'unreadable' when the bytes are not such an image; undefined while more are needed. */
export type SizeReading = ImageSize | 'unreadable' | undefined;
