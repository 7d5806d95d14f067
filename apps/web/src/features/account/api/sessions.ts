// 'Mon compte' › « Sécurité »: GET the open sessions, DELETE one, DELETE all the others
// (…/authentication/accounts/{accountId}/sessions). Ending sessions reloads the list and answers
// the passkeys the ended sessions had added (docs/decisions/0141).
import { API_ROUTES, apiPath, type EndedSessions, type OpenSessions } from '@espace/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const sessionsQueryKey = (accountId: string) => ['sessions', accountId] as const;

export function getSessions(accountId: string): Promise<OpenSessions> {
  return api<OpenSessions>(apiPath(API_ROUTES.sessions, { accountId }));
}

export function sessionsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: sessionsQueryKey(accountId),
    queryFn: () => getSessions(accountId),
  });
}

export function useSessions() {
  const { accountId } = useSession();
  return useQuery(sessionsQueryOptions(accountId));
}

/** Ends the session `sessionId`, or every other session when it is undefined. */
export function endSessions(
  accountId: string,
  sessionId: string | undefined,
): Promise<EndedSessions> {
  const path = sessionId
    ? apiPath(API_ROUTES.session, { accountId, sessionId })
    : apiPath(API_ROUTES.sessions, { accountId });
  return api<EndedSessions>(path, { method: 'DELETE' });
}

export function useEndSessions() {
  const { accountId } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | undefined) => endSessions(accountId, sessionId),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey(accountId) }),
  });
}
