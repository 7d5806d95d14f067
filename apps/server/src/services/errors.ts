// The errors a service raises when a rule refuses a request (node-oidc-provider style: named
// classes). Each carries a stable code from contract ERROR_CODES, a French message for the
// customer and, for input errors, the message of each field. Services never think in HTTP: the
// one error handler (plugins/errors.ts) turns a code into a status, so a future caller (a job, a
// CLI) can use a service without a web server.
import {
  ERROR_CODES,
  MESSAGES,
  REQUEST_RECEIPT_MESSAGES,
  UPLOAD_REFUSALS,
  type ErrorCode,
  type ErrorBody,
} from '@espace/contract';

type Fields = NonNullable<ErrorBody['error']['fields']>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Fields,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the request names does not exist for the caller (docs/decisions/0010-scoped-by-the-token.md). */
export class NotFoundError extends DomainError {
  constructor(message: string = MESSAGES.api.notFound, fields?: Fields) {
    super(ERROR_CODES.notFound, message, fields);
  }
}

/** The request is valid but the state of what it names forbids it (e.g. a terminated policy). */
export class ConflictError extends DomainError {
  constructor(message: string, fields?: Fields) {
    super(ERROR_CODES.conflict, message, fields);
  }
}

/**
 * The same request is already being handled: the answer names it (its reference) rather than
 * recording it twice (docs/decisions/0045-duplicate-requests.md).
 */
export class DuplicateRequestError extends DomainError {
  constructor(readonly reference: string) {
    super(ERROR_CODES.duplicateRequest, REQUEST_RECEIPT_MESSAGES.duplicate(reference));
  }
}

/** What the request names was there but is spent (a one-time download already used). */
export class GoneError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.gone, message);
  }
}

/** The record changed since the version the caller read (If-Match, docs/integration.md). */
export class PreconditionFailedError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.preconditionFailed, message);
  }
}

/** A well-formed record that refers to what does not exist, with the field that does. */
export class UnprocessableRecordError extends DomainError {
  constructor(message: string, fields?: Fields) {
    super(ERROR_CODES.unprocessable, message, fields);
  }
}

/** The request carries a value that is not acceptable, with the message of each field. */
export class InvalidInputError extends DomainError {
  constructor(message: string, fields?: Fields) {
    super(ERROR_CODES.validation, message, fields);
  }
}

/** A well-formed value that a rule refuses to use (e.g. an IBAN outside SEPA, docs/product/README.md). */
export class NotPermittedError extends DomainError {
  constructor(message: string, fields?: Fields) {
    super(ERROR_CODES.forbidden, message, fields);
  }
}

/**
 * A change that opens a new way in or out of an account, asked without a fresh proof
 * (services/identity/step-up.ts): the screen asks for it, then sends the change again.
 */
export class StepUpRequiredError extends DomainError {
  constructor(message: string) {
    super(ERROR_CODES.stepUpRequired, message);
  }
}

/**
 * Too many attempts of something counted per email or address (e.g. a wrong current password);
 * `retryAfterSeconds`, when known, is answered as `Retry-After` (plugins/errors.ts).
 */
export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string = MESSAGES.api.rateLimited,
    readonly retryAfterSeconds?: number,
  ) {
    super(ERROR_CODES.rateLimited, message);
  }
}

/** The request body is not of a type the operation reads (e.g. an upload that is not multipart). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string = MESSAGES.api.unsupportedMediaType) {
    super(ERROR_CODES.unsupportedMediaType, message);
  }
}

export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;

/** docs/product/README.md, docs/decisions/0018-documents-streamed-and-sniffed.md: how each refusal of an upload is classed. */
const REFUSAL_CODES: Record<UploadRefusal, ErrorCode> = {
  missingFile: ERROR_CODES.validation,
  emptyFile: ERROR_CODES.validation,
  tooLarge: ERROR_CODES.tooLarge,
  typeNotAllowed: ERROR_CODES.validation,
  contentMismatch: ERROR_CODES.validation,
  tooManyFiles: ERROR_CODES.validation,
  unknownFileType: ERROR_CODES.validation,
  notUploadable: ERROR_CODES.conflict,
  terminatedPolicy: ERROR_CODES.conflict,
  invalidName: ERROR_CODES.validation,
  fieldsOrder: ERROR_CODES.validation,
  incomplete: ERROR_CODES.validation,
  malformed: ERROR_CODES.validation,
  // Not about the request's bytes (413): about what the image is.
  unreadableImage: ERROR_CODES.validation,
  imageTooLarge: ERROR_CODES.validation,
};

/**
 * An uploaded file the server refuses, with the French message of UPLOAD_REFUSALS, or one that
 * says more (an image's own size: contract imageTooLargeRefusal).
 */
export class UploadRefusedError extends DomainError {
  constructor(
    readonly reason: UploadRefusal,
    message: string = UPLOAD_REFUSALS[reason],
  ) {
    super(REFUSAL_CODES[reason], message);
  }
}
