// The error body of every API error (docs/decisions/0009-one-contract.md), with French messages.
import { z } from './zod';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A `duplicate_request` refusal names the request already being handled (decision 0045). */
    reference: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validation: 'validation_error',
  conflict: 'conflict',
  /** An If-Match that names a version the record no longer has (docs/integration.md). */
  preconditionFailed: 'precondition_failed',
  /** A well-formed record that names what does not exist (an unknown customer number). */
  unprocessable: 'unprocessable_record',
  duplicateRequest: 'duplicate_request',
  /** What the request names existed but is spent (a one-time download already used). */
  gone: 'gone',
  tooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** A change that opens a new way in needs a fresh proof first (account/step-up.ts). */
  stepUpRequired: 'step_up_required',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
