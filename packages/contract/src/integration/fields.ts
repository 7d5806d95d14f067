// The fields the broker's records are built from (docs/integration.md). Each carries its French
// message naming what is wrong; texts are trimmed and safe (safe-text.ts), dates are ISO days
// of a plausible year, amounts are euros. Unknown keys are refused, so a misspelt field is named
// rather than silently dropped.
import { z } from '../shared/zod';
import { MAX_PERSON_AGE } from '../shared/constants';
import { isAtLeastAge, isInPast, isIsoDate, todayInParis } from '../shared/dates';
import { safeString } from '../shared/safe-text';
import { INTEGRATION_MESSAGES as M } from './messages';

/** Longest free text of a record (names, descriptions, natures of claims). */
export const RECORD_TEXT_MAX = 200;
/** The broker's identifiers (customer number, contract number, document id). */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const recordIdField = safeString({ error: M.required }).regex(RECORD_ID_PATTERN, {
  error: M.identifier,
});

export function recordText(max = RECORD_TEXT_MAX) {
  return safeString({ error: M.required })
    .trim()
    .min(1, { error: M.text(max), abort: true })
    .max(max, { error: M.text(max) });
}

/** An optional text: absent, null or blank all mean 'none'. */
export function optionalRecordText(max = RECORD_TEXT_MAX) {
  return z
    .union([safeString({ error: M.text(max) }).trim(), z.null()], { error: M.text(max) })
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(
      z
        .string()
        .max(max, { error: M.text(max) })
        .nullable(),
    );
}

const DATE_YEAR_MIN = 1900;
const DATE_YEARS_AHEAD = 10;

/** An ISO day (AAAA-MM-JJ) of a year between 1900 and ten years ahead. */
export const recordDate = safeString({ error: M.date })
  .trim()
  .refine(isIsoDate, { error: M.date, abort: true })
  .refine(
    (iso) => {
      const year = Number(iso.slice(0, 4));
      return year >= DATE_YEAR_MIN && year <= Number(todayInParis().slice(0, 4)) + DATE_YEARS_AHEAD;
    },
    { error: M.dateRange(DATE_YEAR_MIN, DATE_YEARS_AHEAD) },
  );

export const birthDateField = recordDate.refine(
  (iso) => isInPast(iso, todayInParis()) && !isAtLeastAge(iso, MAX_PERSON_AGE + 1, todayInParis()),
  { error: M.birthDate },
);

export const amountField = z
  .number({ error: M.amount })
  .nonnegative({ error: M.amount })
  .max(10_000_000, { error: M.amount });

/**
 * A record or a part of one: an unknown field is refused and named, a missing or mistyped part
 * said so, in the words every schema shares (shared/zod-messages.ts).
 */
export const strictObject = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
