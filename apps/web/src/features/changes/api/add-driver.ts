// POST …/{policyNumber}/driver (docs/product/changes.md add-driver flow): 200 with its reference once the request is recorded. The
// driver joins the policy only when the broker confirms, so no cached query changes.
import { API_ROUTES, apiPath, type NewDriver } from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { expectReceipt, type PolicyChange } from './policy-change';

export async function addDriver(accountId: string, policyNumber: string, driver: NewDriver) {
  const path = apiPath(API_ROUTES.driver, { accountId, policyNumber });
  return expectReceipt(path, { method: 'POST', json: driver });
}

export function useAddDriver() {
  const { accountId } = useSession();
  return useMutation({
    mutationFn: ({ policyNumber, change }: PolicyChange<NewDriver>) =>
      addDriver(accountId, policyNumber, change),
  });
}
