// Attachments of messages (docs/product/messages.md): the same upload types, size and pixel
// limits, sniffing and storage as the documents, through the one upload service
// (services/documents/receive-file.ts, docs/decisions/0107-documents-checked-by-one-service.md).
// Enforces: the conversation is the caller's (else NotFoundError) and open, checked before a byte
// of the body is read; the body is multipart (else UnsupportedMediaTypeError); the part `text`
// comes before the file and passes the contract's schema (else UploadRefusedError / 400); a
// message carries one file; a new conversation's first message and its file are one message,
// its subject (before the text) checked, and the request it names the customer's, before the file
// is read; a file is read back only through a conversation of the reader's account (else
// NotFoundError).
import {
  attachmentTextSchema,
  CONVERSATION_MESSAGES,
  MESSAGE_FORM_FIELDS,
  startConversationWithFileSchema,
  type Conversation,
  type ConversationMessage,
} from '@espace/contract';
import type { ZodError } from 'zod';
import type { Readable } from 'node:stream';
import { StoredFileNotFoundError, type DocumentStorage } from '../../platform/storage/storage';
import { receiveFile, type UploadPart } from '../documents/receive-file';
import { InvalidInputError, NotFoundError, UnsupportedMediaTypeError } from '../errors';
import { requireConversation } from './conversation-reads';
import {
  checkStart,
  postMessage,
  requireOpen,
  startConversation,
  type MessageDeps,
} from './message-writes';

export interface MessageAttachment {
  /** The conversation's account; null for the broker (any account). */
  accountId: string | null;
  author: 'customer' | 'broker';
  authorId: string | null;
  conversationId: string;
  parts: AsyncIterable<UploadPart> | undefined;
}

type FileDeps = MessageDeps & { storage: DocumentStorage };

/** A text cut at the parser's field size (routes/multipart.ts) was too long: refused, not cut. */
const truncated = (field: string) =>
  field === MESSAGE_FORM_FIELDS.text
    ? new InvalidInputError(CONVERSATION_MESSAGES.textTooLong, {
        text: CONVERSATION_MESSAGES.textTooLong,
      })
    : undefined;

/** The first refusal of `error`, under its field (as the JSON bodies' refusals). */
function refusalOf(error: ZodError): InvalidInputError {
  const issue = error.issues[0];
  const message = issue?.message ?? CONVERSATION_MESSAGES.textTooLong;
  return new InvalidInputError(message, { [String(issue?.path[0] ?? 'text')]: message });
}

/** A message with its file in conversation `upload.conversationId` (a reply, or the broker's). */
export async function receiveMessageAttachment(
  deps: FileDeps,
  upload: MessageAttachment,
): Promise<ConversationMessage> {
  requireOpen(await requireConversation(deps.db, upload.accountId, upload.conversationId));
  if (!upload.parts) throw new UnsupportedMediaTypeError();
  return receiveFile({ db: deps.db, storage: deps.storage }, upload.parts, {
    targetField: MESSAGE_FORM_FIELDS.text,
    fileField: MESSAGE_FORM_FIELDS.file,
    truncated,
    resolveTarget(raw) {
      const text = attachmentTextSchema.safeParse(raw);
      if (!text.success) return Promise.reject(refusalOf(text.error));
      return Promise.resolve(text.data);
    },
    record: (text, stored) =>
      postMessage(
        deps,
        { accountId: upload.accountId, author: upload.author, authorId: upload.authorId },
        upload.conversationId,
        text,
        stored,
      ),
  });
}

/**
 * The customer's new conversation whose first message carries a file: one message, as a reply
 * with its file (multipart `topic` or `requestReference`, then `text`, then `file`). The subject
 * and the request are checked when the text arrives, before a byte of the file is read.
 */
export async function receiveConversationStart(
  deps: FileDeps,
  accountId: string,
  parts: AsyncIterable<UploadPart> | undefined,
): Promise<Conversation> {
  if (!parts) throw new UnsupportedMediaTypeError();
  return receiveFile({ db: deps.db, storage: deps.storage }, parts, {
    targetField: MESSAGE_FORM_FIELDS.text,
    fileField: MESSAGE_FORM_FIELDS.file,
    truncated,
    async resolveTarget(text, earlier) {
      const start = startConversationWithFileSchema.safeParse({
        topic: earlier[MESSAGE_FORM_FIELDS.topic],
        requestReference: earlier[MESSAGE_FORM_FIELDS.requestReference],
        text,
      });
      if (!start.success) throw refusalOf(start.error);
      return checkStart(deps.db, accountId, start.data);
    },
    record: (start, stored) => startConversation(deps, accountId, start, stored),
  });
}

/** The bytes of attachment `fileId` of conversation `conversationId`, for its account's reader. */
export async function openMessageFile(
  { db, storage }: { db: MessageDeps['db']; storage: DocumentStorage },
  accountId: string | null,
  conversationId: string,
  fileId: string,
): Promise<{ fileName: string; contentType: string; size: number; body: Readable }> {
  await requireConversation(db, accountId, conversationId);
  const file = await db
    .selectFrom('message_files as f')
    .innerJoin('conversation_messages as m', 'm.id', 'f.message_id')
    .select(['f.original_name', 'f.content_type', 'f.size', 'f.storage_key'])
    .where('m.conversation_id', '=', conversationId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw new NotFoundError(CONVERSATION_MESSAGES.fileNotFound);
  try {
    const body = await storage.get(file.storage_key);
    return { fileName: file.original_name, contentType: file.content_type, size: file.size, body };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError)
      throw new NotFoundError(CONVERSATION_MESSAGES.fileNotFound);
    throw error;
  }
}
