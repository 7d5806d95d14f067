// POST …/uploadfile (docs/product/documents.md): one request per file, one file after the other, each sent with
// XMLHttpRequest because fetch reports no upload progress. Any HTTP status is a per-file result
// (docs/product/documents.md "any status up to 599 is handled per file" messages); only a network failure
// interrupts the batch. `fileType` is appended before `upfile`: the server reads the parts in
// order and needs to know the document before the file. Once a file has been received, the
// policies (document statuses, docs/product/documents.md "Uploads") are refreshed through their key factory.
// Each file's request carries the submission's idempotency key (lib/idempotency.ts,
// '…-2' for the second file…), so a repeat of the same submission records each file once.
import {
  API_PREFIX,
  API_ROUTES,
  apiPath,
  UPLOAD_FORM_FIELDS,
  uploadSucceeded,
} from '@espace/contract';
import { useMutation } from '@tanstack/react-query';
import { POLICIES_READ } from '../../../api/get-policies';
import { usePortalReads } from '../../../api/portal-reads';
import { SAME_ORIGIN_HEADERS } from '../../../lib/auth';
import { nextIdempotencyHeader } from '../../../lib/idempotency';
import { useSession } from '../../../lib/session';

export interface UploadOutcome {
  status: number;
  body: unknown;
}

export interface UploadBatch {
  policyNumber: string;
  fileType: string;
  files: { id: string; file: File }[];
  /** A file starts being sent. */
  onFileStart(id: string): void;
  /** Fraction of a file sent, 0 to 1. */
  onProgress(id: string, fraction: number): void;
  /** A file's answer, whatever its status. */
  onFileDone(id: string, outcome: UploadOutcome): void;
  /** Aborting it cancels a slow upload (the file being sent and those after it). */
  signal?: AbortSignal;
}

/** The customer cancelled the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Envoi annulé');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadBatchResult {
  sent: string[];
  failed: string[];
}

/** A network failure stopped the batch; `anySent` says whether earlier files were received. */
export class UploadInterruptedError extends Error {
  constructor(
    readonly anySent: boolean,
    options: ErrorOptions,
  ) {
    super('Envoi des fichiers interrompu', options);
    this.name = 'UploadInterruptedError';
  }
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface FileUpload {
  accountId: string;
  policyNumber: string;
  fileType: string;
  file: File;
  onProgress(fraction: number): void;
  signal?: AbortSignal | undefined;
}

/** Sends one file; resolves with its status and body, rejects on a network failure only. */
export async function uploadFile(request: FileUpload): Promise<UploadOutcome> {
  // Taken before any wait, so that the files of a submission get their keys in their order.
  const idempotency = nextIdempotencyHeader();
  const form = new FormData();
  form.append(UPLOAD_FORM_FIELDS.fileType, request.fileType);
  form.append(UPLOAD_FORM_FIELDS.file, request.file, request.file.name);
  const { accountId, policyNumber } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${apiPath(API_ROUTES.uploadFile, { accountId, policyNumber })}`);
    const headers = { ...SAME_ORIGIN_HEADERS, ...idempotency };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      request.onProgress(1);
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    });
    xhr.addEventListener('error', () => reject(new Error('Échec réseau de l’envoi')));
    xhr.addEventListener('abort', () =>
      reject(request.signal?.aborted ? new UploadCancelledError() : new Error('Envoi interrompu')),
    );
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export async function uploadFiles(accountId: string, batch: UploadBatch) {
  const result: UploadBatchResult = { sent: [], failed: [] };
  for (const { id, file } of batch.files) {
    if (batch.signal?.aborted) throw new UploadCancelledError();
    batch.onFileStart(id);
    let outcome: UploadOutcome;
    try {
      outcome = await uploadFile({
        accountId,
        policyNumber: batch.policyNumber,
        fileType: batch.fileType,
        file,
        onProgress: (fraction) => batch.onProgress(id, fraction),
        signal: batch.signal,
      });
    } catch (cause) {
      if (cause instanceof UploadCancelledError) throw cause;
      throw new UploadInterruptedError(result.sent.length > 0, { cause });
    }
    (uploadSucceeded(outcome.status) ? result.sent : result.failed).push(id);
    batch.onFileDone(id, outcome);
  }
  return result;
}

export function useUploadFiles() {
  const { accountId } = useSession();
  const reads = usePortalReads();
  const refreshPolicies = () => void reads.invalidate(POLICIES_READ);
  return useMutation({
    mutationFn: (batch: UploadBatch) => uploadFiles(accountId, batch),
    onSuccess: (result) => {
      if (result.sent.length > 0) refreshPolicies();
    },
    onError: (error) => {
      // Some files may have arrived before a network failure or a cancellation.
      if (error instanceof UploadCancelledError) refreshPolicies();
      if (error instanceof UploadInterruptedError && error.anySent) refreshPolicies();
    },
  });
}
