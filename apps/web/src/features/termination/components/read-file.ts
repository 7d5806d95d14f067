// docs/product/termination.md files[].fileContent: a picked file as base64, without the data-URL prefix.
import type { TerminationFile } from '@espace/contract';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function toTerminationFile(file: File): Promise<TerminationFile> {
  const dataUrl = await readAsDataUrl(file);
  return {
    fileName: file.name,
    fileType: file.type,
    fileContent: dataUrl.slice(dataUrl.indexOf(',') + 1),
  };
}
