// GET /backoffice/api/audit (supervisors): one page of the audit log for the URL's filters; the
// same filters give the CSV export's address (/backoffice/api/audit.csv).
import { auditQuerySchema, consolePath, type AuditPage } from '@espace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, searchOf } from '../../../lib/api-client';

export type AuditQuery = z.output<typeof auditQuerySchema>;

export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : auditQuerySchema.parse({});
}

export const auditCsvHref = (query: AuditQuery) =>
  consolePath('auditCsv') + searchOf({ ...query, page: undefined });

export const useAudit = (query: AuditQuery) =>
  useQuery(
    queryOptions({
      queryKey: ['audit', query],
      queryFn: () => api<AuditPage>(consolePath('audit') + searchOf({ ...query })),
      placeholderData: keepPreviousData,
    }),
  );
