// The demo customers of demo-customers.ts as the broker's records (docs/integration.md): the
// seed writes them through the same upsert service as the integration API, so there is one way
// to write a contract. The drivers carry their licence as a broker's data would (number and date,
// demo-customers.ts); endings and claims come from demo-history.ts.
import {
  addDays,
  contractRecordSchema,
  customerRecordSchema,
  owedDocumentRecordSchema,
  todayInParis,
  type ContractRecord,
  type CustomerRecord,
  type OwedDocumentRecord,
} from '@espace/contract';
import type { DemoCustomer, DemoPolicy } from './demo-customers';
import { DEMO_CLAIMS, ENDINGS } from './demo-history';

const daysAgo = (days: number) => addDays(todayInParis(), -days);

export function customerNumberOf(index: number): string {
  return `CLI-${String(100_231 + index * 7_919).padStart(8, '0')}`;
}

export function demoCustomerRecord(c: DemoCustomer): CustomerRecord {
  const self = c.policies
    .flatMap((p) => p.drivers)
    .find((d) => d.firstName === c.firstName && d.lastName === c.lastName);
  if (!self) throw new Error(`demo customer ${c.email} drives none of their contracts`);
  return customerRecordSchema.parse({
    firstName: c.firstName,
    lastName: c.lastName,
    birthDate: self.birthDate,
    email: c.email,
    phoneNumber: c.phoneNumber,
    address: { ...c.address, country: 'France' },
    commercialConsent: c.commercialConsent,
  });
}

export function demoContractRecord(
  c: DemoCustomer,
  customerNumber: string,
  p: DemoPolicy,
): ContractRecord {
  const ending = ENDINGS[p.policyNumber];
  const principal = p.drivers.find((d) => d.principal);
  const garage = p.garage === undefined ? null : c.garages[p.garage]!;
  return contractRecordSchema.parse({
    customerNumber,
    state: p.state,
    formula: p.vehicle.guaranteeFormula,
    premium: p.premiumA,
    startDate: daysAgo(p.startDaysAgo),
    endDate: ending ? daysAgo(ending.endDaysAgo) : null,
    endReason: ending?.reason ?? null,
    vehicle: {
      licensePlate: p.vehicle.licensePlate,
      manufacturer: p.vehicle.manufacturer,
      model: p.vehicle.model,
    },
    drivers: p.drivers,
    coverages: p.guarantees,
    paymentDetails: p.payment ? { paymentMethod: 'Prélèvement SEPA mensuel', ...p.payment } : null,
    garageAddress: garage ? { ...garage, country: 'France' } : null,
    claims: (DEMO_CLAIMS[p.policyNumber] ?? []).map((claim) => ({
      occurredOn: daysAgo(claim.daysAgo),
      nature: claim.nature,
      responsibility: claim.responsibility,
      driverName: principal ? `${principal.firstName} ${principal.lastName}` : null,
    })),
  });
}

/** The policy's documents to provide, keyed by their type (the broker's id in the demo). */
export function demoOwedDocuments(p: DemoPolicy): [string, OwedDocumentRecord][] {
  return p.documents.map((d) => [
    d.fileType,
    owedDocumentRecordSchema.parse({
      type: d.fileType,
      name: d.name,
      description: d.description,
      status: d.status,
      canResend: d.canResend,
      exactFileNumber: d.exactFileNumber ?? null,
      maxFileNumber: d.maxFileNumber ?? null,
    }),
  ]);
}
