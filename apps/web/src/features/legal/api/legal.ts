// GET /api/v1/content/legal/{slug}: a legal page from content/legal (SPEC §2 "Legal pages").
import type { LegalPage, LegalSlug } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const legalQueryKey = (slug: LegalSlug) => ['legal', slug] as const;

export function legalQueryOptions(slug: LegalSlug) {
  return queryOptions({
    queryKey: legalQueryKey(slug),
    queryFn: () => api<LegalPage>(`/content/legal/${slug}`),
    staleTime: 60 * 60_000,
  });
}

export const useLegalPage = (slug: LegalSlug) => useQuery(legalQueryOptions(slug));
