// SPEC §7 uploadfile: one request per file, sent with XMLHttpRequest because fetch reports no
// upload progress. Any HTTP status resolves (SPEC §7 "any status up to 599 is handled per
// file"); only a network failure rejects. `fileType` is appended before `upfile`: the server
// reads the parts in order and needs to know the document before the file.
import { accessToken } from '../../../lib/auth';
import { policyPath } from './documents';

export interface UploadOutcome {
  status: number;
  body: unknown;
}

export interface UploadRequest {
  accountId: string;
  policyNumber: string;
  fileType: string;
  file: File;
  /** Fraction sent, 0 to 1. */
  onProgress(fraction: number): void;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function uploadFile(request: UploadRequest): Promise<UploadOutcome> {
  const token = await accessToken();
  const form = new FormData();
  form.append('fileType', request.fileType);
  form.append('upfile', request.file, request.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1${policyPath(request.accountId, request.policyNumber)}/uploadfile`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      request.onProgress(1);
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    });
    xhr.addEventListener('error', () => reject(new Error('Échec réseau de l’envoi')));
    xhr.addEventListener('abort', () => reject(new Error('Envoi interrompu')));
    xhr.send(form);
  });
}
