// GET the customer's conversations with the broker (docs/product/messages.md): the list with each
// one's unread count and the total, which the navigation shows on « Messagerie ». A portal read
// (api/portal-reads.ts), since the shell's header reads it on every screen; the messages screens
// invalidate it after reading a conversation or writing.
import { API_ROUTES, apiPath, type ConversationList } from '@espace/contract';
import { useMemo } from 'react';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useRead, type Read, type ReadSpec } from './portal-reads';

/** The conversations' key among the portal's reads. */
export const CONVERSATIONS_READ = 'conversations';

export function conversationsRead(accountId: string): ReadSpec<ConversationList> {
  return {
    key: CONVERSATIONS_READ,
    fetch: () => api<ConversationList>(apiPath(API_ROUTES.conversations, { accountId })),
    freshMs: 30_000,
  };
}

export function useConversations(): Read<ConversationList> {
  const { accountId } = useSession();
  const spec = useMemo(() => conversationsRead(accountId), [accountId]);
  return useRead(spec);
}
