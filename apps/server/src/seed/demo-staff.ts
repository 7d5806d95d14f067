// The demo's staff accounts (demo mode only, docs/console.md « Comptes »): an agent and a
// supervisor of the demo broker, with the demo customers' password, their second factor not yet
// enrolled (each enrols at the first sign-in, as a real account does). Seeded once, when no
// staff account exists, under the start-up lock with the rest of the demo data.
import type { StaffRole } from '@espace/contract';
import type { Db } from '../db/client';
import { createStaffAccount } from '../services/staff/staff-accounts';
import { DEMO_PASSWORD } from './demo-customers';

export const DEMO_STAFF: readonly { email: string; displayName: string; role: StaffRole }[] = [
  { email: 'conseiller@courtage-horizon.test', displayName: 'Léa Martin', role: 'agent' },
  { email: 'superviseur@courtage-horizon.test', displayName: 'Paul Girard', role: 'supervisor' },
];

/** Seeds the demo staff when there is none; returns whether it seeded. */
export async function seedDemoStaff(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('staff_accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  for (const staff of DEMO_STAFF)
    await createStaffAccount(db, { ...staff, password: DEMO_PASSWORD, createdBy: 'demo' });
  return true;
}
