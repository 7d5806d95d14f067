// docs/product/changes.md /addDriver: the body of POST …/{policyNumber}/driver.
import { z } from '../shared/zod';
import { isIsoDate } from '../shared/dates';
import { CHANGE_MESSAGES } from './messages';
import {
  adult,
  bonusField,
  bornBeforeToday,
  bornWithinLifetime,
  clock,
  dateField,
  driverLicenseNrField,
  licenceAfterMinAge,
  notFuture,
  notPast,
  personNameField,
  salutationField,
} from './fields';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

export const RELATIONS_TO_CUSTOMER = ['Conjoint(e)', 'Enfant', 'Parent', 'Autre'] as const;

/** The driver's birth date, licence date and effective date are checked against `today`. */
export function newDriverSchema(today?: string) {
  const now = clock(today);
  return (
    z
      .object({
        salutation: salutationField,
        firstName: personNameField(REQUIRED.firstName),
        lastName: personNameField(REQUIRED.lastName),
        birthDate: dateField(REQUIRED.birthDate, now, bornBeforeToday, bornWithinLifetime, adult),
        bonus: bonusField,
        relationToCustomer: z.enum(RELATIONS_TO_CUSTOMER, { error: REQUIRED.relationToCustomer }),
        driverLicenseNr: driverLicenseNrField,
        driverLicensePermDate: dateField(REQUIRED.driverLicensePermDate, now, notFuture),
        effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast),
      })
      // The licence date is not before the driver's 17th birthday (nor birth).
      .superRefine((driver, ctx) => {
        const { birthDate, driverLicensePermDate } = driver;
        const dates = isIsoDate(birthDate) && isIsoDate(driverLicensePermDate);
        if (dates && !licenceAfterMinAge(birthDate, driverLicensePermDate)) {
          ctx.addIssue({
            code: 'custom',
            path: ['driverLicensePermDate'],
            message: INVALID.licenceBefore17,
          });
        }
      })
  );
}
export type NewDriver = z.output<ReturnType<typeof newDriverSchema>>;
/** What the add-driver form holds before parsing (bonus and licence number may be text). */
export type NewDriverInput = z.input<ReturnType<typeof newDriverSchema>>;
