// Reusable fields of the change forms (docs/product/changes.md): each carries its French messages and
// its normalisation, so every request schema built from them reads and cleans a value the same
// way in the form (zodResolver) and in the route (docs/decisions/0009-one-contract.md).
//
// Enforces: every field is required (docs/product/changes.md); texts are trimmed; dates leave as ISO
// 'YYYY-MM-DD' whether typed 'jj.mm.aaaa' or picked (docs/product/changes.md); a plate leaves as 'AB-123-CD'
// and an IBAN without spaces, upper-cased. Date rules read today's date in Paris when they run,
// not when the schema is built, so a schema kept by a long-running server stays right after
// midnight; pass `today` to pin it (tests, or a form that must agree with its calendar).
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { MAX_PERSON_AGE, MIN_DRIVER_AGE, MIN_LICENCE_AGE } from '../shared/constants';
import {
  isAtLeastAge,
  isBefore,
  isInPast,
  isIsoDate,
  parseDateInput,
  todayInParis,
} from '../shared/dates';
import { normalizeIban } from '../shared/display-format';
import { checkIban, ibanCheckMessage } from './iban';
import { CHANGE_MESSAGES } from './messages';
import { normalizePlate } from './plate';
import { SALUTATIONS } from '../policies/policy-values';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

/** Longest free text of the change forms (names, make, model, trim level). */
export const CHANGE_TEXT_MAX = 60;
/** The French bonus/malus coefficient (CRM) runs from 0.50 (best bonus) to 3.50 (worst malus). */
export const CRM_MIN = 0.5;
export const CRM_MAX = 3.5;
/** French driving-licence numbers have 12 digits. */
export const DRIVER_LICENSE_DIGITS = 12;

// Letters of any alphabet with their accents, spaces, hyphens and both apostrophes; one letter at least.
const NAME_CHARACTERS = /^(?=.*\p{L})[\p{L}\p{M} '’-]+$/u;

/** A required free text, trimmed, of at most CHANGE_TEXT_MAX characters. */
export function textField(required: string) {
  return safeString({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(CHANGE_TEXT_MAX, { error: INVALID.tooLong(CHANGE_TEXT_MAX) });
}

/** A first or last name: a required text of letters, spaces, hyphens and apostrophes. */
export function personNameField(required: string) {
  return textField(required).regex(NAME_CHARACTERS, { error: INVALID.nameCharacters });
}

export const salutationField = z.enum(SALUTATIONS, { error: REQUIRED.salutation });

/** A required identifier the form copies from the data it shows (never typed). */
export const requiredIdField = safeString({ error: REQUIRED.generic })
  .trim()
  .min(1, { error: REQUIRED.generic });

/** A rule on an ISO date, given today in Paris, with the message shown when it fails. */
export interface DateRule {
  holds: (iso: string, today: string) => boolean;
  error: string;
}
export const dateRule = (holds: DateRule['holds'], error: string): DateRule => ({ holds, error });

export const notPast = dateRule((iso, today) => !isInPast(iso, today), INVALID.pastDate);
export const notFuture = dateRule((iso, today) => !isBefore(today, iso), INVALID.futureDate);
export const bornBeforeToday = dateRule(
  (iso, today) => isInPast(iso, today),
  INVALID.birthDateNotPast,
);
export const adult = dateRule(
  (iso, today) => isAtLeastAge(iso, MIN_DRIVER_AGE, today),
  INVALID.minAge,
);

/** The earliest year a date of the forms may have: no customer means a day of 1800 or 0000. */
export const DATE_YEAR_MIN = 1900;
/** How many years ahead a date may lie: an effective date in 9999 is a typing slip. */
export const DATE_YEARS_AHEAD_MAX = 10;
const yearOf = (iso: string) => Number(iso.slice(0, 4));

/** No birth date more than MAX_PERSON_AGE years ago. */
export const bornWithinLifetime = dateRule(
  (iso, today) => !isAtLeastAge(iso, MAX_PERSON_AGE + 1, today),
  INVALID.birthTooOld,
);

/** A licence is obtained at MIN_LICENCE_AGE at the earliest (and never before birth). */
export function licenceAfterMinAge(birthIso: string, licenceIso: string): boolean {
  return isAtLeastAge(birthIso, MIN_LICENCE_AGE, licenceIso);
}

/** Today in Paris when a rule runs, or the pinned `today`. */
export const clock = (today?: string) => () => today ?? todayInParis();

/** A date field: required, a real day of a plausible year, then each rule in turn; the first failure is the message. */
export function dateField(required: string, today: () => string, ...rules: DateRule[]) {
  let field = safeString({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .overwrite((value) => parseDateInput(value) ?? value)
    .refine(isIsoDate, { error: INVALID.date, abort: true })
    .superRefine((iso, ctx) => {
      const max = yearOf(today()) + DATE_YEARS_AHEAD_MAX;
      const year = yearOf(iso);
      if (year < DATE_YEAR_MIN || year > max)
        ctx.addIssue({
          code: 'custom',
          message: INVALID.implausibleDate(DATE_YEAR_MIN, max),
          continue: false,
        });
    });
  for (const { holds, error } of rules) {
    field = field.refine((iso) => holds(iso, today()), { error, abort: true });
  }
  return field;
}

/**
 * A number that the form holds as typed text and the API client sends as a number (docs/product/changes.md):
 * `read` turns either into the number, or null when it is not acceptable.
 */
function numberField(
  required: string,
  invalid: string,
  read: (value: number | string) => number | null,
) {
  return z.union([z.number(), safeString()], { error: required }).transform((value, ctx) => {
    const blank = typeof value === 'string' && value.trim() === '';
    const number = blank ? null : read(value);
    if (number === null) {
      ctx.issues.push({ code: 'custom', message: blank ? required : invalid, input: value });
    }
    return number ?? Number.NaN;
  });
}

// The form accepts '0,85' as well as '0.85'; a CRM has two decimals at most.
const crmRange = { error: INVALID.bonusRange(CRM_MIN, CRM_MAX) };
export const bonusField = numberField(REQUIRED.bonus, INVALID.bonusFormat, (value) => {
  const decimal = String(value).trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(decimal) ? Number(decimal) : null;
}).pipe(z.number().min(CRM_MIN, crmRange).max(CRM_MAX, crmRange));

// A deliberate deviation from docs/product/changes.md (an integer): the licence number is a string,
// in either French format: 12 digits (licences issued before 2013, leading zeros kept) or the
// current one (since 2013): 2 digits, 2 letters, then 5 to 11 letters or digits, e.g.
// '13AB12345'. Spaces are removed and letters upper-cased. An integer (the docs/product/changes.md's type, sent by
// older clients) is read as the 12-digit format with its leading zeros restored.
const OLD_LICENCE = new RegExp(`^\\d{${DRIVER_LICENSE_DIGITS}}$`);
const CURRENT_LICENCE = /^\d{2}[A-Z]{2}[A-Z0-9]{5,11}$/;

/** The licence number in its normalised form, or null when it is in neither French format. */
export function normalizeDriverLicenseNr(value: number | string): string | null {
  const text =
    typeof value === 'number'
      ? Number.isSafeInteger(value) && value > 0
        ? String(value).padStart(DRIVER_LICENSE_DIGITS, '0')
        : ''
      : value.replace(/\s/g, '').toUpperCase();
  if (OLD_LICENCE.test(text)) return /^0+$/.test(text) ? null : text;
  return CURRENT_LICENCE.test(text) ? text : null;
}

export const driverLicenseNrField = z
  .union([z.number(), z.string()], { error: REQUIRED.driverLicenseNr })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.issues.push({ code: 'custom', message: REQUIRED.driverLicenseNr, input: value });
      return z.NEVER;
    }
    const normalized = normalizeDriverLicenseNr(value);
    if (normalized === null) {
      const message = INVALID.driverLicenseNr(DRIVER_LICENSE_DIGITS);
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return normalized;
  });

export const licensePlateField = safeString({ error: REQUIRED.licensePlate })
  .trim()
  .min(1, { error: REQUIRED.licensePlate, abort: true })
  .overwrite((value) => normalizePlate(value) ?? value)
  .refine((value) => normalizePlate(value) === value, { error: INVALID.licensePlate });

// docs/product/changes.md: spaces are removed before the check; 400 → incorrect, 403 → not usable (docs/product/changes.md).
// One check and no abort, so the holder rules of the payment form still run beside it.
export const ibanField = safeString({ error: REQUIRED.iban })
  .overwrite(normalizeIban)
  .superRefine((value, ctx) => {
    const message = value === '' ? REQUIRED.iban : ibanCheckMessage(checkIban(value));
    if (message) ctx.addIssue({ code: 'custom', message });
  });
