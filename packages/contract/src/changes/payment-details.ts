// docs/product/changes.md /changePaymentDetails: the form,
// and the body of PUT …/{policyNumber}/payment-details that it becomes.
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { HOLDER_NAME_MAX, HOLDER_NAME_MIN } from '../shared/constants';
import { CHANGE_MESSAGES } from './messages';
import { type PaymentDetails } from '../policies/policy';
import { SALUTATIONS, type Salutation } from '../policies/policy-values';
import { ibanField, requiredIdField } from './fields';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

/** 'Mme ' + first name + ' ' + last name, each at most HOLDER_NAME_MAX (docs/product/changes.md). */
export const OWNER_NAME_MAX = 'Mme '.length + 2 * HOLDER_NAME_MAX + 1;

/** docs/product/changes.md "Payment details update", the body of PUT …/payment-details. */
export const paymentDetailsUpdateSchema = z.object({
  id: requiredIdField,
  paymentMethod: requiredIdField,
  bankAccount: z.object({
    iban: ibanField,
    ownerName: safeString({ error: REQUIRED.ownerName })
      .trim()
      .min(1, { error: REQUIRED.ownerName })
      .max(OWNER_NAME_MAX, { error: INVALID.tooLong(OWNER_NAME_MAX) }),
    changeHolder: z.boolean({ error: REQUIRED.generic }),
  }),
});
export type PaymentDetailsUpdate = z.output<typeof paymentDetailsUpdateSchema>;

const holderName = safeString().trim().optional();
const holderFields = ['firstName', 'lastName'] as const;
const holderNameValid = (name: string) =>
  name.length >= HOLDER_NAME_MIN && name.length <= HOLDER_NAME_MAX;

/** docs/product/changes.md /changePaymentDetails: the holder is asked only when it differs. */
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
    iban: ibanField,
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

/** docs/product/changes.md: a different holder's name is title + first name + last name ('Mme Claire DUPONT'). */
export function holderOwnerName(title: Salutation, firstName: string, lastName: string): string {
  const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');
  return `${title} ${tidy(firstName)} ${tidy(lastName).toLocaleUpperCase('fr-FR')}`;
}

/** docs/product/changes.md: the update sent for a validated form; the current holder stays unless changed. */
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
