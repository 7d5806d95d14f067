// DELETE …/{policyNumber}/driver (docs/product/changes.md) with the driver in the JSON body: 200 with its reference once the request
// is recorded; the policy changes only when the broker confirms, so no cached query changes.
import { API_ROUTES, apiPath, type DriverRef } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { expectReceipt, type PolicyChange } from './policy-change';

export async function removeDriver(accountId: string, policyNumber: string, driver: DriverRef) {
  const path = apiPath(API_ROUTES.driver, { accountId, policyNumber });
  return expectReceipt(path, { method: 'DELETE', json: driver });
}

export function useRemoveDriver() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: ({ policyNumber, change }: PolicyChange<DriverRef>) =>
      removeDriver(accountId, policyNumber, change),
  });
}
