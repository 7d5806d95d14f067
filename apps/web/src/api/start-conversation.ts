// POST a new conversation with the broker (docs/product/messages.md): its first message, and its
// file when there is one, as one message (multipart: the subject, the text, then the file, as a
// reply with its file). The « Messagerie »'s new message and the contact page's written card
// (docs/product/contact-and-faq.md) both start one here; the conversations' read (the list and
// the navigation's count) is read again.
import {
  API_ROUTES,
  apiPath,
  MESSAGE_FORM_FIELDS,
  type Conversation,
  type StartConversation,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useSession } from '../lib/session';
import { CONVERSATIONS_READ } from './get-conversations';
import { usePortalReads } from './portal-reads';

/** A message's multipart body: its subject's fields first (a new conversation), the text, the file. */
export function messageFormData(
  text: string,
  file: File,
  subject: Record<string, string | undefined> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(subject))
    if (value !== undefined) form.append(name, value);
  form.append(MESSAGE_FORM_FIELDS.text, text);
  form.append(MESSAGE_FORM_FIELDS.file, file, file.name);
  return form;
}

export function startConversation(
  accountId: string,
  body: StartConversation,
  file: File | null = null,
): Promise<Conversation> {
  if (!file)
    return api<Conversation>(apiPath(API_ROUTES.conversations, { accountId }), {
      method: 'POST',
      json: body,
    });
  const subject = {
    [MESSAGE_FORM_FIELDS.topic]: body.topic,
    [MESSAGE_FORM_FIELDS.requestReference]: body.requestReference,
  };
  return api<Conversation>(apiPath(API_ROUTES.conversationStartAttachments, { accountId }), {
    method: 'POST',
    body: messageFormData(body.text, file, subject),
  });
}

/** The mutation of a new conversation; its variables are the body and the file, if any. */
export function useStartConversation() {
  const { accountId } = useSession();
  const reads = usePortalReads();
  return useMutation({
    mutationFn: ({ body, file = null }: { body: StartConversation; file?: File | null }) =>
      startConversation(accountId, body, file),
    onSettled: () => void reads.invalidate(CONVERSATIONS_READ),
  });
}
