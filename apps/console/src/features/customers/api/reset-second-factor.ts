// DELETE /backoffice/api/customers/{customerNumber}/second-factor: a supervisor turns off the
// second factor of a customer who lost both their app and their recovery codes; the customer is
// mailed, the journal keeps who did it.
import { consolePath } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKey } from './get-customer';

export function useResetSecondFactor(customerNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<undefined>(consolePath('customerSecondFactor', { customerNumber }), {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKey(customerNumber) }),
  });
}
