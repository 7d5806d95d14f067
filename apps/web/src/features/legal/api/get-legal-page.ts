// GET /api/v1/content/legal/{slug}: a legal page from content/legal (docs/product/legal-and-cookies.md "Legal pages").
import { API_ROUTES, apiPath, type LegalPage, type LegalSlug } from '@espace/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const legalPageQueryKey = (slug: LegalSlug) => ['legal', slug] as const;

export function getLegalPage(slug: LegalSlug): Promise<LegalPage> {
  return api<LegalPage>(apiPath(API_ROUTES.legalPage, { slug }));
}

export function legalPageQueryOptions(slug: LegalSlug) {
  return queryOptions({
    queryKey: legalPageQueryKey(slug),
    queryFn: () => getLegalPage(slug),
    staleTime: 60 * 60_000,
  });
}

export const useLegalPage = (slug: LegalSlug) => useQuery(legalPageQueryOptions(slug));
