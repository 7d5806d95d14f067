// GET /backoffice/api/dashboard (supervisors): open and late requests per kind, status and
// agent, and the last weeks' flow.
import { consolePath, type ConsoleDashboard } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useDashboard = () =>
  useQuery(
    queryOptions({
      queryKey: ['dashboard'],
      queryFn: () => api<ConsoleDashboard>(consolePath('dashboard')),
      refetchInterval: 60_000,
    }),
  );
