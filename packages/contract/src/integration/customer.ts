// A customer as the broker's systems send it (PUT /backoffice/v1/customers/{customerNumber}):
// identity, birth date, e-mail, phone, personal address and commercial consent. The customer
// number is the broker's own and stays the key; the e-mail is where the portal writes.
import { z } from '../shared/zod';
import { phoneDigits } from '../contact/contact';
import { safeString } from '../shared/safe-text';
import { birthDateField, optionalRecordText, recordText, strictObject } from './fields';
import { INTEGRATION_MESSAGES as M } from './messages';

export const personalAddressRecordSchema = strictObject({
  line1: recordText(120),
  complement: optionalRecordText(38),
  postalCode: recordText(10),
  city: recordText(60),
  country: recordText(60).optional().default('France'),
});

export const customerRecordSchema = strictObject({
  firstName: recordText(60),
  lastName: recordText(60),
  birthDate: birthDateField,
  email: safeString({ error: M.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: M.email }).max(254, { error: M.email })),
  phoneNumber: recordText(40).refine((v) => phoneDigits(v) !== undefined, { error: M.phone }),
  address: personalAddressRecordSchema,
  commercialConsent: z.boolean({ error: M.consent }),
});
export type CustomerRecord = z.output<typeof customerRecordSchema>;
export type CustomerRecordInput = z.input<typeof customerRecordSchema>;
