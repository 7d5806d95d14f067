// Payloads of the account's own security calls (docs/product/account.md "Other payloads"): the password
// change {oldPassword, newPassword}, the account deletion {password}, the consent path value.
// The form schemas add the confirmation of docs/product/account.md One rule for the new password
// (password-rule.ts) in the form and on the server.
import { z } from '../shared/zod';
import { isSafeText, SAFE_TEXT_MESSAGE, safeString } from '../shared/safe-text';
import { ACCOUNT_SECURITY_MESSAGES as M } from './messages';
import { newPasswordProblem } from './password-rule';

/** Longest current password read: bounds the hashing work of one request. */
export const PASSWORD_INPUT_MAX = 1024;

/** docs/product/account.md: required, 'Mot de passe est nécessaire'. */
export const requiredPassword = safeString({ error: M.required })
  .min(1, M.required)
  .max(PASSWORD_INPUT_MAX, M.tooLong);

/** The rule of password-rule.ts on `newPassword`, knowing the current password and email. */
function checkNewPassword(
  value: { newPassword: string; oldPassword?: string },
  ctx: z.RefinementCtx,
  email: string | undefined,
) {
  if (!value.newPassword) return;
  const problem = newPasswordProblem(value.newPassword, {
    oldPassword: value.oldPassword || undefined,
    email,
  });
  if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
}

/** PUT …/password body (docs/product/account.md). The email check needs the account: the server adds it. */
export const passwordChangeSchema = z
  .object({ oldPassword: requiredPassword, newPassword: requiredPassword })
  .superRefine((value, ctx) => checkNewPassword(value, ctx, undefined));
export type PasswordChangeRequest = z.infer<typeof passwordChangeSchema>;

/**
 * The change form of docs/product/account.md: every field required; new and confirmation must match, else both
 * say so and nothing is sent; then the new-password rule. All problems show at once.
 */
export function passwordChangeFormSchema(email: string | undefined) {
  return z
    .object({
      oldPassword: safeString().max(PASSWORD_INPUT_MAX, M.tooLong),
      newPassword: safeString().max(PASSWORD_INPUT_MAX, M.tooLong),
      confirmation: safeString().max(PASSWORD_INPUT_MAX, M.tooLong),
    })
    .superRefine((value, ctx) => {
      for (const field of ['oldPassword', 'newPassword', 'confirmation'] as const)
        if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: M.required });
      if (value.newPassword && value.confirmation && value.newPassword !== value.confirmation) {
        for (const field of ['newPassword', 'confirmation'] as const)
          ctx.addIssue({ code: 'custom', path: [field], message: M.mismatch });
        return;
      }
      checkNewPassword(value, ctx, email);
    });
}
export type PasswordChangeForm = z.infer<ReturnType<typeof passwordChangeFormSchema>>;

/** What a server-drawn new-password form (a reset link, a staff member's first or mailed one) says under its fields. */
export interface NewPasswordPairErrors {
  newPassword?: string | undefined;
  confirmation?: string | undefined;
}

/**
 * The two fields of a new-password form drawn by the server, before the password rule (which the
 * service applies, knowing the account): each required and safe text, and the same, else both
 * say so. Empty when they may go on to the rule.
 */
export function newPasswordPairErrors(
  newPassword: string,
  confirmation: string,
): NewPasswordPairErrors {
  const errors: NewPasswordPairErrors = {};
  if (!newPassword) errors.newPassword = M.required;
  if (!confirmation) errors.confirmation = M.required;
  if (newPassword && !isSafeText(newPassword)) errors.newPassword = SAFE_TEXT_MESSAGE;
  if (newPassword && confirmation && newPassword !== confirmation)
    errors.newPassword = errors.confirmation = M.mismatch;
  return errors;
}

/** DELETE …/account/accounts/{accountId} body (docs/product/account.md). */
export const accountDeletionSchema = z.object({ password: requiredPassword });
export type AccountDeletionRequest = z.infer<typeof accountDeletionSchema>;

/** docs/product/account.md PUT …/consent/accounts/{accountId}/{true|false}. */
export const consentParamSchema = z.enum(['true', 'false']);
