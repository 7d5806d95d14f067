// POST …/{policyNumber}/terminate (docs/product/termination.md): the JSON termination request, files in base64.
// 2xx is success (201, or 200 with the first acknowledgement when one is pending); any other
// answer rejects with the docs/product/termination.md message of the termination flow, which the screen shows. A
// network failure gives the generic French message, not the browser's English one
// (docs/decisions/README.md (deviations): French only). The policies (the card shows the request) and the
// policy's documents (the receipt) are refreshed.
import {
  API_ROUTES,
  apiPath,
  TERMINATION_MESSAGES,
  terminationErrorMessage,
  type TerminationAcknowledgement,
  type TerminationRequest,
} from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsQueryKey } from '../../../api/get-documents';
import { POLICIES_READ } from '../../../api/get-policies';
import { usePortalReads } from '../../../api/portal-reads';
import { apiResponse } from '../../../lib/api-client';
import { currentBrandKey } from '../../../lib/brand';
import { useSession } from '../../../lib/session';

export class TerminationError extends Error {
  override readonly name = 'TerminationError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function terminateContract(
  accountId: string,
  policyNumber: string,
  request: TerminationRequest,
): Promise<TerminationAcknowledgement> {
  let response: Response;
  try {
    // The receipt is drawn in the skin on screen, like a generated document (lib/brand.ts).
    const brand = new URLSearchParams({ brand: currentBrandKey() });
    const path = apiPath(API_ROUTES.terminate, { accountId, policyNumber });
    response = await apiResponse(`${path}?${brand}`, { method: 'POST', json: request });
  } catch {
    throw new TerminationError(TERMINATION_MESSAGES.results.other);
  }
  const body = await readJson(response);
  if (!response.ok) throw new TerminationError(terminationErrorMessage(response.status, body));
  return body as TerminationAcknowledgement;
}

export interface TerminationVariables {
  policyNumber: string;
  request: TerminationRequest;
}

export function useTerminateContract() {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: ({ policyNumber, request }: TerminationVariables) =>
      terminateContract(accountId, policyNumber, request),
    onSuccess: (_ack, { policyNumber }) => {
      void reads.invalidate(POLICIES_READ);
      void queryClient.invalidateQueries({ queryKey: documentsQueryKey(accountId, policyNumber) });
    },
  });
}
