// One error handler for the whole app (fastify/demo): every error leaves as
// { error: { code, message, fields? } } with a French message; 5xx never carry internals. A
// DomainError (services/errors.ts) gets the status of its code from HTTP_STATUS, the one table
// from code to status.
import { ERROR_CODES, MESSAGES, type ErrorCode } from '@espace/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { errorBody } from '../http/error-body';
import { discardUnreadBody } from '../http/unread-body';
import { DomainError, DuplicateRequestError, TooManyAttemptsError } from '../services/errors';

/**
 * The one mapping from an error code to its HTTP status: services raise DomainErrors by code
 * (services/errors.ts) and never choose a status themselves.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  [ERROR_CODES.validation]: 400,
  [ERROR_CODES.unauthorized]: 401,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.duplicateRequest]: 409,
  [ERROR_CODES.gone]: 410,
  [ERROR_CODES.preconditionFailed]: 412,
  [ERROR_CODES.unprocessable]: 422,
  [ERROR_CODES.tooLarge]: 413,
  [ERROR_CODES.unsupportedMediaType]: 415,
  [ERROR_CODES.rateLimited]: 429,
  [ERROR_CODES.stepUpRequired]: 403,
  [ERROR_CODES.internal]: 500,
};

/** No valid bearer token (authentication plugin, docs/decisions/0010-scoped-by-the-token.md). */
export class UnauthorizedError extends DomainError {
  constructor() {
    super(ERROR_CODES.unauthorized, MESSAGES.api.unauthorized);
  }
}

/** A path {accountId} that is not the caller's (authentication plugin). */
export class ForbiddenError extends DomainError {
  constructor() {
    super(ERROR_CODES.forbidden, MESSAGES.api.forbidden);
  }
}

/** A cookie-authenticated request that a browser says comes from another site (cookie-session.ts). */
export class CrossSiteError extends DomainError {
  constructor() {
    super(ERROR_CODES.forbidden, MESSAGES.api.crossSite);
  }
}

/** Fastify's own refusals of a request body, in the same shape and in French. */
const BY_FASTIFY_CODE: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ERROR_CODES.validation,
    message: MESSAGES.api.malformedJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ERROR_CODES.validation,
    message: MESSAGES.api.malformedJson,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.tooLarge, message: MESSAGES.api.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ERROR_CODES.unsupportedMediaType,
    message: MESSAGES.api.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ERROR_CODES.validation,
    message: MESSAGES.api.validation,
  },
};

/**
 * PostgreSQL's refusals of a value it cannot store or read (NUL, a lone surrogate, invalid UTF-8,
 * text that is not of its column's type): the contract's safe strings refuse them first
 * (packages/contract safe-text.ts); this is the net for a value that reached a query another
 * way, answered 400 rather than 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05', '22P02']);
const isUnstorableText = (error: { code?: unknown }) =>
  typeof error.code === 'string' && UNSTORABLE_TEXT_CODES.has(error.code);

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused while its body is still arriving (too large, a file refused mid-upload, a token
    // refused before the body is read): the rest is read and discarded so the answer is read.
    discardUnreadBody(request.raw, reply);
    if (error instanceof DuplicateRequestError) {
      const body = errorBody(error.code, error.message);
      return reply
        .code(HTTP_STATUS[error.code])
        .send({ error: { ...body.error, reference: error.reference } });
    }
    if (error instanceof TooManyAttemptsError && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof DomainError) {
      return reply
        .code(HTTP_STATUS[error.code])
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? MESSAGES.api.validation;
      }
      return reply
        .code(HTTP_STATUS[ERROR_CODES.validation])
        .send(errorBody(ERROR_CODES.validation, MESSAGES.api.validation, fields));
    }
    const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined;
    if (known)
      return reply.code(HTTP_STATUS[known.code]).send(errorBody(known.code, known.message));
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'text refused by the database');
      return reply
        .code(HTTP_STATUS[ERROR_CODES.validation])
        .send(errorBody(ERROR_CODES.validation, MESSAGES.api.validation));
    }
    if (error.statusCode === 429) {
      return reply
        .code(HTTP_STATUS[ERROR_CODES.rateLimited])
        .send(errorBody(ERROR_CODES.rateLimited, MESSAGES.api.rateLimited));
    }
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      return reply
        .code(error.statusCode)
        .send(errorBody(ERROR_CODES.validation, MESSAGES.api.validation));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(HTTP_STATUS[ERROR_CODES.internal])
      .send(errorBody(ERROR_CODES.internal, MESSAGES.api.internal));
  });
});
