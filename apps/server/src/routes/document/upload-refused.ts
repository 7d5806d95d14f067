import { ERROR_CODES, UPLOAD_REFUSALS } from '@espace/contract';
import { ApiError } from '../../plugins/errors';

export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;

const STATUS: Record<UploadRefusal, number> = {
  missingFile: 400,
  emptyFile: 400,
  tooLarge: 413,
  typeNotAllowed: 400,
  contentMismatch: 400,
  unknownFileType: 400,
  notUploadable: 409,
  terminatedPolicy: 409,
  invalidName: 400,
  fieldsOrder: 400,
  incomplete: 400,
};

const CODE: Partial<Record<UploadRefusal, string>> = {
  tooLarge: ERROR_CODES.tooLarge,
  notUploadable: ERROR_CODES.conflict,
  terminatedPolicy: ERROR_CODES.conflict,
};

/** An upload the server refuses, with the French message of UPLOAD_REFUSALS. */
export class UploadRefusedError extends ApiError {
  constructor(readonly reason: UploadRefusal) {
    super(STATUS[reason], CODE[reason] ?? ERROR_CODES.validation, UPLOAD_REFUSALS[reason]);
    this.name = 'UploadRefusedError';
  }
}
