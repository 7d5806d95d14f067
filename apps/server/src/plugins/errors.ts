// One error handler for the whole app (fastify/demo): every error leaves as
// { error: { code, message, fields? } } with a French message; 5xx never carry internals.
import { ERROR_CODES, MESSAGES, type ErrorBody } from '@espace/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** An error a route throws on purpose: its status, code and French message are sent as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NotFoundError extends ApiError {
  constructor(message: string = MESSAGES.api.notFound) {
    super(404, ERROR_CODES.notFound, message);
    this.name = 'NotFoundError';
  }
}

export class ForbiddenError extends ApiError {
  constructor(message: string = MESSAGES.api.forbidden) {
    super(403, ERROR_CODES.forbidden, message);
    this.name = 'ForbiddenError';
  }
}

export class UnauthorizedError extends ApiError {
  constructor() {
    super(401, ERROR_CODES.unauthorized, MESSAGES.api.unauthorized);
    this.name = 'UnauthorizedError';
  }
}

export class ValidationError extends ApiError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, ERROR_CODES.validation, message, fields);
    this.name = 'ValidationError';
  }
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const BY_FASTIFY_CODE: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validation,
    message: MESSAGES.api.malformedJson,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.validation,
    message: MESSAGES.api.malformedJson,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.tooLarge,
    message: MESSAGES.api.tooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: MESSAGES.api.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ERROR_CODES.validation,
    message: MESSAGES.api.validation,
  },
};

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? MESSAGES.api.validation;
      }
      return reply
        .code(400)
        .send(errorBody(ERROR_CODES.validation, MESSAGES.api.validation, fields));
    }
    const known = error.code ? BY_FASTIFY_CODE[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.code, known.message));
    if (error.statusCode === 429) {
      return reply.code(429).send(errorBody(ERROR_CODES.rateLimited, MESSAGES.api.rateLimited));
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
    return reply.code(500).send(errorBody(ERROR_CODES.internal, MESSAGES.api.internal));
  });
});
