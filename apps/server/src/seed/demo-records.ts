// The demo customers of demo-customers.ts as the broker's records (docs/integration.md): the
// seed writes them through the same upsert service as the integration API, so there is one way
// to write a contract. Licence dates and numbers, endings and claims are those the demo always
// had: every driver got their licence at 18 years and 4 months, its number is the licence
// month and eight letters of the name's MD5 (12 characters, like a French licence's).
import { createHash } from 'node:crypto';
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
import type { DemoCustomer, DemoDriver, DemoPolicy } from './demo-customers';
import { DEMO_CLAIMS, ENDINGS } from './demo-history';

const daysAgo = (days: number) => addDays(todayInParis(), -days);

/** The day 18 years and 4 months after birth, clamped to the month's end as PostgreSQL does. */
export function licenceDateOf(birthDate: string): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const months = (y + 18) * 12 + (m - 1) + 4;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

function licenceNumberOf(driver: DemoDriver, licenceDate: string): string {
  const md5 = createHash('md5')
    .update(driver.firstName + driver.lastName)
    .digest('hex');
  return `${licenceDate.slice(2, 4)}${licenceDate.slice(5, 7)}${md5.slice(0, 8).toUpperCase()}`;
}

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
    drivers: p.drivers.map((d) => {
      const licenceDate = licenceDateOf(d.birthDate);
      return { ...d, licenceDate, licenceNumber: licenceNumberOf(d, licenceDate) };
    }),
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
