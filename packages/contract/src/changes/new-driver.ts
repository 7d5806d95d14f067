// SPEC §2 /addDriver, §3 "New driver payload": the body of POST …/{policyNumber}/driver.
import { z } from 'zod';
import { CHANGE_MESSAGES } from '../messages-changes';
import {
  adult,
  bonusField,
  bornBeforeToday,
  clock,
  dateField,
  driverLicenseNrField,
  notFuture,
  notPast,
  personNameField,
  salutationField,
} from './fields';

const { required: REQUIRED } = CHANGE_MESSAGES;

export const RELATIONS_TO_CUSTOMER = ['Conjoint(e)', 'Enfant', 'Parent', 'Autre'] as const;

/** The driver's birth date, licence date and effective date are checked against `today`. */
export function newDriverSchema(today?: string) {
  const now = clock(today);
  return z.object({
    salutation: salutationField,
    firstName: personNameField(REQUIRED.firstName),
    lastName: personNameField(REQUIRED.lastName),
    birthDate: dateField(REQUIRED.birthDate, now, bornBeforeToday, adult),
    bonus: bonusField,
    relationToCustomer: z.enum(RELATIONS_TO_CUSTOMER, { error: REQUIRED.relationToCustomer }),
    driverLicenseNr: driverLicenseNrField,
    driverLicensePermDate: dateField(REQUIRED.driverLicensePermDate, now, notFuture),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast),
  });
}
export type NewDriver = z.output<ReturnType<typeof newDriverSchema>>;
/** What the add-driver form holds before parsing (bonus and licence number may be text). */
export type NewDriverInput = z.input<ReturnType<typeof newDriverSchema>>;
