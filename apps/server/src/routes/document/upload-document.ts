import {
  errorBodySchema,
  ERROR_CODES,
  isTerminated,
  MESSAGES,
  uploadResponseSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../plugins/errors';
import { ownPolicyOr404 } from './own-policy';
import { policyParams } from './params';
import { receiveUpload } from './receive-upload';
import { UploadRefusedError } from './upload-refused';

/** Uploads per account in the time window (the route plugin keys the limit by account). */
export const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

/**
 * SPEC §7 uploadfile: one file per request, multipart `fileType` then `upfile`. The policy is
 * checked (the caller's, not terminated: SPEC §4) before a byte of the file is read.
 */
export default async function uploadDocumentRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/document/accounts/:accountId/policy/:policyNumber/uploadfile',
    {
      // ARCHITECTURE.md decision 9: a customer sends a few files; this only ever stops a script.
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['document'],
        summary: 'Transmettre un document demandé (multipart : fileType puis upfile)',
        consumes: ['multipart/form-data'],
        params: policyParams,
        response: {
          201: uploadResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const policy = await ownPolicyOr404(app, request.accountId, request.params.policyNumber);
      if (isTerminated(policy)) throw new UploadRefusedError('terminatedPolicy');
      if (!request.isMultipart()) {
        throw new ApiError(
          415,
          ERROR_CODES.unsupportedMediaType,
          MESSAGES.api.unsupportedMediaType,
        );
      }
      const stored = await receiveUpload(app, request, policy.policy_number);
      return reply.code(201).send(stored);
    },
  );
}
