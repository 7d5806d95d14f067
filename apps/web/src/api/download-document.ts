// GET one document (docs/product/documents.md): fetched as a blob with the 30 s time-out of docs/product/documents.md and handed to
// the browser as a download named after the document. A read, not a write: no mutation.
import {
  API_ROUTES,
  apiPath,
  DOWNLOAD_TIMEOUT_MS,
  type DownloadedDocument,
} from '@espace/contract';
import { ApiError, apiResponse } from '../lib/api-client';
import { currentBrandKey } from '../lib/brand';

export async function downloadDocument(
  accountId: string,
  policyNumber: string,
  doc: DownloadedDocument,
): Promise<void> {
  // A generated document comes in the skin on screen (lib/brand.ts).
  const brand = new URLSearchParams({ brand: currentBrandKey() });
  const response = await apiResponse(
    `${apiPath(API_ROUTES.document, { accountId, policyNumber, documentId: doc.id })}?${brand}`,
    { timeoutMs: DOWNLOAD_TIMEOUT_MS },
  );
  if (!response.ok) throw new ApiError(response.status, undefined);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = doc.fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
