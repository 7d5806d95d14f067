// The console's « Messages » calls (docs/console.md « Messages »), shared by the inbox of
// conversations and a request's page (its conversation beside it): the inbox page, one
// conversation, the conversation of a request, the answer (with a file or not) and the
// assignment. Each read is
// audited by the server; an answer or an assignment refreshes what shows the conversation.
import {
  consolePath,
  MESSAGE_FORM_FIELDS,
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

/** The broker's answer: its text, and the file chosen, if any. */
interface AnswerSent {
  text: string;
  file?: File | undefined;
}

/** The answer, with its file in a multipart body when one was chosen (the text first). */
function answerCall(conversationId: string, { text, file }: AnswerSent) {
  if (!file)
    return api<ConversationMessage>(consolePath('conversationMessages', { conversationId }), {
      method: 'POST',
      json: { text },
    });
  const form = new FormData();
  form.append(MESSAGE_FORM_FIELDS.text, text);
  form.append(MESSAGE_FORM_FIELDS.file, file);
  return api<ConversationMessage>(consolePath('conversationAttachments', { conversationId }), {
    method: 'POST',
    form,
  });
}

export function useAnswer(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: AnswerSent) => answerCall(conversationId, answer),
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
