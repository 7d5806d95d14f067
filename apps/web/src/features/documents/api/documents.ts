// The documents to download (SPEC §7): one list per policy, and one file at a time, fetched
// as a blob with the 30 s time-out of SPEC §9 and saved under the document's file name.
import { DOWNLOAD_TIMEOUT_MS, type DownloadedDocument } from '@espace/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiResponse, ApiError } from '../../../lib/api-client';

const policyPath = (accountId: string, policyNumber: string) =>
  `/document/accounts/${encodeURIComponent(accountId)}/policy/${encodeURIComponent(policyNumber)}`;

export const documentsQueryKey = (accountId: string, policyNumber: string) =>
  ['documents', accountId, policyNumber] as const;

export function documentListQueryOptions(accountId: string, policyNumber: string) {
  return queryOptions({
    queryKey: documentsQueryKey(accountId, policyNumber),
    queryFn: () => api<DownloadedDocument[]>(policyPath(accountId, policyNumber)),
  });
}

/** Fetches the file and hands it to the browser as a download named after the document. */
export async function downloadDocument(
  accountId: string,
  policyNumber: string,
  doc: DownloadedDocument,
): Promise<void> {
  const response = await apiResponse(
    `${policyPath(accountId, policyNumber)}/document/${encodeURIComponent(doc.id)}`,
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

export { policyPath };
