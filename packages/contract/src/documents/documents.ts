// Documents (docs/product/documents.md /documents): status labels, upload eligibility, the
// French messages of uploads and downloads (the checks on files to attach: file-checks.ts).
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { FILE_CHECK_MESSAGES } from '../shared/file-checks';
import { ACCEPTED_FORMATS_CHOICE } from '../shared/upload-types';
import { IMAGE_LIMITS_TEXT, isImageTooLargeRefusal } from './image-refusals';
import { errorBodySchema } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { type DocumentStatus, type DocumentToProvide } from '../policies/policy';
import { OTHER_FILE_TYPE } from '../policies/policy-values';

/** docs/product/documents.md: the label shown for each status of a document to provide. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  validated: 'Validé',
  rejected: 'Non conforme',
  received: 'En cours de vérification',
  pending: 'En attente',
  'not validated': 'Non conforme',
  cancelled: 'Annulé',
};

/** docs/product/documents.md: the five style classes that exist for statuses. */
export type DocumentStatusStyle = 'validated' | 'rejected' | 'pending' | 'received' | 'terminated';

const STATUS_STYLES: Record<DocumentStatus, DocumentStatusStyle> = {
  validated: 'validated',
  rejected: 'rejected',
  received: 'received',
  pending: 'pending',
  // docs/product/documents.md: 'not validated' reads 'Non conforme' but is styled as pending.
  'not validated': 'pending',
  cancelled: 'terminated',
};

export function documentStatusStyle(status: DocumentStatus): DocumentStatusStyle {
  return STATUS_STYLES[status];
}

/** docs/product/documents.md: entries of type 'autre' show no status and cannot be clicked. */
export function isOtherDocument(doc: Pick<DocumentToProvide, 'fileType'>): boolean {
  return doc.fileType === OTHER_FILE_TYPE;
}

const NEVER_UPLOADABLE: readonly DocumentStatus[] = ['received', 'validated', 'cancelled'];

/**
 * docs/product/documents.md upload eligibility: (canResend and status is not received) or status is none of
 * received, validated, cancelled. A document with no status yet is always eligible.
 */
export function canUpload(
  doc: Pick<DocumentToProvide, 'fileType' | 'status' | 'canResend'>,
): boolean {
  if (isOtherDocument(doc)) return false;
  if (doc.canResend && doc.status !== 'received') return true;
  return doc.status === null || !NEVER_UPLOADABLE.includes(doc.status);
}

/**
 * Whether the server accepts a file for this document: what canUpload offers, and also a
 * document already 'received'. docs/product/documents.md sends a multi-file batch one request per file, so from
 * the second file on the document is already received; refusing it would cut the batch. The
 * client keeps offering uploads by canUpload alone. 'autre' always takes an extra document
 * (docs/product/documents.md), and never changes a status (docs/product/documents.md).
 */
export function acceptsUploadedFile(
  doc: Pick<DocumentToProvide, 'fileType' | 'status' | 'canResend'>,
): boolean {
  if (isOtherDocument(doc)) return true;
  return doc.status === 'received' || canUpload(doc);
}

/** docs/product/documents.md "Document (download list)", body of GET /document/accounts/{accountId}/policy/{policyNumber}. */
export const downloadedDocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  created: z.iso
    .datetime({ offset: true })
    .describe('Affichée jj.mm.aaaa (docs/product/documents.md)'),
});
export type DownloadedDocument = z.infer<typeof downloadedDocumentSchema>;
export const downloadedDocumentListSchema = z.array(downloadedDocumentSchema);

/** The 201 body of an upload: the stored document, as the download list will show it. */
export const uploadResponseSchema = downloadedDocumentSchema.describe(
  'Le document reçu, tel que la liste des téléchargements le montrera',
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * docs/product/documents.md upload form data {upfile, fileType}: the names of the two multipart fields. The
 * server reads `fileType` first, so the browser appends it before the file (docs/product/documents.md).
 */
export const UPLOAD_FORM_FIELDS = { fileType: 'fileType', file: 'upfile' } as const;

/** docs/product/documents.md upload form data {upfile, fileType}: the fileType field ('autre' for extra documents). */
export const uploadFileTypeSchema = safeString().trim().min(1).max(60);

/**
 * docs/product/documents.md: Confirm is disabled with no file, and needs exactly exactFileNumber when it is set,
 * counting the files already received for the document (one of two files received,
 * the customer sends the missing one).
 */
export function canConfirm(
  attachedCount: number,
  exactFileNumber?: number | null,
  alreadyReceived = 0,
): boolean {
  if (attachedCount === 0) return false;
  return exactFileNumber == null || attachedCount + alreadyReceived === exactFileNumber;
}

/**
 * One rule for server and client: how many files a document needs before it is
 * 'received' ('En cours de vérification'): exactFileNumber when set, else one.
 */
export function requiredFileCount(doc: Pick<DocumentToProvide, 'exactFileNumber'>): number {
  return doc.exactFileNumber ?? 1;
}

/** Whether the files received so far complete the document (then its status is 'received'). */
export function isDocumentComplete(
  doc: Pick<DocumentToProvide, 'exactFileNumber'>,
  filesReceived: number,
): boolean {
  return filesReceived >= requiredFileCount(doc);
}

/** The files still expected for a document partly received (0 when none or complete). */
export function missingFileCount(
  doc: Pick<DocumentToProvide, 'exactFileNumber' | 'filesReceived'>,
): number {
  if (doc.exactFileNumber == null || doc.filesReceived === 0) return 0;
  return Math.max(0, doc.exactFileNumber - doc.filesReceived);
}

/** 404 body of a download whose document is not one of the policy's. */
export const DOCUMENT_NOT_FOUND_MESSAGE = 'Document introuvable.';

/** docs/product/documents.md: the 404 bodies the upload call may answer with (the server sends them as `message`). */
export const UPLOAD_NOT_FOUND_BODIES = {
  sinister: 'Sinister not found',
  policy: MESSAGES.api.policyNotFound,
} as const;

/** docs/product/documents.md per-file upload results and banners of the documents screen, and the download error. */
export const UPLOAD_MESSAGES = {
  success: 'Téléchargement réussi avec l’ID de fichier enregistré',
  sinisterNotFound: 'Le sinistre introuvable',
  policyNotFound: 'Le contrat introuvable',
  failed: 'Erreur de chargement',
  allSent: 'Votre document a été transmis avec succès',
  exception: 'Erreur de fichier interne',
  /** The customer cancelled a slow upload; files already received are kept. */
  cancelled: 'Envoi annulé. Les fichiers déjà reçus sont conservés.',
  downloadFailed: 'Une erreur s’est produite lors de la récupération de vos documents.',
  /** A document that needs several files, some received already. */
  partlyReceived: (received: number, required: number) =>
    `${received} fichier${received > 1 ? 's' : ''} sur ${required} déjà reçu${received > 1 ? 's' : ''}.`,
  sendMissing: (missing: number) =>
    missing > 1 ? `Joignez les ${missing} fichiers manquants.` : 'Joignez le fichier manquant.',
} as const;

export function uploadSucceeded(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The message carried by an error body `{ error: { message } }` or a plain-text body. */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim();
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.message : undefined;
}

/**
 * docs/product/documents.md: the per-file message of the documents screen for one upload response. A refusal the
 * server explains with one of its own UPLOAD_REFUSALS follows « Erreur de chargement » with that
 * reason, so the customer learns what to change; any other body is never shown
 * (docs/decisions/0047-upload-outcome-on-the-item.md).
 */
export function uploadResultMessage(status: number, body: unknown): string {
  if (uploadSucceeded(status)) return UPLOAD_MESSAGES.success;
  const message = bodyMessage(body);
  if (status === 404) {
    if (message === UPLOAD_NOT_FOUND_BODIES.sinister) return UPLOAD_MESSAGES.sinisterNotFound;
    if (message === UPLOAD_NOT_FOUND_BODIES.policy) return UPLOAD_MESSAGES.policyNotFound;
  }
  const reasons: readonly string[] = Object.values(UPLOAD_REFUSALS);
  if (message !== undefined && (reasons.includes(message) || isImageTooLargeRefusal(message)))
    return `${UPLOAD_MESSAGES.failed}\u00a0: ${message}`;
  return UPLOAD_MESSAGES.failed;
}

/**
 * Why the server refuses an upload (docs/decisions/0018-documents-streamed-and-sniffed.md). Size and type reuse the docs/product/documents.md
 * wording so the customer reads the same sentence whichever side caught the problem.
 */
export const UPLOAD_REFUSALS = {
  missingFile: 'Aucun fichier n’a été joint à la demande.',
  emptyFile: 'Le fichier est vide.',
  tooLarge: FILE_CHECK_MESSAGES.tooLarge,
  typeNotAllowed: FILE_CHECK_MESSAGES.invalidFormat,
  contentMismatch: `Le contenu du fichier ne correspond pas à son extension\u00a0: renommer un fichier ne change pas son format. Enregistrez-le en ${ACCEPTED_FORMATS_CHOICE}, puis joignez-le de nouveau.`,
  tooManyFiles: 'Un seul fichier par envoi\u00a0: joignez vos fichiers un par un.',
  unknownFileType: 'Ce type de document n’est pas demandé pour ce contrat.',
  notUploadable: 'Ce document ne peut plus être transmis.',
  terminatedPolicy:
    'Ce contrat est résilié\u00a0: il n’est plus possible d’y joindre des documents.',
  invalidName: 'Le nom du fichier n’est pas valide.',
  fieldsOrder: 'Le type de document doit précéder le fichier dans la demande.',
  incomplete: 'Le fichier n’a pas été reçu en entier.',
  malformed: 'La demande n’est pas un formulaire d’envoi de fichier valide.',
  unreadableImage:
    'L’image est illisible ou incomplète\u00a0: enregistrez-la de nouveau en png ou jpeg, puis joignez-la.',
  /** Without its size; imageTooLargeRefusal says it (docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md). */
  imageTooLarge: `Image trop grande (${IMAGE_LIMITS_TEXT} au plus). Réduisez sa définition, puis joignez-la de nouveau.`,
} as const;
