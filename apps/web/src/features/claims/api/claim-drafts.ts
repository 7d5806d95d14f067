// The claim draft calls (docs/product/claims.md): read one draft (query key per draft), list the
// caller's drafts, open one, save a step, record the step and what is typed there, attach or
// remove a file, send. Writes refresh the draft's query through its key factory; the writes of
// answers carry the headers of draft-writer.ts.
import {
  API_ROUTES,
  apiPath,
  type ClaimAcknowledgement,
  type ClaimDataStep,
  type ClaimDraft,
  type ClaimDraftProgress,
  type ClaimFile,
  type ClaimFileRole,
} from '@espace/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { documentsQueryKey } from '../../../api/get-documents';
import { api } from '../../../lib/api-client';
import { currentBrandKey } from '../../../lib/brand';
import { useSession } from '../../../lib/session';

export const claimDraftsQueryKey = (accountId: string) => ['claim-drafts', accountId] as const;
export const claimDraftQueryKey = (accountId: string, draftId: string) =>
  [...claimDraftsQueryKey(accountId), draftId] as const;

export function claimDraftQuery(accountId: string, draftId: string) {
  return queryOptions({
    queryKey: claimDraftQueryKey(accountId, draftId),
    queryFn: () => api<ClaimDraft>(apiPath(API_ROUTES.claimDraft, { accountId, draftId })),
    retry: false,
  });
}

/**
 * Puts a draft a write answered into the cache, unless the cache holds a later version (two
 * writes of the tab answered out of order).
 */
export function keepNewestDraft(queryClient: QueryClient, accountId: string, draft: ClaimDraft) {
  const newest = (cached: ClaimDraft | undefined) =>
    cached && cached.version > draft.version ? cached : draft;
  queryClient.setQueryData<ClaimDraft>(claimDraftQueryKey(accountId, draft.id), newest);
  // The list of drafts to resume names each one's step: « Reprendre » opens where it was left.
  queryClient.setQueryData<{ items: ClaimDraft[] }>(
    claimDraftsQueryKey(accountId),
    (list) => list && { items: list.items.map((d) => (d.id === draft.id ? newest(d) : d)) },
  );
}

export function useClaimDraft(draftId: string) {
  const { accountId } = useSession();
  return useQuery(claimDraftQuery(accountId, draftId));
}

/**
 * The caller's drafts, read afresh whenever /claims opens (another device may have moved one on),
 * and kept in step with this tab's writes by keepNewestDraft meanwhile.
 */
export function useClaimDrafts() {
  const { accountId } = useSession();
  return useQuery({
    queryKey: claimDraftsQueryKey(accountId),
    queryFn: () => api<{ items: ClaimDraft[] }>(apiPath(API_ROUTES.claimDrafts, { accountId })),
    staleTime: 0,
  });
}

export function useCreateClaimDraft() {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyNumber: string) =>
      api<ClaimDraft>(apiPath(API_ROUTES.claimDrafts, { accountId }), {
        method: 'POST',
        json: { policyNumber },
      }),
    // Listed at once, newest first, so « Reprendre » finds it before the list is read again.
    onSuccess: (draft) =>
      queryClient.setQueryData<{ items: ClaimDraft[] }>(
        claimDraftsQueryKey(accountId),
        (list) => list && { items: [draft, ...list.items] },
      ),
  });
}

export function useSaveClaimStep(draftId: string) {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      step,
      answers,
      headers,
    }: {
      step: ClaimDataStep;
      answers: unknown;
      headers: Record<string, string>;
    }) =>
      api<ClaimDraft>(apiPath(API_ROUTES.claimDraftStep, { accountId, draftId, step }), {
        method: 'PUT',
        json: answers,
        headers,
      }),
    onSuccess: (draft) => keepNewestDraft(queryClient, accountId, draft),
  });
}

/**
 * PUT …/progress: the step the customer is on or, with `typed`, what they typed on that step
 * (which leaves the recorded step as it is). `keepalive` lets the write finish after the page is
 * gone (pagehide).
 */
export function saveClaimProgress(
  accountId: string,
  draftId: string,
  progress: ClaimDraftProgress,
  options: { headers?: Record<string, string>; keepalive?: boolean } = {},
): Promise<ClaimDraft> {
  return api<ClaimDraft>(apiPath(API_ROUTES.claimDraftProgress, { accountId, draftId }), {
    method: 'PUT',
    json: progress,
    ...options,
  });
}

export function useClaimFiles(draftId: string) {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: claimDraftQueryKey(accountId, draftId) });
  const add = useMutation({
    mutationFn: ({ role, file }: { role: ClaimFileRole; file: File }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api<ClaimFile>(apiPath(API_ROUTES.claimDraftFiles, { accountId, draftId, role }), {
        method: 'POST',
        body,
      });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (fileId: string) =>
      api<undefined>(apiPath(API_ROUTES.claimDraftFile, { accountId, draftId, fileId }), {
        method: 'DELETE',
      }),
    onSettled: refresh,
  });
  return { add, remove };
}

export function useSubmitClaim(draftId: string) {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      // The receipt is drawn in the skin on screen, like a generated document (lib/brand.ts).
      const brand = new URLSearchParams({ brand: currentBrandKey() });
      const path = apiPath(API_ROUTES.claimDraftSubmit, { accountId, draftId });
      return api<ClaimAcknowledgement>(`${path}?${brand}`, { method: 'POST' });
    },
    onSuccess: (ack) => {
      // The list only: the sent draft is gone, and reading it again would answer 404.
      void queryClient.invalidateQueries({ queryKey: claimDraftsQueryKey(accountId), exact: true });
      // The receipt is one of the policy's documents ('Mes demandes' is always read afresh).
      void queryClient.invalidateQueries({
        queryKey: documentsQueryKey(accountId, ack.policyNumber),
      });
    },
  });
}
