// GET /backoffice/api/audit/integrity (supervisors): whether the journal's hash chain is intact
// (the whole chain read at most every few minutes by the server, the new rows at each call).
import { consolePath, type AuditIntegrity } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useAuditIntegrity = () =>
  useQuery(
    queryOptions({
      queryKey: ['audit', 'integrity'],
      queryFn: () => api<AuditIntegrity>(consolePath('auditIntegrity')),
      staleTime: 60_000,
    }),
  );
