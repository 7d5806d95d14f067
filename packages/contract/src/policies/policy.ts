// Payload shapes of docs/product/policies.md (policies, account), shared by the API routes and the SPA.
// The values they are made of (states, statuses, salutations) are policy-values.ts.
import { z } from '../shared/zod';
import { DOCUMENT_STATUSES, POLICY_STATES, SALUTATIONS } from './policy-values';

export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const documentToProvideSchema = z.object({
  name: z.string(),
  description: z.string(),
  fileType: z.string(),
  status: documentStatusSchema.nullable(),
  canResend: z.boolean(),
  maxFileNumber: z.number().int().positive().nullable(),
  exactFileNumber: z.number().int().positive().nullable(),
  /**
   * Files already received for the current request of this document; it becomes
   * 'received' only when requiredFileCount of them have arrived (documents.ts).
   */
  filesReceived: z.number().int().nonnegative(),
  /** The deadline the broker gives (YYYY-MM-DD), shown as « À envoyer avant le … ». */
  dueOn: z.iso.date().nullable().optional(),
  /** Why the broker found it « Non conforme » (document-check.ts), shown under its status. */
  statusReason: z.string().nullable().optional(),
  /**
   * Asked by the broker while handling one of the customer's requests (« en attente de pièces »,
   * the mail's « Déposer la pièce »): listed first on a phone while still to send.
   */
  askedForRequest: z.boolean().optional(),
});
export type DocumentToProvide = z.infer<typeof documentToProvideSchema>;

export const guaranteeSchema = z.object({
  type: z.string(),
  description: z.string(),
  franchise: z.number().nonnegative().describe('Franchise en euros'),
});
export type Guarantee = z.infer<typeof guaranteeSchema>;

export const driverSchema = z.object({
  id: z.string(),
  salutation: z.enum(SALUTATIONS),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.iso.date(),
  principal: z.boolean(),
  crm: z.number().describe('Coefficient bonus/malus (CRM), 0.50 à 3.50'),
});
export type Driver = z.infer<typeof driverSchema>;

export const riskSchema = z.object({
  licensePlate: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  guaranteeFormula: z.string(),
  guarantees: z.array(guaranteeSchema),
});
export type Risk = z.infer<typeof riskSchema>;

export const bankAccountSchema = z.object({
  ownerName: z.string(),
  bic: z.string(),
  iban: z.string(),
});

export const paymentDetailsSchema = z.object({
  id: z.string(),
  paymentMethod: z.string(),
  bankAccount: bankAccountSchema,
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const garageAddressSchema = z.object({
  id: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  /** Bâtiment, appartement…, when there is one (decision 0044). */
  complement: z.string().optional(),
});
export type GarageAddress = z.infer<typeof garageAddressSchema>;

/**
 * A termination requested online and not yet processed by the broker (docs/product/policies.md
 * /contractTermination): the policy card shows it with its date until the policy's state changes.
 */
export const terminationRequestSummarySchema = z.object({
  reference: z.string(),
  receivedAt: z.iso.datetime({ offset: true }),
});
export type TerminationRequestSummary = z.infer<typeof terminationRequestSummarySchema>;

const quotedStates = Object.values(POLICY_STATES).map((state) => `'${state}'`);
const STATES_DESCRIPTION = `${quotedStates.slice(0, -1).join(', ')} ou ${quotedStates.at(-1)}`;

export const policySchema = z.object({
  policyNumber: z.string(),
  accountId: z.string(),
  customerId: z.string(),
  state: z.string().describe(STATES_DESCRIPTION),
  premiumA: z.number().describe('Prime annuelle en euros'),
  startDate: z.iso.date(),
  drivers: z.array(driverSchema),
  risks: z.array(riskSchema).min(1),
  paymentDetails: paymentDetailsSchema.nullable(),
  address: garageAddressSchema.nullable(),
  documents: z.array(documentToProvideSchema),
  terminationRequest: terminationRequestSummarySchema.nullable(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyListSchema = z.array(policySchema);

/**
 * The policies read answers at most this many policies at a time (a fleet customer's account
 * grows without bound). Below it the answer is docs/product/policies.md's whole list; past it, the next page's
 * address comes in a `Link: <…?page=2>; rel="next"` header, which the client follows.
 */
export const POLICIES_PAGE_SIZE = 100;
export const policiesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const accountAddressSchema = z.object({
  id: z.string(),
  line1: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  /** Bâtiment, appartement…, when the customer gave one (decision 0044). */
  complement: z.string().optional(),
  customerId: z.string(),
});

export const accountSchema = z.object({
  address: accountAddressSchema,
  commercialConsent: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
