// POST a call-back request (docs/product/contact-and-faq.md phone-contact, 200 with the request's
// reference, docs/decisions/0046-request-reference-on-success.md), and the mutation of one of the
// contact page's written requests, sent as its definition says (contact-requests.ts); the
// portal's read it changes, if any, is read again.
import {
  API_ROUTES,
  apiPath,
  requestReceiptSchema,
  type PhoneContactRequest,
  type RequestReceipt,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { usePortalReads } from '../../../api/portal-reads';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export async function sendCallBack(
  accountId: string,
  payload: PhoneContactRequest,
): Promise<RequestReceipt> {
  const body = await api<unknown>(apiPath(API_ROUTES.phoneContact, { accountId }), {
    method: 'POST',
    json: payload,
  });
  return requestReceiptSchema.parse(body);
}

/** What the mutation needs of a request's definition (ContactRequestDefinition). */
interface SentRequest {
  send(accountId: string, value: string): Promise<unknown>;
  changes?: string;
}

/** The mutation of one request; its variable is what the customer typed. */
export function useSendContactRequest(request: SentRequest) {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: (value: string) => request.send(accountId, value),
    onSuccess: () => {
      if (request.changes) void reads.invalidate(request.changes);
    },
  });
}
