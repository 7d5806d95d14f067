// Payloads of the contract changes (SPEC §2, §3, §5, §7): one schema per request, used by the
// form through zodResolver and by the route, so both show the same French messages
// (ARCHITECTURE.md decision 4).
//
// Enforces: every field is required (SPEC §5); texts are trimmed; dates leave as ISO
// 'YYYY-MM-DD' whether typed 'jj.mm.aaaa' or picked (SPEC §2, §9); a plate leaves as 'AB-123-CD'
// and an IBAN without spaces, upper-cased. Date rules read today's date in Paris when they run,
// not when the schema is built, so a schema kept by a long-running server stays right after
// midnight; pass `today` to pin it (tests, or a form that must agree with its calendar).
import { z } from 'zod';
import {
  HOLDER_NAME_MAX,
  HOLDER_NAME_MIN,
  MIN_DRIVER_AGE,
  VEHICLE_EFFECTIVE_WINDOW_MONTHS,
} from './constants';
import {
  isAtLeastAge,
  isBefore,
  isInPast,
  isIsoDate,
  isWithinMonths,
  parseDateInput,
  todayInParis,
} from './dates';
import { checkIban, ibanCheckMessage, normalizeIban } from './iban';
import { CHANGE_MESSAGES } from './messages-changes';
import { normalizePlate } from './plate';
import type { PaymentDetails } from './policy';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

export const SALUTATIONS = ['Mme', 'Mr'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
export const RELATIONS_TO_CUSTOMER = ['Conjoint(e)', 'Enfant', 'Parent', 'Autre'] as const;
export const ENGINES = [
  'Essence',
  'Diesel',
  'Hybride',
  'Hybride rechargeable',
  'Électrique',
  'GPL',
  'Éthanol (E85)',
] as const;

/** Longest free text of the change forms (names, make, model, trim level). */
export const CHANGE_TEXT_MAX = 60;
/** The French bonus/malus coefficient (CRM) runs from 0.50 (best bonus) to 3.50 (worst malus). */
export const CRM_MIN = 0.5;
export const CRM_MAX = 3.5;
/** French driving-licence numbers have 12 digits. */
export const DRIVER_LICENSE_DIGITS = 12;

// Letters of any alphabet with their accents, spaces, hyphens and both apostrophes; one letter at least.
const NAME_CHARACTERS = /^(?=.*\p{L})[\p{L}\p{M} '’-]+$/u;

function text(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(CHANGE_TEXT_MAX, { error: INVALID.tooLong(CHANGE_TEXT_MAX) });
}

const personName = (required: string) =>
  text(required).regex(NAME_CHARACTERS, { error: INVALID.nameCharacters });

const salutation = z.enum(SALUTATIONS, { error: REQUIRED.salutation });

interface DateRule {
  holds: (iso: string, today: string) => boolean;
  error: string;
}
const rule = (holds: DateRule['holds'], error: string): DateRule => ({ holds, error });

const notPast = rule((iso, today) => !isInPast(iso, today), INVALID.pastDate);
const notFuture = rule((iso, today) => !isBefore(today, iso), INVALID.futureDate);
const bornBeforeToday = rule((iso, today) => isInPast(iso, today), INVALID.birthDateNotPast);
const adult = rule((iso, today) => isAtLeastAge(iso, MIN_DRIVER_AGE, today), INVALID.minAge);
const inVehicleWindow = rule(
  (iso, today) => isWithinMonths(iso, today, VEHICLE_EFFECTIVE_WINDOW_MONTHS),
  INVALID.effectiveTooFar,
);

/** A date field: required, a real day, then each rule in turn; the first failure is the message. */
function dateField(required: string, today: () => string, ...rules: DateRule[]) {
  let field = z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .overwrite((value) => parseDateInput(value) ?? value)
    .refine(isIsoDate, { error: INVALID.date, abort: true });
  for (const { holds, error } of rules) {
    field = field.refine((iso) => holds(iso, today()), { error, abort: true });
  }
  return field;
}

const clock = (today?: string) => () => today ?? todayInParis();

/**
 * A number that the form holds as typed text and the API client sends as a number (SPEC §3):
 * `read` turns either into the number, or null when it is not acceptable.
 */
function numberField(
  required: string,
  invalid: string,
  read: (value: number | string) => number | null,
) {
  return z.union([z.number(), z.string()], { error: required }).transform((value, ctx) => {
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
const bonus = numberField(REQUIRED.bonus, INVALID.bonusFormat, (value) => {
  const decimal = String(value).trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(decimal) ? Number(decimal) : null;
}).pipe(z.number().min(CRM_MIN, crmRange).max(CRM_MAX, crmRange));

// SPEC §3 sends the licence number as an integer, which loses a leading zero: an integer of
// fewer digits is read back with its zeros restored, so the route accepts what the form sent.
const licenseDigits = new RegExp(`^\\d{${DRIVER_LICENSE_DIGITS}}$`);
const driverLicenseNr = numberField(
  REQUIRED.driverLicenseNr,
  INVALID.driverLicenseNr(DRIVER_LICENSE_DIGITS),
  (value) => {
    const digits =
      typeof value === 'number'
        ? String(value).padStart(DRIVER_LICENSE_DIGITS, '0')
        : value.replace(/\s/g, '');
    return licenseDigits.test(digits) && Number(digits) > 0 ? Number(digits) : null;
  },
);

const licensePlate = z
  .string({ error: REQUIRED.licensePlate })
  .trim()
  .min(1, { error: REQUIRED.licensePlate, abort: true })
  .overwrite((value) => normalizePlate(value) ?? value)
  .refine((value) => normalizePlate(value) === value, { error: INVALID.licensePlate });

// SPEC §5, §7: spaces are removed before the check; 400 → incorrect, 403 → not usable (§8).
// One check and no abort, so the holder rules of the payment form still run beside it.
const iban = z
  .string({ error: REQUIRED.iban })
  .overwrite(normalizeIban)
  .superRefine((value, ctx) => {
    const message = value === '' ? REQUIRED.iban : ibanCheckMessage(checkIban(value));
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** SPEC §2 /addDriver, §3 "New driver payload". */
export function newDriverSchema(today?: string) {
  const now = clock(today);
  return z.object({
    salutation,
    firstName: personName(REQUIRED.firstName),
    lastName: personName(REQUIRED.lastName),
    birthDate: dateField(REQUIRED.birthDate, now, bornBeforeToday, adult),
    bonus,
    relationToCustomer: z.enum(RELATIONS_TO_CUSTOMER, { error: REQUIRED.relationToCustomer }),
    driverLicenseNr,
    driverLicensePermDate: dateField(REQUIRED.driverLicensePermDate, now, notFuture),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast),
  });
}
export type NewDriver = z.output<ReturnType<typeof newDriverSchema>>;
/** What the add-driver form holds before parsing (bonus and licence number may be text). */
export type NewDriverInput = z.input<ReturnType<typeof newDriverSchema>>;

/** SPEC §2 /removeDriver, §3 "Driver to add or remove". */
export function driverRefSchema(today?: string) {
  const now = clock(today);
  return z.object({
    salutation,
    firstName: personName(REQUIRED.firstName),
    lastName: personName(REQUIRED.lastName),
    birthDate: dateField(REQUIRED.birthDate, now, bornBeforeToday),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast),
  });
}
export type DriverRef = z.output<ReturnType<typeof driverRefSchema>>;

/** SPEC §2 /changeVehicle, §3 "Vehicle change", §9 effective window. */
export function vehicleChangeSchema(today?: string) {
  const now = clock(today);
  return z.object({
    manufacturer: text(REQUIRED.manufacturer),
    model: text(REQUIRED.model),
    engine: z.enum(ENGINES, { error: REQUIRED.engine }),
    equipment: text(REQUIRED.equipment),
    licensePlate,
    regDate: dateField(REQUIRED.regDate, now, notFuture),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast, inVehicleWindow),
  });
}
export type VehicleChange = z.output<ReturnType<typeof vehicleChangeSchema>>;

const requiredId = z.string({ error: REQUIRED.generic }).trim().min(1, { error: REQUIRED.generic });

/** 'Mme ' + first name + ' ' + last name, each at most HOLDER_NAME_MAX (SPEC §3, §9). */
export const OWNER_NAME_MAX = 'Mme '.length + 2 * HOLDER_NAME_MAX + 1;

/** SPEC §3 "Payment details update", the body of PUT …/payment-details. */
export const paymentDetailsUpdateSchema = z.object({
  id: requiredId,
  paymentMethod: requiredId,
  bankAccount: z.object({
    iban,
    ownerName: z
      .string({ error: REQUIRED.ownerName })
      .trim()
      .min(1, { error: REQUIRED.ownerName })
      .max(OWNER_NAME_MAX, { error: INVALID.tooLong(OWNER_NAME_MAX) }),
    changeHolder: z.boolean({ error: REQUIRED.generic }),
  }),
});
export type PaymentDetailsUpdate = z.output<typeof paymentDetailsUpdateSchema>;

const holderName = z.string().trim().optional();
const holderFields = ['firstName', 'lastName'] as const;
const holderNameValid = (name: string) =>
  name.length >= HOLDER_NAME_MIN && name.length <= HOLDER_NAME_MAX;

/** SPEC §2 /changePaymentDetails, §5 "Change payment": the holder is asked only when it differs. */
export const paymentFormSchema = z
  .object({
    changeHolder: z.boolean({ error: REQUIRED.generic }),
    // A select left on its placeholder gives ''.
    title: z
      .union([z.enum(SALUTATIONS), z.literal('')], { error: REQUIRED.salutation })
      .optional()
      .transform((title) => title || undefined),
    firstName: holderName,
    lastName: holderName,
    iban,
  })
  .superRefine(
    (form, ctx) => {
      if (!form.changeHolder) return;
      if (!form.title)
        ctx.addIssue({ code: 'custom', path: ['title'], message: REQUIRED.salutation });
      for (const field of holderFields) {
        const value = form[field] ?? '';
        if (value === '') ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED[field] });
        else if (!holderNameValid(value)) {
          ctx.addIssue({ code: 'custom', path: [field], message: INVALID.holderNameLength });
        }
      }
    },
    // Holder errors show together with an IBAN error, not one after the other.
    { when: (payload) => payload.issues.every((issue) => issue.path?.[0] === 'iban') },
  );
export type PaymentForm = z.output<typeof paymentFormSchema>;
export type PaymentFormInput = z.input<typeof paymentFormSchema>;

/** SPEC §3: a different holder's name is title + first name + last name ('Mme Claire DUPONT'). */
export function holderOwnerName(title: Salutation, firstName: string, lastName: string): string {
  const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');
  return `${title} ${tidy(firstName)} ${tidy(lastName).toLocaleUpperCase('fr-FR')}`;
}

/** SPEC §2, §3: the update sent for a validated form; the current holder stays unless changed. */
export function toPaymentDetailsUpdate(
  form: PaymentForm,
  current: Pick<PaymentDetails, 'id' | 'paymentMethod' | 'bankAccount'>,
): PaymentDetailsUpdate {
  const ownerName =
    form.changeHolder && form.title
      ? holderOwnerName(form.title, form.firstName ?? '', form.lastName ?? '')
      : current.bankAccount.ownerName;
  return {
    id: current.id,
    paymentMethod: current.paymentMethod,
    bankAccount: { iban: form.iban, ownerName, changeHolder: form.changeHolder },
  };
}
