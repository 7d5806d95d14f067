// The integration API's records as GET answers them (docs/integration.md): what the broker sent
// (customer.ts, contract.ts, documents.ts), normalised as stored (plate `FX-123-ZT`, IBAN
// without spaces, the defaults filled in), with the record's number and version. The server
// serializes each answer with these schemas: a field they do not name is not sent.
import { z } from '../shared/zod';
import { DOCUMENT_STATUSES, SALUTATIONS } from '../policies/policy-values';
import { recordVersionField } from './api';

const day = z.iso.date().describe('AAAA-MM-JJ');
const version = recordVersionField;

export const personalAddressReadSchema = z.object({
  line1: z.string(),
  complement: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

export const customerReadSchema = z.object({
  customerNumber: z.string(),
  version,
  firstName: z.string(),
  lastName: z.string(),
  birthDate: day
    .nullable()
    .describe('AAAA-MM-JJ\u00a0; null pour un client que le portail connaît sans sa date'),
  email: z.string(),
  phoneNumber: z.string(),
  address: personalAddressReadSchema,
  commercialConsent: z.boolean(),
});
export type CustomerRead = z.infer<typeof customerReadSchema>;

export const vehicleReadSchema = z.object({
  licensePlate: z.string().describe('Au format AB-123-CD'),
  manufacturer: z.string(),
  model: z.string(),
});

export const driverReadSchema = z.object({
  salutation: z.enum(SALUTATIONS),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: day,
  principal: z.boolean(),
  crm: z.number().describe('Coefficient bonus/malus (CRM)'),
  licenceNumber: z.string().nullable(),
  licenceDate: day.nullable(),
});

export const coverageReadSchema = z.object({
  type: z.string(),
  description: z.string(),
  franchise: z.number().describe('Franchise en euros'),
});

export const paymentDetailsReadSchema = z.object({
  paymentMethod: z.string(),
  ownerName: z.string(),
  bic: z.string(),
  iban: z.string().describe('Sans espaces'),
});

export const garageAddressReadSchema = z.object({
  street: z.string(),
  complement: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
});

export const claimReadSchema = z.object({
  occurredOn: day,
  nature: z.string(),
  responsibility: z.union([z.literal(0), z.literal(50), z.literal(100)]),
  driverName: z.string().nullable(),
});

export const contractReadSchema = z.object({
  contractNumber: z.string(),
  version,
  customerNumber: z.string(),
  state: z.string().describe('Actif, Suspendu, Résilié ou Résilié CTX'),
  formula: z.string(),
  premium: z.number().describe('Prime annuelle en euros'),
  startDate: day,
  endDate: day.nullable(),
  endReason: z.string().nullable(),
  vehicle: vehicleReadSchema,
  drivers: z.array(driverReadSchema).describe('Le conducteur principal d’abord'),
  coverages: z.array(coverageReadSchema),
  paymentDetails: paymentDetailsReadSchema.nullable(),
  garageAddress: garageAddressReadSchema.nullable(),
  claims: z.array(claimReadSchema).describe('Les plus récents d’abord'),
});
export type ContractRead = z.infer<typeof contractReadSchema>;

export const owedDocumentReadSchema = z.object({
  documentId: z.string(),
  version,
  type: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(DOCUMENT_STATUSES).nullable(),
  canResend: z.boolean(),
  exactFileNumber: z.number().int().nullable(),
  maxFileNumber: z.number().int().nullable(),
  deadline: day.nullable(),
  filesReceived: z.number().int().describe('Fichiers reçus du client depuis la dernière demande'),
});
export type OwedDocumentRead = z.infer<typeof owedDocumentReadSchema>;
