// A contract as the broker's systems send it (PUT /backoffice/v1/contracts/{contractNumber}):
// state, formula, premium, dates, the vehicle, the drivers (licence number as a string in
// either French format, docs/decisions/0008-licence-number-as-string.md), the coverages with
// their franchises, the payment details, the garage address and the claims history that the
// relevé d'informations states. The whole contract is sent each time: what it no longer lists
// (a driver, a coverage, a claim) is removed.
import { z } from '../shared/zod';
import { todayInParis } from '../shared/dates';
import { CRM_MAX, CRM_MIN, licenceAfterMinAge, normalizeDriverLicenseNr } from '../changes/fields';
import { isBefore } from '../shared/dates';
import { normalizeIban } from '../shared/display-format';
import { normalizePlate } from '../changes/plate';
import { POLICY_STATES, SALUTATIONS } from '../policies/policy-values';
import { TERMINATED_STATES } from '../policies/policy-rules';
import { safeString } from '../shared/safe-text';
import {
  amountField,
  birthDateField,
  optionalRecordText,
  recordDate,
  recordIdField,
  recordText,
  strictObject,
} from './fields';
import { INTEGRATION_MESSAGES as M } from './messages';

const STATES = Object.values(POLICY_STATES);
const quoted = STATES.map((s) => `«\u00a0${s}\u00a0»`).join(', ');

export const driverRecordSchema = strictObject({
  salutation: z.enum(SALUTATIONS, { error: M.salutation }),
  firstName: recordText(60),
  lastName: recordText(60),
  birthDate: birthDateField,
  principal: z.boolean({ error: M.required }),
  crm: z.number({ error: M.crm }).min(CRM_MIN, { error: M.crm }).max(CRM_MAX, { error: M.crm }),
  // Either French format (normalised, docs/decisions/0008-licence-number-as-string.md) or, for
  // a licence issued abroad, 4 to 20 letters and digits.
  licenceNumber: z
    .union([safeString(), z.null()], { error: M.licenceNumber })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return null;
      const compact = value.replace(/\s/g, '').toUpperCase();
      const normalized = normalizeDriverLicenseNr(compact);
      if (normalized) return normalized;
      if (/^[A-Z0-9]{4,20}$/.test(compact) && !/^0+$/.test(compact)) return compact;
      ctx.issues.push({ code: 'custom', input: value, message: M.licenceNumber });
      return null;
    }),
  licenceDate: recordDate.nullable().optional().default(null),
}).superRefine((driver, ctx) => {
  if (
    driver.licenceDate !== null &&
    (!licenceAfterMinAge(driver.birthDate, driver.licenceDate) ||
      isBefore(todayInParis(), driver.licenceDate))
  )
    ctx.addIssue({ code: 'custom', path: ['licenceDate'], message: M.licenceDate });
});

export const coverageRecordSchema = strictObject({
  type: recordText(80),
  description: recordText(),
  franchise: amountField,
});

export const vehicleRecordSchema = strictObject({
  licensePlate: safeString({ error: M.required })
    .trim()
    .transform((value, ctx) => {
      const plate = normalizePlate(value);
      if (plate === null)
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: 'L’immatriculation doit être au format AB-123-CD.',
        });
      return plate ?? value;
    }),
  manufacturer: recordText(60),
  model: recordText(60),
});

export const paymentRecordSchema = strictObject({
  paymentMethod: recordText(60),
  ownerName: recordText(60),
  bic: safeString({ error: M.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, {
      error: 'Le BIC doit compter 8 ou 11 caractères.',
    }),
  // The broker's system of record holds the IBAN the bank accepted: its shape is checked
  // here, not its key (docs/decisions/0071-integration-records.md).
  iban: safeString({ error: M.required })
    .overwrite(normalizeIban)
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: M.iban }),
});

export const garageRecordSchema = strictObject({
  street: recordText(120),
  complement: optionalRecordText(38),
  zip: recordText(10),
  city: recordText(60),
  country: recordText(60).optional().default('France'),
});

export const claimRecordSchema = strictObject({
  occurredOn: recordDate,
  nature: recordText(),
  responsibility: z.union([z.literal(0), z.literal(50), z.literal(100)], {
    error: M.responsibility,
  }),
  driverName: optionalRecordText(120),
});

export const contractRecordSchema = strictObject({
  customerNumber: recordIdField,
  state: z.enum(STATES as [string, ...string[]], { error: M.state(quoted) }),
  formula: recordText(60),
  premium: amountField,
  startDate: recordDate,
  endDate: recordDate.nullable().optional().default(null),
  endReason: optionalRecordText(),
  vehicle: vehicleRecordSchema,
  drivers: z.array(driverRecordSchema, { error: M.drivers }).min(1, { error: M.drivers }).max(20),
  coverages: z
    .array(coverageRecordSchema, { error: M.coverages })
    .min(1, { error: M.coverages })
    .max(50),
  paymentDetails: paymentRecordSchema.nullable().optional().default(null),
  garageAddress: garageRecordSchema.nullable().optional().default(null),
  claims: z.array(claimRecordSchema).max(200).optional().default([]),
}).superRefine((record, ctx) => {
  if (record.drivers.filter((d) => d.principal).length !== 1)
    ctx.addIssue({ code: 'custom', path: ['drivers'], message: M.drivers });
  if (record.endDate !== null && isBefore(record.endDate, record.startDate))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endDate });
  const terminated = (TERMINATED_STATES as readonly string[]).includes(record.state);
  if (terminated && (record.endDate === null || record.endReason === null))
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endReason });
});
export type ContractRecord = z.output<typeof contractRecordSchema>;
export type ContractRecordInput = z.input<typeof contractRecordSchema>;
