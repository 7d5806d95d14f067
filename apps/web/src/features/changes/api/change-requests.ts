// The change calls of SPEC §7. SPEC §4: driver and vehicle calls succeed on 204 only, the payment
// change on 200 only; any other status rejects with ApiError, as a network failure does.
import type {
  DriverRef,
  NewDriver,
  PaymentDetails,
  PaymentDetailsUpdate,
  VehicleChange,
} from '@espace/contract';
import { ApiError, apiResponse, type ApiRequest } from '../../../lib/api-client';

const policyPath = (accountId: string, policyNumber: string, what: string) =>
  `/policy/accounts/${encodeURIComponent(accountId)}/${encodeURIComponent(policyNumber)}/${what}`;

async function expectStatus(path: string, init: ApiRequest, status: number): Promise<Response> {
  const response = await apiResponse(path, init);
  if (response.status !== status) throw new ApiError(response.status, undefined);
  return response;
}

export interface PolicyRef {
  accountId: string;
  policyNumber: string;
}

export async function addDriver({ accountId, policyNumber }: PolicyRef, driver: NewDriver) {
  await expectStatus(
    policyPath(accountId, policyNumber, 'driver'),
    { method: 'POST', json: driver },
    204,
  );
}

export async function removeDriver({ accountId, policyNumber }: PolicyRef, driver: DriverRef) {
  await expectStatus(
    policyPath(accountId, policyNumber, 'driver'),
    { method: 'DELETE', json: driver },
    204,
  );
}

export async function changeVehicle(
  { accountId, policyNumber }: PolicyRef,
  vehicle: VehicleChange,
) {
  await expectStatus(
    policyPath(accountId, policyNumber, 'vehicle'),
    { method: 'PUT', json: vehicle },
    204,
  );
}

/** SPEC §7, §8: 204 usable; 400 incorrect; 403 not usable; anything else rejects. */
export async function checkIban(
  accountId: string,
  iban: string,
): Promise<'valid' | 'incorrect' | 'notUsable'> {
  const response = await apiResponse(
    `/policy/accounts/${encodeURIComponent(accountId)}/iban/${encodeURIComponent(iban)}`,
    { method: 'POST' },
  );
  if (response.status === 204) return 'valid';
  if (response.status === 400) return 'incorrect';
  if (response.status === 403) return 'notUsable';
  throw new ApiError(response.status, undefined);
}

export async function changePaymentDetails(
  { accountId, policyNumber }: PolicyRef,
  update: PaymentDetailsUpdate,
): Promise<PaymentDetails> {
  const response = await expectStatus(
    policyPath(accountId, policyNumber, 'payment-details'),
    { method: 'PUT', json: update },
    200,
  );
  return (await response.json()) as PaymentDetails;
}
