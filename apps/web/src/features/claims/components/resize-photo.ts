// A photo is redrawn on a canvas before it is sent (docs/decisions/0078-claim-photos-without-location.md):
// at most CLAIM_PHOTO_MAX_SIDE_PX on its longest side, re-encoded as JPEG. The canvas writes no
// metadata, so the position the camera stored (Exif GPS) never leaves the phone; the browser
// applies the Exif orientation while decoding, so the picture stays upright. It keeps the photo's
// own name, with the extension of what it now is (IMG_2041.HEIC is sent as IMG_2041.jpg).
import { CLAIM_PHOTO_JPEG_QUALITY, CLAIM_PHOTO_MAX_SIDE_PX } from '@espace/contract';

export async function resizePhoto(file: File, index: number): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, CLAIM_PHOTO_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', CLAIM_PHOTO_JPEG_QUALITY),
  );
  if (!blob) throw new Error('photo not encoded');
  const stem = file.name.replace(/\.[^.]*$/, '').trim();
  return new File([blob], `${stem || `photo-${index}`}.jpg`, { type: 'image/jpeg' });
}
