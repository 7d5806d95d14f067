// Attachments of messages (docs/product/messages.md): the same upload types, size and pixel
// limits, sniffing and storage as the documents, through the one upload service
// (services/documents/receive-file.ts, docs/decisions/0107-documents-checked-by-one-service.md).
// Enforces: the conversation is the caller's (else NotFoundError) and open, checked before a byte
// of the body is read; the body is multipart (else UnsupportedMediaTypeError); the part `text`
// comes before the file and passes the contract's schema (else UploadRefusedError / 400); a
// message carries one file; a file is read back only through a conversation of the reader's
// account (else NotFoundError).
import {
  attachmentTextSchema,
  CONVERSATION_MESSAGES,
  MESSAGE_FORM_FIELDS,
  type ConversationMessage,
} from '@espace/contract';
import type { Readable } from 'node:stream';
import { StoredFileNotFoundError, type DocumentStorage } from '../../platform/storage/storage';
import { receiveFile, type UploadPart } from '../documents/receive-file';
import { InvalidInputError, NotFoundError, UnsupportedMediaTypeError } from '../errors';
import { requireConversation } from './conversation-reads';
import { postMessage, requireOpen, type MessageDeps } from './message-writes';

export interface MessageAttachment {
  /** The conversation's account; null for the broker (any account). */
  accountId: string | null;
  author: 'customer' | 'broker';
  authorId: string | null;
  conversationId: string;
  parts: AsyncIterable<UploadPart> | undefined;
}

export async function receiveMessageAttachment(
  deps: MessageDeps & { storage: DocumentStorage },
  upload: MessageAttachment,
): Promise<ConversationMessage> {
  requireOpen(await requireConversation(deps.db, upload.accountId, upload.conversationId));
  if (!upload.parts) throw new UnsupportedMediaTypeError();
  return receiveFile({ db: deps.db, storage: deps.storage }, upload.parts, {
    targetField: MESSAGE_FORM_FIELDS.text,
    fileField: MESSAGE_FORM_FIELDS.file,
    resolveTarget(raw) {
      const text = attachmentTextSchema.safeParse(raw);
      if (!text.success) {
        const message = text.error.issues[0]?.message ?? CONVERSATION_MESSAGES.textTooLong;
        return Promise.reject(new InvalidInputError(message, { text: message }));
      }
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
