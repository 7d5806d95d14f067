// Seeds the demo customers into an empty database (demo mode only, docs/architecture.md). Sits above
// db/ and services/: it writes through the same storage and password hashing as the portal.
import { randomUUID } from 'node:crypto';
import { addDays, todayInParis } from '@espace/contract';
import { hashPassword } from '../services/account/passwords';
import type { DocumentStorage } from '../platform/storage/storage';
import type { Db } from '../db/client';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, type DemoCustomer } from './demo-customers';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoHistory } from './demo-history';

/** A start date relative to the seeding day in Paris, the portal's "today" (contract dates.ts). */
function isoDaysAgo(days: number): string {
  return addDays(todayInParis(), -days);
}

/** Seeds only when no account exists; returns whether it seeded. */
export async function seedDemoData(db: Db, storage: DocumentStorage): Promise<boolean> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // The hash (scrypt, on the thread pool) is computed while the customers are inserted; their
  // credentials come last, in the same transaction.
  const hashing = hashPassword(DEMO_PASSWORD);
  hashing.catch(() => undefined);
  await db.transaction().execute(async (trx) => {
    const accountIds: string[] = [];
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      accountIds.push(await insertCustomer(trx, customer, index));
    }
    await seedDemoHistory(trx);
    const passwordHash = await hashing;
    await trx
      .insertInto('credentials')
      .values(
        DEMO_CUSTOMERS.map((c, i) => ({
          account_id: accountIds[i]!,
          email: c.email,
          password_hash: passwordHash,
        })),
      )
      .execute();
  });
  await seedDemoDocuments(db, storage);
  return true;
}

async function insertCustomer(db: Db, c: DemoCustomer, index: number): Promise<string> {
  const accountId = randomUUID();
  const customerId = `CLI-${String(100_231 + index * 7_919).padStart(8, '0')}`;
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      customer_id: customerId,
      email: c.email,
      first_name: c.firstName,
      last_name: c.lastName,
      phone_number: c.phoneNumber,
      commercial_consent: c.commercialConsent,
    })
    .execute();
  await db
    .insertInto('account_addresses')
    .values({
      id: randomUUID(),
      account_id: accountId,
      line1: c.address.line1,
      postal_code: c.address.postalCode,
      city: c.address.city,
      country: 'France',
    })
    .execute();
  const garageIds = c.garages.map(() => randomUUID());
  if (c.garages.length) {
    await db
      .insertInto('garage_addresses')
      .values(
        c.garages.map((g, i) => ({
          id: garageIds[i]!,
          account_id: accountId,
          ...g,
          country: 'France',
        })),
      )
      .execute();
  }
  for (const p of c.policies) {
    await db
      .insertInto('policies')
      .values({
        policy_number: p.policyNumber,
        account_id: accountId,
        customer_id: customerId,
        state: p.state,
        premium_a: p.premiumA,
        start_date: isoDaysAgo(p.startDaysAgo),
        garage_address_id: p.garage === undefined ? null : garageIds[p.garage]!,
      })
      .execute();
    const risk = await db
      .insertInto('risks')
      .values({
        policy_number: p.policyNumber,
        position: 0,
        license_plate: p.vehicle.licensePlate,
        manufacturer: p.vehicle.manufacturer,
        model: p.vehicle.model,
        guarantee_formula: p.vehicle.guaranteeFormula,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('guarantees')
      .values(p.guarantees.map((g, position) => ({ risk_id: risk.id, position, ...g })))
      .execute();
    await db
      .insertInto('drivers')
      .values(
        p.drivers.map((d) => ({
          id: randomUUID(),
          policy_number: p.policyNumber,
          salutation: d.salutation,
          first_name: d.firstName,
          last_name: d.lastName,
          birth_date: d.birthDate,
          principal: d.principal,
          crm: d.crm,
        })),
      )
      .execute();
    if (p.payment) {
      await db
        .insertInto('payment_details')
        .values({
          id: randomUUID(),
          policy_number: p.policyNumber,
          payment_method: 'Prélèvement SEPA mensuel',
          owner_name: p.payment.ownerName,
          bic: p.payment.bic,
          iban: p.payment.iban,
        })
        .execute();
    }
    if (p.documents.length) {
      await db
        .insertInto('policy_documents')
        .values(
          p.documents.map((d, position) => ({
            policy_number: p.policyNumber,
            position,
            name: d.name,
            description: d.description,
            file_type: d.fileType,
            status: d.status,
            can_resend: d.canResend,
            max_file_number: d.maxFileNumber ?? null,
            exact_file_number: d.exactFileNumber ?? null,
            // A demo document shown as received has all its files (migration 0015).
            files_received: d.status === 'received' ? (d.exactFileNumber ?? 1) : 0,
          })),
        )
        .execute();
    }
  }
  return accountId;
}
