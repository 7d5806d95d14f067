// What the change calls of docs/product/changes.md share: they address one policy of the signed-in account and
// succeed on one status only (200 with the request's reference, docs/decisions/
// 0046-request-reference-on-success.md); any other status rejects with ApiError, as a network
// failure does.
import { requestReceiptSchema, type RequestReceipt } from '@espace/contract';
import { ApiError, apiResponse, type ApiRequest } from '../../../lib/api-client';

/** The policy a change is about; the account is the session's. */
export interface PolicyChange<T> {
  policyNumber: string;
  change: T;
}

export async function expectStatus(
  path: string,
  init: ApiRequest,
  status: number,
): Promise<Response> {
  const response = await apiResponse(path, init);
  if (response.status !== status) throw await ApiError.of(response);
  return response;
}

/** A request recorded for the broker: 200 with its reference. */
export async function expectReceipt(path: string, init: ApiRequest): Promise<RequestReceipt> {
  const response = await expectStatus(path, init, 200);
  return requestReceiptSchema.parse(await response.json());
}
