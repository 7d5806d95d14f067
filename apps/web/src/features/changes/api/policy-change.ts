// What the change calls of SPEC §7 share: they address one policy of the signed-in account and
// succeed on one status only (SPEC §4: 204 for driver and vehicle, 200 for the payment); any
// other status rejects with ApiError, as a network failure does.
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
