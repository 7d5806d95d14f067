// Seeds the demo customers into an empty database (demo mode only, docs/architecture.md). Sits above
// db/ and services/: it writes through the same storage and password hashing as the portal, and
// its customers and contracts through the integration API's upsert service (demo-records.ts).
import { hashPassword } from '../services/identity/passwords';
import type { DocumentStorage } from '../platform/storage/storage';
import type { Db } from '../db/client';
import { DEMO_CUSTOMERS, DEMO_PASSWORD, type DemoCustomer } from './demo-customers';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoHistory } from './demo-history';
import { seedDemoStaff } from './demo-staff';
import { NICOLAS, seedDemoWork, seedDemoWorkFiles, WORK_CUSTOMERS } from './demo-work';
import {
  customerNumberOf,
  demoContractRecord,
  demoCustomerRecord,
  demoOwedDocuments,
} from './demo-records';
import { upsertContract } from '../services/integration/contracts';
import { upsertCustomer } from '../services/integration/customers';
import { upsertOwedDocument } from '../services/integration/owed-documents';

/** Seeds only when no account exists; returns whether it seeded. */
export async function seedDemoData(db: Db, storage: DocumentStorage): Promise<boolean> {
  // The console's demo staff, on their own check: a database seeded before them gets them too.
  await seedDemoStaff(db);
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // The hash (scrypt, on the thread pool) is computed while the customers are inserted; their
  // credentials come last, in the same transaction.
  const hashing = hashPassword(DEMO_PASSWORD);
  hashing.catch(() => undefined);
  await db.transaction().execute(async (trx) => {
    const accountIds: string[] = [];
    // The portal's demo customers, then the console's (demo-work.ts): Hélène never signed in.
    const customers = [...DEMO_CUSTOMERS, ...WORK_CUSTOMERS];
    for (const [index, customer] of customers.entries()) {
      accountIds.push(await insertCustomer(trx, customer, index));
    }
    await seedDemoHistory(trx);
    await seedDemoWork(trx);
    const passwordHash = await hashing;
    await trx
      .insertInto('credentials')
      .values(
        customers.flatMap((c, i) =>
          DEMO_CUSTOMERS.includes(c) || c.email === NICOLAS
            ? [{ account_id: accountIds[i]!, email: c.email, password_hash: passwordHash }]
            : [],
        ),
      )
      .execute();
  });
  await seedDemoDocuments(db, storage);
  await seedDemoWorkFiles(db, storage);
  return true;
}

/** Writes one demo customer, their contracts and documents to provide through the upsert service. */
async function insertCustomer(db: Db, c: DemoCustomer, index: number): Promise<string> {
  const customerNumber = customerNumberOf(index);
  await upsertCustomer(db, customerNumber, demoCustomerRecord(c));
  for (const p of c.policies) {
    await upsertContract(db, p.policyNumber, demoContractRecord(c, customerNumber, p));
    for (const [documentId, record] of demoOwedDocuments(p))
      await upsertOwedDocument(db, p.policyNumber, documentId, record);
  }
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerNumber)
    .executeTakeFirstOrThrow();
  return account.id;
}
