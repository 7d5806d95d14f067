// 'Mon compte' › « Mes données » (…/account/accounts/{accountId}/data-exports): GET where the
// latest copy stands (polled every 2 s while it is being prepared), POST a new one (in the skin
// on screen, for its PDF), GET its archive once, as a download named by the server.
import {
  API_ROUTES,
  apiPath,
  DOWNLOAD_TIMEOUT_MS,
  type DataExport,
  type DataExportState,
} from '@espace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiResponse } from '../../../lib/api-client';
import { currentBrandKey } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import { useStepUp } from './step-up';

export const dataExportQueryKey = (accountId: string) => ['data-export', accountId] as const;

/** How often the page asks again while the copy is being prepared. */
const POLL_MS = 2000;

export function useDataExport() {
  const { accountId } = useSession();
  return useQuery({
    queryKey: dataExportQueryKey(accountId),
    queryFn: () => api<DataExportState>(apiPath(API_ROUTES.dataExports, { accountId })),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? POLL_MS : false),
  });
}

export function useRequestDataExport() {
  const { accountId } = useSession();
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () =>
      withStepUp(() =>
        api<DataExport>(apiPath(API_ROUTES.dataExports, { accountId }), {
          method: 'POST',
          json: { brand: currentBrandKey() },
        }),
      ),
    onSuccess: (created) =>
      client.setQueryData<DataExportState>(dataExportQueryKey(accountId), { export: created }),
  });
}

/** The file name the server gives in Content-Disposition (`filename*` first). */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? 'mes-donnees.zip';
}

/** Downloads the archive (once: the page then says so), refusals with the server's French text. */
export async function downloadDataExport(accountId: string, exportId: string): Promise<void> {
  const response = await apiResponse(
    apiPath(API_ROUTES.dataExportArchive, { accountId, exportId }),
    { timeoutMs: DOWNLOAD_TIMEOUT_MS },
  );
  if (!response.ok) throw await ApiError.of(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response);
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
