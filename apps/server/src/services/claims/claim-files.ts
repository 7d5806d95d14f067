// Photos and constat files of a claim draft (docs/product/claims.md). Enforces:
// - the draft is the caller's (else 404 'Sinister not found'), on a contract still in force;
// - at most CLAIM_MAX_PHOTOS photos and CLAIM_MAX_CONSTAT_FILES constat files: one more is
//   refused (400) before a byte is read;
// - a photo is a JPEG or PNG, a constat page may also be a PDF; the type comes from the bytes
//   (store-upload.ts: sniffed, agreeing with the name and the declared type), 10 MB at most;
// - a photo or constat image is stored without any metadata (Exif and its GPS position, XMP,
//   ICC profile, comments, thumbnails, text chunks…), its image data byte for byte
//   (platform/images/strip-metadata.ts, decisions 0078 and 0093); one that does not walk to its
//   end is refused ('unreadableImage'), one over the pixel limits by storeFileBytes;
// - the file row names the stored object in the transaction that clears its intent; a refusal
//   or a failure after storing deletes the object.
import { randomUUID } from 'node:crypto';
import {
  CLAIM_MAX_CONSTAT_FILES,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES,
  MAX_UPLOAD_BYTES,
  UPLOAD_NOT_FOUND_BODIES,
  type ClaimFile,
  type ClaimFileRole,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { stripImageMetadata } from '../../platform/images/strip-metadata';
import { clearIntents, discardStored } from '../../platform/storage/intents';
import { storeFileBytes, type IncomingFile, type StoreDeps } from '../documents/store-upload';
import { InvalidInputError, NotFoundError, UploadRefusedError } from '../errors';
import { requireOwnDraft, requireOwnPolicyActive } from './claim-policy';

const LIMITS: Record<ClaimFileRole, { max: number; message: string }> = {
  photo: { max: CLAIM_MAX_PHOTOS, message: CLAIM_MESSAGES.invalid.tooManyPhotos },
  constat: { max: CLAIM_MAX_CONSTAT_FILES, message: CLAIM_MESSAGES.invalid.tooManyConstatFiles },
};

/** The whole file, at most MAX_UPLOAD_BYTES (the parser's limit marks it truncated past it). */
async function readWhole(part: IncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) {
      part.file.resume();
      throw new UploadRefusedError('tooLarge');
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new UploadRefusedError('tooLarge');
  return Buffer.concat(chunks);
}

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
  const sent = await readWhole(part);
  const stripped = stripImageMetadata(sent);
  if (stripped === 'unreadable') throw new UploadRefusedError('unreadableImage');
  const stored = await storeFileBytes(deps, {
    fileName: part.filename,
    declaredType: part.mimetype,
    bytes: stripped === 'notAnImage' ? sent : stripped.bytes,
  });
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
