// POST a contact request (docs/product/requests.md phone-contact and mail-contact, both 200 with the request's
// reference, docs/decisions/0046-request-reference-on-success.md): the route and the
// payload come from the request's definition (contact-requests.ts). Nothing cached changes.
import { apiPath, requestReceiptSchema, type RequestReceipt } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import type { ContactRequestDefinition } from '../contact-requests';

export async function sendContactRequest(
  accountId: string,
  request: ContactRequestDefinition,
  payload: unknown,
): Promise<RequestReceipt> {
  const body = await api<unknown>(apiPath(request.route, { accountId }), {
    method: 'POST',
    json: payload,
  });
  return requestReceiptSchema.parse(body);
}

/** The mutation of one request; its variable is what the customer typed. */
export function useSendContactRequest(request: ContactRequestDefinition) {
  const session = useSession();
  return useMutation({
    mutationFn: (value: string) =>
      sendContactRequest(session.accountId, request, request.payload(value, session)),
  });
}
