// What the request schemas' tests share: a pinned day and the messages per field path.
import type { z } from 'zod';

export const TODAY = '2026-03-15';
export const FR_IBAN = 'FR7630006000011234567890189';

/** The messages per field path; each rule stops at its first failure, so one per field. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return errors;
}
