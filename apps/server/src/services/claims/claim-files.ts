// Photos and constat files of a claim draft (docs/product/claims.md). Enforces:
// - the draft is the caller's (else 404 'Sinister not found'), on a contract still in force;
// - at most CLAIM_MAX_PHOTOS photos and CLAIM_MAX_CONSTAT_FILES constat files: one more is
//   refused (400) before a byte is read;
// - a photo is a JPEG or PNG, a constat page may also be a PDF; the type comes from the bytes
//   (store-upload.ts: sniffed, agreeing with the name and the declared type), 10 MB at most;
// - a photo or constat image is stored without any metadata (Exif and its GPS position, XMP,
//   ICC profile, comments, thumbnails, text chunks…), its image data byte for byte, by
//   storeUploadedFile as every customer's file (decisions 0093 and 0131); one that does not walk
//   to its end is refused ('unreadableImage'), as is one over the pixel limits;
// - the file row names the stored object in the transaction that clears its intent; a refusal
//   or a failure after storing deletes the object;
// - a file is read back (the thumbnails of the photos step) only through its draft's account.
import { randomUUID } from 'node:crypto';
import {
  CLAIM_MAX_CONSTAT_FILES,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES,
  UPLOAD_NOT_FOUND_BODIES,
  type ClaimFile,
  type ClaimFileRole,
} from '@espace/contract';
import type { Db } from '../../db/client';
import type { Readable } from 'node:stream';
import { clearIntents, discardStored } from '../../platform/storage/intents';
import { StoredFileNotFoundError } from '../../platform/storage/storage';
import { storeUploadedFile, type IncomingFile, type StoreDeps } from '../documents/store-upload';
import { InvalidInputError, NotFoundError, UploadRefusedError } from '../errors';
import { requireOwnDraft, requireOwnPolicyActive } from './claim-policy';

const LIMITS: Record<ClaimFileRole, { max: number; message: string }> = {
  photo: { max: CLAIM_MAX_PHOTOS, message: CLAIM_MESSAGES.invalid.tooManyPhotos },
  constat: { max: CLAIM_MAX_CONSTAT_FILES, message: CLAIM_MESSAGES.invalid.tooManyConstatFiles },
};

export async function addClaimFile(
  deps: StoreDeps,
  request: {
    accountId: string;
    draftId: string;
    role: ClaimFileRole;
    part: IncomingFile | undefined;
  },
): Promise<ClaimFile> {
  const { db } = deps;
  const { part, role } = request;
  const draft = await requireOwnDraft(db, request.accountId, request.draftId);
  await requireOwnPolicyActive(db, request.accountId, draft.policy_number);
  if (!part) throw new UploadRefusedError('missingFile');
  const count = await countFiles(db, draft.id, role);
  if (count >= LIMITS[role].max) {
    part.file.resume();
    throw new InvalidInputError(LIMITS[role].message, { files: LIMITS[role].message });
  }
  const stored = await storeUploadedFile(deps, part);
  try {
    if (role === 'photo' && stored.contentType === 'application/pdf') {
      const message = CLAIM_MESSAGES.invalid.photoType;
      throw new InvalidInputError(message, { files: message });
    }
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await requireOwnDraft(trx, request.accountId, draft.id);
      if ((await countFiles(trx, draft.id, role)) >= LIMITS[role].max) {
        throw new InvalidInputError(LIMITS[role].message, { files: LIMITS[role].message });
      }
      await clearIntents(trx, [stored.key]);
      await trx
        .insertInto('claim_files')
        .values({
          id,
          draft_id: draft.id,
          role,
          original_name: stored.originalName,
          content_type: stored.contentType,
          storage_key: stored.key,
          size: stored.size,
          sha256: stored.sha256,
        })
        .execute();
      await trx
        .updateTable('claim_drafts')
        .set({ updated_at: new Date() })
        .where('id', '=', draft.id)
        .execute();
    });
    return {
      id,
      role,
      fileName: stored.originalName,
      contentType: stored.contentType,
      size: stored.size,
    };
  } catch (error) {
    await discardStored(deps, [stored.key]);
    throw error;
  }
}

async function countFiles(db: Db, draftId: string, role: ClaimFileRole): Promise<number> {
  const row = await db
    .selectFrom('claim_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('draft_id', '=', draftId)
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function removeClaimFile(
  deps: StoreDeps,
  request: { accountId: string; draftId: string; fileId: string },
): Promise<void> {
  const draft = await requireOwnDraft(deps.db, request.accountId, request.draftId);
  const row = await deps.db
    .deleteFrom('claim_files')
    .where('id', '=', request.fileId)
    .where('draft_id', '=', draft.id)
    .returning('storage_key')
    .executeTakeFirst();
  if (!row) throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
  await deps.storage.delete(row.storage_key).catch(() => undefined);
}

/** The bytes of file `fileId` of the caller's draft, as stored (without metadata). */
export async function openClaimFile(
  deps: StoreDeps,
  request: { accountId: string; draftId: string; fileId: string },
): Promise<{ fileName: string; contentType: string; size: number; body: Readable }> {
  const draft = await requireOwnDraft(deps.db, request.accountId, request.draftId);
  const file = await deps.db
    .selectFrom('claim_files')
    .select(['original_name', 'content_type', 'size', 'storage_key'])
    .where('id', '=', request.fileId)
    .where('draft_id', '=', draft.id)
    .executeTakeFirst();
  if (!file) throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
  try {
    const body = await deps.storage.get(file.storage_key);
    return { fileName: file.original_name, contentType: file.content_type, size: file.size, body };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError)
      throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
    throw error;
  }
}
