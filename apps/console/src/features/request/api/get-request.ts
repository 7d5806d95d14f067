// GET /backoffice/api/requests/{reference}: a request as the broker sees it (what was asked, its
// files, timeline, customer and assignee). Each read is audited by the server.
import { consolePath, type ConsoleRequestDetail } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestKey = (reference: string) => ['request', reference] as const;

export const requestQuery = (reference: string) =>
  queryOptions({
    queryKey: requestKey(reference),
    queryFn: () => api<ConsoleRequestDetail>(consolePath('request', { reference })),
  });

export const useConsoleRequest = (reference: string) => useQuery(requestQuery(reference));
