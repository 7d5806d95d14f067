// GET the documents of one policy (docs/product/documents.md "one call per policy"): the fetch, its query key and
// options, and the hook that lists the documents of several policies at once.
import { API_ROUTES, apiPath, type DownloadedDocument } from '@espace/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';

export const documentsQueryKey = (accountId: string, policyNumber: string) =>
  ['documents', accountId, policyNumber] as const;

export function getDocuments(accountId: string, policyNumber: string) {
  return api<DownloadedDocument[]>(apiPath(API_ROUTES.documents, { accountId, policyNumber }));
}

export function documentsQueryOptions(accountId: string, policyNumber: string) {
  return queryOptions({
    queryKey: documentsQueryKey(accountId, policyNumber),
    queryFn: () => getDocuments(accountId, policyNumber),
  });
}

/** One query per policy, in the order given. */
export function usePoliciesDocuments(policyNumbers: string[]) {
  const { accountId } = useSession();
  return useQueries({
    queries: policyNumbers.map((policyNumber) => documentsQueryOptions(accountId, policyNumber)),
  });
}
