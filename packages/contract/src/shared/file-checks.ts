// docs/product/policies.md: the browser's checks on the files picked for an upload, before any is sent, with their
// French messages; the types and limits come from the table of upload-types.ts
// (docs/decisions/0047-upload-outcome-on-the-item.md).
import {
  ACCEPTED_FORMATS_TEXT,
  DEFAULT_MAX_FILE_NUMBER,
  isAcceptedUpload,
  MAX_UPLOAD_BYTES,
} from './upload-types';

/** docs/product/policies.md document upload messages. */
export const FILE_CHECK_MESSAGES = {
  tooLarge: `Fichier trop volumineux. Veuillez envoyer un fichier d’une taille inférieure à ${MAX_UPLOAD_BYTES / 1_000_000}\u00a0Mo.`,
  invalidFormat: `Format de fichier non valide. Formats acceptés\u00a0: ${ACCEPTED_FORMATS_TEXT}.`,
  alreadyAttached: 'Le fichier est déjà joint.',
  tooMany: (max: number) => `Maximum ${max} fichier(s) accepté(s)\u00a0!`,
} as const;

/** What the checks need of a browser `File`. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** A file refused before sending: its name and the rule it breaks. */
export interface RefusedFile {
  name: string;
  message: string;
}

export interface FileCheckResult<F extends FileLike> {
  accepted: F[];
  /** Distinct messages, in the order they first occurred. */
  errors: string[];
  /** Each refused file with its reason (docs/decisions/0047-upload-outcome-on-the-item.md). */
  refused: RefusedFile[];
}

/**
 * docs/product/policies.md: which of the files just picked may join those already attached. Each file is refused
 * for the first rule it breaks: size over MAX_UPLOAD_BYTES, type outside the table of
 * upload-types.ts (extension and declared MIME type must name the same type; the server checks
 * the bytes), same size and type as a file already attached or accepted earlier in this batch,
 * or the count would pass maxFileNumber.
 */
export function checkFilesToAttach<F extends FileLike>(
  attached: readonly FileLike[],
  incoming: readonly F[],
  opts: { maxFileNumber?: number | null } = {},
): FileCheckResult<F> {
  const max = opts.maxFileNumber ?? DEFAULT_MAX_FILE_NUMBER;
  const accepted: F[] = [];
  const refused: RefusedFile[] = [];
  for (const file of incoming) {
    const kept = [...attached, ...accepted];
    const refuse = (message: string) => refused.push({ name: file.name, message });
    if (file.size > MAX_UPLOAD_BYTES) refuse(FILE_CHECK_MESSAGES.tooLarge);
    else if (!isAcceptedUpload(file)) refuse(FILE_CHECK_MESSAGES.invalidFormat);
    else if (kept.some((other) => other.size === file.size && other.type === file.type))
      refuse(FILE_CHECK_MESSAGES.alreadyAttached);
    else if (kept.length >= max) refuse(FILE_CHECK_MESSAGES.tooMany(max));
    else accepted.push(file);
  }
  return { accepted, errors: [...new Set(refused.map((r) => r.message))], refused };
}
