// The « Messagerie »'s calls (docs/product/messages.md): one conversation (read afresh, which marks
// the broker's messages read, so the navigation's count is read again), a message, a message with
// its file (multipart `text` then `file`), and the draft of a place; a new conversation, with its
// file as one message, is api/start-conversation.ts's. A file's refusal (400, 413, 415) comes back
// as an ApiError with the server's French message.
import {
  API_ROUTES,
  apiPath,
  type Conversation,
  type ConversationMessage,
  type MessageDraft,
} from '@espace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_READ } from '../../../api/get-conversations';
import { usePortalReads } from '../../../api/portal-reads';
import { messageFormData } from '../../../api/start-conversation';
import { api, ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

const conversationKey = (accountId: string, id: string) =>
  ['conversations', accountId, id] as const;

export function useConversation(conversationId: string) {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useQuery({
    queryKey: conversationKey(accountId, conversationId),
    queryFn: async () => {
      const conversation = await api<Conversation>(
        apiPath(API_ROUTES.conversation, { accountId, conversationId }),
      );
      // Reading it marked the broker's messages read: the navigation's count changes.
      void reads.invalidate(CONVERSATIONS_READ);
      return conversation;
    },
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** Sends `file` with `text` in conversation `conversationId`: one message. */
function attach(accountId: string, conversationId: string, text: string, file: File) {
  return api<ConversationMessage>(
    apiPath(API_ROUTES.conversationAttachments, { accountId, conversationId }),
    { method: 'POST', body: messageFormData(text, file) },
  );
}

export interface Reply {
  text: string;
  file: File | null;
}

export function usePostMessage(conversationId: string) {
  const { accountId } = useSession();
  const reads = usePortalReads();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, file }: Reply) =>
      file
        ? attach(accountId, conversationId, text, file)
        : api<ConversationMessage>(
            apiPath(API_ROUTES.conversationMessages, { accountId, conversationId }),
            { method: 'POST', json: { text } },
          ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationKey(accountId, conversationId) });
      void reads.invalidate(CONVERSATIONS_READ);
    },
  });
}

export function draftPath(accountId: string, slot: string) {
  return apiPath(API_ROUTES.messageDraft, { accountId, slot });
}

export function useDraft(slot: string) {
  const { accountId } = useSession();
  return useQuery({
    queryKey: ['message-drafts', accountId, slot] as const,
    queryFn: () => api<MessageDraft>(draftPath(accountId, slot)),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Saves the draft of `slot` (an empty text forgets it). */
export function saveDraft(accountId: string, slot: string, text: string, keepalive = false) {
  return api<MessageDraft>(draftPath(accountId, slot), {
    method: 'PUT',
    json: { text },
    keepalive,
  });
}
