// The staff accounts of the console (docs/backoffice.md « Comptes »): separate from the
// customers' accounts, each with a role (agent or supervisor). Created by the CLI
// (scripts/staff.ts) or by a supervisor (routes/console/staff-routes.ts), who may also disable
// one or reset its second factor (the same functions as the CLI's). Enforces:
// - an e-mail is stored lower-cased and names one staff account only (409 otherwise);
// - a new account gets a generated temporary password, returned once and stored only as its
//   scrypt hash (services/account/passwords.ts); its second factor is enrolled at the first
//   sign-in (second-factor.ts);
// - a disabled account signs in no more and its console sessions end at once
//   (staff-sessions.ts reads `disabled_at`); resetting the second factor forgets the secret
//   and the recovery codes, so the next sign-in enrols again.
import type { StaffMember, StaffRole } from '@espace/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { hashPassword } from '../account/passwords';
import { ConflictError } from '../errors';

/** The staff member's id as the provider's subject (oidc/provider.ts). */
export const STAFF_SUBJECT_PREFIX = 'staff:';
export const staffSubject = (id: string) => `${STAFF_SUBJECT_PREFIX}${id}`;
export const isStaffSubject = (sub: string) => sub.startsWith(STAFF_SUBJECT_PREFIX);

const EMAIL_TAKEN = 'Un compte du personnel existe déjà avec cette adresse e-mail.';

export interface NewStaff {
  email: string;
  displayName: string;
  role: StaffRole;
  /** Who created it: a supervisor's id, or 'cli'. */
  createdBy: string;
  /** Given only by the demo seed; otherwise generated. */
  password?: string;
}

/** 18 random bytes: 24 characters, typed once then changed by no one (no password change yet). */
const temporaryPassword = () => randomBytes(18).toString('base64url');

const member = (row: {
  id: string;
  email: string;
  display_name: string;
  role: string;
}): StaffMember => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  role: row.role as StaffRole,
});

export async function createStaffAccount(
  db: Db,
  staff: NewStaff,
): Promise<StaffMember & { temporaryPassword: string }> {
  const email = staff.email.trim().toLowerCase();
  const password = staff.password ?? temporaryPassword();
  const row = await db
    .insertInto('staff_accounts')
    .values({
      id: randomUUID(),
      email,
      display_name: staff.displayName.trim(),
      role: staff.role,
      password_hash: await hashPassword(password),
      created_by: staff.createdBy,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email', 'display_name', 'role'])
    .executeTakeFirst();
  if (!row) throw new ConflictError(EMAIL_TAKEN);
  return { ...member(row), temporaryPassword: password };
}

export interface StaffListing extends StaffMember {
  enrolled: boolean;
  disabled: boolean;
}

/** Every staff account, enabled ones first, by name. */
export async function listStaff(db: Db, options: { enabledOnly?: boolean } = {}) {
  let query = db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'display_name', 'role', 'totp_secret', 'disabled_at'])
    .orderBy('disabled_at', 'desc')
    .orderBy('display_name');
  if (options.enabledOnly) query = query.where('disabled_at', 'is', null);
  const rows = await query.execute();
  return rows.map((row): StaffListing => ({
    ...member(row),
    enrolled: row.totp_secret !== null,
    disabled: row.disabled_at !== null,
  }));
}

/** The enabled account of an e-mail, with what sign-in checks. */
export async function findStaffForSignIn(db: Db, email: string) {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'password_hash', 'totp_secret'])
    .where('email', '=', email.trim().toLowerCase())
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** The enabled staff member of an id (the provider's findAccount), or undefined. */
export async function findEnabledStaff(db: Db, id: string): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'display_name', 'role'])
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row && member(row);
}

/** Whom disableStaff and resetSecondFactor act on: the CLI names an e-mail, the console an id. */
type StaffTarget = { email: string } | { id: string };

/** Runs `work` in the caller's transaction (the console's audit row joins it), or in its own. */
const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

const targetColumn = (target: StaffTarget) =>
  'id' in target
    ? (['id', target.id] as const)
    : (['email', target.email.trim().toLowerCase()] as const);

/** Disables an account and ends its console sessions; false when no enabled account has it. */
export async function disableStaff(db: Db, target: StaffTarget): Promise<boolean> {
  const [column, value] = targetColumn(target);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('staff_accounts')
      .set({ disabled_at: new Date() })
      .where(column, '=', value)
      .where('disabled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', row.id).execute();
    return true;
  });
}

/** Forgets the second factor (a lost phone): the next sign-in enrols again. */
export async function resetSecondFactor(db: Db, target: StaffTarget): Promise<boolean> {
  const [column, value] = targetColumn(target);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('staff_accounts')
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enrolled_at: null,
        totp_last_step: null,
      })
      .where(column, '=', value)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', row.id).execute();
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', row.id).execute();
    return true;
  });
}
