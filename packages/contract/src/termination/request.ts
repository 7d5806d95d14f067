// docs/product/termination.md "Termination request" rules terminate: the JSON body the route reads (files as
// base64), the form the screen validates, and the acknowledgement the server answers. One rule
// (`terminationIssues`) checks reason, comment and files for both, so the form and the route
// refuse the same requests with the same French messages (docs/decisions/0009-one-contract.md).
import { z } from '../shared/zod';
import { isIsoDate, parseDateInput, todayInParis } from '../shared/dates';
import { safeMultilineString, safeString } from '../shared/safe-text';
import { TERMINATION_COMMENT_MAX } from '../shared/constants';
import { MAX_UPLOAD_BYTES } from '../shared/upload-types';
import type { FileLike } from '../shared/file-checks';
import type { TerminationBasis } from './effective-date';
import { TERMINATION_MESSAGES } from './messages';
import { saleDateIssue } from './sale-date';
import {
  isSaleReason,
  requiresAttachment,
  TERMINATION_REASON_LABELS,
  TERMINATION_REASONS,
  terminationReasonByLabel,
} from './reasons';

const { required: REQUIRED, invalid: INVALID } = TERMINATION_MESSAGES;

/** Base64 of `bytes` bytes, padding included. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** docs/product/termination.md: the most files any reason takes. */
export const TERMINATION_MAX_FILES = Math.max(...TERMINATION_REASONS.map((r) => r.maxFiles));

/**
 * The largest body the terminate route reads: the files of docs/product/termination.md at their size limit in base64
 * (≈ 4/3 of their size) and 64 KiB for the rest of the JSON. Anything larger is refused (413).
 */
export const TERMINATION_BODY_LIMIT =
  TERMINATION_MAX_FILES * base64Length(MAX_UPLOAD_BYTES) + 65_536;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const requiredText = (message: string, max: number) =>
  safeString({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Ce champ ne doit pas dépasser ${max} caractères` });

const emailField = safeString({ error: REQUIRED.email })
  .trim()
  .min(1, { error: REQUIRED.email, abort: true })
  .max(254, { error: INVALID.email })
  .refine((value) => EMAIL.test(value), { error: INVALID.email });

const reasonField = z.enum(TERMINATION_REASON_LABELS, { error: REQUIRED.reason });

/** Reason 2: the day of the sale, typed 'jj.mm.aaaa' or sent 'YYYY-MM-DD'; held as ISO. */
const saleDateField = safeString({ error: INVALID.saleDate })
  .trim()
  .max(10, { error: INVALID.saleDate })
  .overwrite((value) => parseDateInput(value) ?? value);

const commentField = safeMultilineString()
  .trim()
  .max(TERMINATION_COMMENT_MAX, { error: INVALID.commentTooLong });

interface Issue {
  path: string[];
  message: string;
}

/**
 * docs/product/termination.md: comment mandatory for reason 3; files mandatory for 2 and 3, at most docs/product/termination.md's.
 * Reason 2 needs a real sale date (decision 0043); its bounds need the contract's start date,
 * so they are `saleDateIssue`'s, checked by the form and the service.
 */
export function terminationIssues(input: {
  reason: string;
  comment: string;
  fileCount: number;
  saleDate?: string | undefined;
}): Issue[] {
  const reason = terminationReasonByLabel(input.reason);
  if (!reason) return [];
  const issues: Issue[] = [];
  if (isSaleReason(reason)) {
    const sale = input.saleDate ?? '';
    if (sale === '') issues.push({ path: ['saleDate'], message: REQUIRED.saleDate });
    else if (!isIsoDate(sale)) issues.push({ path: ['saleDate'], message: INVALID.saleDate });
  }
  if (reason.commentRequired && input.comment.trim() === '')
    issues.push({ path: ['comment'], message: REQUIRED.comment });
  if (requiresAttachment(reason) && input.fileCount === 0)
    issues.push({ path: ['files'], message: REQUIRED.attachment });
  if (input.fileCount > reason.maxFiles)
    issues.push({ path: ['files'], message: INVALID.tooManyFiles(reason.maxFiles) });
  return issues;
}

function addIssues(
  ctx: z.core.$RefinementCtx,
  value: { reason: string; comment: string; saleDate?: string | undefined },
  fileCount: number,
) {
  for (const issue of terminationIssues({ ...value, fileCount })) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}

/** docs/product/termination.md files[]: the name, the type the browser reported, the bytes in base64. */
export const terminationFileSchema = z.object({
  fileName: requiredText(INVALID.fileContent, 255),
  fileType: safeString().max(100),
  fileContent: z
    .string()
    .max(base64Length(MAX_UPLOAD_BYTES), { error: TERMINATION_MESSAGES.invalid.fileContent })
    .regex(BASE64, { error: INVALID.fileContent }),
});
export type TerminationFile = z.infer<typeof terminationFileSchema>;

/** docs/product/termination.md body of POST …/{policyNumber}/terminate. */
export const terminationRequestSchema = z
  .object({
    firstName: requiredText(REQUIRED.firstName, 100),
    lastName: requiredText(REQUIRED.lastName, 100),
    email: emailField,
    phone: requiredText(REQUIRED.phone, 40),
    reason: reasonField,
    comment: commentField.default(''),
    licensePlate: safeString().trim().max(20).default(''),
    /** Reason 2 only ('YYYY-MM-DD'); ignored for the other reasons. */
    saleDate: saleDateField.optional(),
    hasFile: z.boolean().optional(),
    files: z.array(terminationFileSchema).max(TERMINATION_MAX_FILES).default([]),
  })
  .superRefine((value, ctx) => addIssues(ctx, value, value.files.length));
export type TerminationRequest = z.input<typeof terminationRequestSchema>;
export type ParsedTerminationRequest = z.output<typeof terminationRequestSchema>;

/** The termination form (docs/product/termination.md): the same fields, the contract chosen, files not yet read. */
const terminationFormObject = z
  .object({
    policyNumber: safeString().min(1, { error: REQUIRED.policy }),
    firstName: safeString(),
    lastName: safeString(),
    email: emailField,
    phone: requiredText(REQUIRED.phone, 40),
    reason: reasonField,
    comment: commentField,
    saleDate: saleDateField,
    files: z.array(z.custom<FileLike>()),
  })
  .superRefine((value, ctx) => addIssues(ctx, value, value.files.length));
export const terminationFormSchema = terminationFormObject;

/** The form for a contract started on `startDate`: the sale date within its bounds too. */
export function terminationFormSchemaFor(startDate: string, today: () => string = todayInParis) {
  return terminationFormObject.superRefine((value, ctx) => {
    const reason = terminationReasonByLabel(value.reason);
    if (!reason || !isSaleReason(reason) || !isIsoDate(value.saleDate)) return;
    const issue = saleDateIssue(value.saleDate, startDate, today());
    if (issue) ctx.addIssue({ code: 'custom', path: ['saleDate'], message: issue });
  });
}
export type TerminationForm = z.input<typeof terminationFormSchema>;

/** The acknowledgement (201 first time, 200 for a repeated request): the facts the law asks for. */
export const terminationAcknowledgementSchema = z.object({
  reference: z.string(),
  policyNumber: z.string(),
  receivedAt: z.iso.datetime({ offset: true }),
  effectiveDate: z.iso.date(),
  effect: z.enum(['termination', 'suspension']),
  basis: z.enum(['L113-12', 'L113-15-2', 'L113-16', 'L121-11'] satisfies TerminationBasis[]),
  /** Reason 2: the sale date given and the day the contract ends (L121-11). */
  saleDate: z.iso.date().optional(),
  terminationDate: z.iso.date().optional(),
  indicative: z.literal(true),
  receiptDocumentId: z.string(),
  receiptFileName: z.string(),
});
export type TerminationAcknowledgement = z.infer<typeof terminationAcknowledgementSchema>;
