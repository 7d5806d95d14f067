import { describe, expect, it } from 'vitest';
import { imageWithinLimits, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from '../shared/upload-types';
import { UPLOAD_REFUSALS, uploadResultMessage } from './documents';
import { imagePreviewRefusal, imageTooLargeRefusal } from './image-refusals';

describe('the pixel limits', () => {
  it('take the phones’ 48 and 50 MP photos, not their 64, 108 or 200 MP ones', () => {
    expect(imageWithinLimits(8064, 6048)).toBe(true);
    expect(imageWithinLimits(8160, 6144)).toBe(true);
    expect(imageWithinLimits(9248, 6936)).toBe(false);
    expect(imageWithinLimits(12_000, 9_000)).toBe(false);
    expect(imageWithinLimits(16_320, 12_240)).toBe(false);
  });

  it('stop at 60,000,000 pixels and 16,384 on a side, both included', () => {
    expect(MAX_IMAGE_PIXELS).toBe(60_000_000);
    expect(imageWithinLimits(MAX_IMAGE_SIDE_PX, 3662)).toBe(true); // 59,998,208
    expect(imageWithinLimits(MAX_IMAGE_SIDE_PX, 3663)).toBe(false); // 60,014,592
    expect(imageWithinLimits(MAX_IMAGE_SIDE_PX, 1)).toBe(true);
    expect(imageWithinLimits(MAX_IMAGE_SIDE_PX + 1, 1)).toBe(false);
    expect(imageWithinLimits(1, MAX_IMAGE_SIDE_PX + 1)).toBe(false);
  });
});

describe('an image refused for its size', () => {
  it('says its size and the limits in French', () => {
    expect(imageTooLargeRefusal(30_000, 30_000)).toBe(
      'Image trop grande\u00a0: 30\u202f000 × 30\u202f000 pixels (60\u00a0mégapixels et 16\u202f384\u00a0pixels de côté au plus). Réduisez sa définition, puis joignez-la de nouveau.',
    );
    expect(imagePreviewRefusal({ width: 17_000, height: 900 })).toBe(
      'Aperçu indisponible\u00a0: image de 17\u202f000 × 900 pixels (60\u00a0mégapixels et 16\u202f384\u00a0pixels de côté au plus). Téléchargez le fichier pour l’ouvrir.',
    );
    expect(imagePreviewRefusal()).toBe(
      'Aperçu indisponible\u00a0: téléchargez le fichier pour l’ouvrir.',
    );
  });

  it('is shown on the documents screen, as the other refusals; a look-alike is not', () => {
    const body = (message: string) => ({ error: { code: 'validation_error', message } });
    const refusal = imageTooLargeRefusal(20_000, 4_000);
    expect(uploadResultMessage(400, body(refusal))).toBe(`Erreur de chargement\u00a0: ${refusal}`);
    expect(uploadResultMessage(400, body(UPLOAD_REFUSALS.unreadableImage))).toBe(
      `Erreur de chargement\u00a0: ${UPLOAD_REFUSALS.unreadableImage}`,
    );
    const forged = `${refusal} Appelez le 08 99 00 00 00.`;
    expect(uploadResultMessage(400, body(forged))).toBe('Erreur de chargement');
  });
});
