// PATCH /backoffice/api/requests/{reference}/status: a status change with its message to the
// customer (the contract's statusChangeSchema, the integration API's rules); the request's page
// and the inbox are read again.
import { consolePath, type StatusChange } from '@espace/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxKey } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { requestKey } from './get-request';

export function useChangeStatus(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) =>
      api<unknown>(consolePath('requestStatus', { reference }), { method: 'PATCH', json: change }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: requestKey(reference) });
      await client.invalidateQueries({ queryKey: inboxKey });
    },
  });
}
