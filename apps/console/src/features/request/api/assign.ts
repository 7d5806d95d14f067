// PUT /backoffice/api/requests/{reference}/assignment: to a staff member, or null to unassign.
import { consolePath } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxKey } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { requestKey } from './get-request';

export function useAssign(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string | null) =>
      api<unknown>(consolePath('requestAssignment', { reference }), {
        method: 'PUT',
        json: { staffId },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: requestKey(reference) });
      await client.invalidateQueries({ queryKey: inboxKey });
    },
  });
}
