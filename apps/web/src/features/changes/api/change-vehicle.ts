// PUT …/{policyNumber}/vehicle (docs/product/changes.md): 200 with its reference once the request is recorded; the policy changes
// only when the broker confirms, so no cached query changes.
import { API_ROUTES, apiPath, type VehicleChange } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { expectReceipt, type PolicyChange } from './policy-change';

export async function changeVehicle(
  accountId: string,
  policyNumber: string,
  vehicle: VehicleChange,
) {
  const path = apiPath(API_ROUTES.vehicle, { accountId, policyNumber });
  return expectReceipt(path, { method: 'PUT', json: vehicle });
}

export function useChangeVehicle() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: ({ policyNumber, change }: PolicyChange<VehicleChange>) =>
      changeVehicle(accountId, policyNumber, change),
  });
}
