// docs/product/changes.md /removeDriver: the body of DELETE …/{policyNumber}/driver.
// The server finds the driver on the policy by these names and birth date.
import { z } from '../shared/zod';
import { CHANGE_MESSAGES } from './messages';
import {
  bornBeforeToday,
  bornWithinLifetime,
  clock,
  dateField,
  notPast,
  personNameField,
  salutationField,
} from './fields';

const { required: REQUIRED } = CHANGE_MESSAGES;

export function driverRefSchema(today?: string) {
  const now = clock(today);
  return z.object({
    salutation: salutationField,
    firstName: personNameField(REQUIRED.firstName),
    lastName: personNameField(REQUIRED.lastName),
    birthDate: dateField(REQUIRED.birthDate, now, bornBeforeToday, bornWithinLifetime),
    effectiveDate: dateField(REQUIRED.effectiveDate, now, notPast),
  });
}
export type DriverRef = z.output<ReturnType<typeof driverRefSchema>>;
