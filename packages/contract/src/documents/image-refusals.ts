// An image refused for its size in pixels (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md):
// the message says the image's own size and the limits, so the customer knows what to change.
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../shared/upload-types';

/** 30000 → « 30 000 » (U+202F between thousands, as fr-FR writes them). */
function wholeNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, '\u202f');
}

/** The limits as a customer reads them: « 60 mégapixels et 16 384 pixels de côté ». */
export const IMAGE_LIMITS_TEXT = `${MAX_IMAGE_PIXELS / 1_000_000}\u00a0mégapixels et ${wholeNumber(MAX_IMAGE_SIDE_PX)}\u00a0pixels de côté`;

/**
 * « Image trop grande : 30 000 × 30 000 pixels (60 mégapixels et 16 384 pixels de côté au plus).
 * Réduisez sa définition, puis joignez-la de nouveau. »
 */
export function imageTooLargeRefusal(width: number, height: number): string {
  return `Image trop grande\u00a0: ${wholeNumber(width)} × ${wholeNumber(height)} pixels (${IMAGE_LIMITS_TEXT} au plus). Réduisez sa définition, puis joignez-la de nouveau.`;
}

const SIZE_PATTERN = /^Image trop grande\u00a0: ([\d\u202f]+) × ([\d\u202f]+) pixels /;

/** Whether `message` is one that imageTooLargeRefusal wrote (the documents screen shows it). */
export function isImageTooLargeRefusal(message: string): boolean {
  const size = SIZE_PATTERN.exec(message);
  if (!size) return false;
  const number = (text: string) => Number(text.replaceAll('\u202f', ''));
  return message === imageTooLargeRefusal(number(size[1]!), number(size[2]!));
}

/**
 * Why the console does not preview an image (an image stored before the limits, or whose header
 * cannot be read): « Aperçu indisponible : image de 30 000 × 30 000 pixels (…). Téléchargez… »
 */
export function imagePreviewRefusal(size?: { width: number; height: number }): string {
  const reason = size
    ? `image de ${wholeNumber(size.width)} × ${wholeNumber(size.height)} pixels (${IMAGE_LIMITS_TEXT} au plus). Téléchargez`
    : 'téléchargez';
  return `Aperçu indisponible\u00a0: ${reason} le fichier pour l’ouvrir.`;
}
