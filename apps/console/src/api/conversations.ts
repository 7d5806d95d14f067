// The console's « Messages » calls (docs/console.md « Messages »), shared by the inbox of
// conversations and a request's page (its conversation beside it): the inbox page, one
// conversation, the conversation of a request, the answer and the assignment. Each read is
// audited by the server; an answer or an assignment refreshes what shows the conversation.
import {
  consolePath,
  type ConsoleConversation,
  type ConsoleConversationPage,
  type ConsoleConversationQuery,
  type ConversationMessage,
} from '@espace/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, searchOf } from '../lib/api-client';

export const conversationsKey = ['conversations'] as const;
const conversationKey = (id: string) => [...conversationsKey, 'one', id] as const;
const requestConversationKey = (reference: string) =>
  [...conversationsKey, 'request', reference] as const;

export const useConversationInbox = (query: ConsoleConversationQuery) =>
  useQuery({
    queryKey: [...conversationsKey, 'inbox', query],
    queryFn: () =>
      api<ConsoleConversationPage>(consolePath('conversations') + searchOf({ ...query })),
    placeholderData: keepPreviousData,
  });

export const useConsoleConversation = (conversationId: string) =>
  useQuery({
    queryKey: conversationKey(conversationId),
    queryFn: () => api<ConsoleConversation>(consolePath('conversation', { conversationId })),
  });

export const useRequestConversation = (reference: string) =>
  useQuery({
    queryKey: requestConversationKey(reference),
    queryFn: () =>
      api<{ conversation: ConsoleConversation | null }>(
        consolePath('requestConversation', { reference }),
      ),
  });

export function useAnswer(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<ConversationMessage>(consolePath('conversationMessages', { conversationId }), {
        method: 'POST',
        json: { text },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationsKey }),
  });
}

export function useAssignConversation(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string | null) =>
      api<unknown>(consolePath('conversationAssignment', { conversationId }), {
        method: 'PUT',
        json: { staffId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationsKey }),
  });
}
