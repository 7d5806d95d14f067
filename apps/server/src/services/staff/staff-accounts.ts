// The staff accounts of the console (docs/console.md « Comptes »): separate from the
// customers' accounts, each with a role (agent or supervisor). Created by the CLI
// (scripts/staff.ts) or by a supervisor (routes/console/staff-routes.ts), who may also disable
// one (the same function as the CLI's) or reset its access (staff-links.ts). Enforces:
// - an e-mail is stored lower-cased and names one staff account only (409 otherwise);
// - a new account gets a generated temporary password, returned once and stored only as its
//   scrypt hash (services/identity/passwords.ts), and is marked `must_change_password`: its first
//   sign-in enrols the second factor (second-factor.ts), then has the staff member choose their
//   own password before any console session (staff-passwords.ts). Only the demo seed gives a
//   password (the documented demo one), which is not marked;
// - a disabled account signs in no more and its console sessions end at once
//   (staff-sessions.ts reads `disabled_at`).
import { newPasswordProblem, type StaffMember, type StaffRole } from '@espace/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { hashPassword } from '../identity/passwords';
import { ConflictError } from '../errors';

/** The staff member's id as the provider's subject (oidc/provider/provider.ts). */
export const STAFF_SUBJECT_PREFIX = 'staff:';
export const staffSubject = (id: string) => `${STAFF_SUBJECT_PREFIX}${id}`;
export const isStaffSubject = (sub: string) => sub.startsWith(STAFF_SUBJECT_PREFIX);

const EMAIL_TAKEN = 'Un compte du personnel existe déjà avec cette adresse e-mail.';
/** No staff account has the id or e-mail a supervisor or the operator named. */
export const UNKNOWN_STAFF_MEMBER = 'Aucun membre de l’équipe ne correspond.';

export interface NewStaff {
  email: string;
  displayName: string;
  role: StaffRole;
  /** Who created it: a supervisor's id, or 'cli'. */
  createdBy: string;
  /** Given only by the demo seed (the documented demo password, kept); otherwise generated. */
  password?: string;
}

/**
 * 18 random bytes: 24 characters, typed once, at the first sign-in, then replaced. Drawn again
 * until it follows the password rule itself (about 1 draw in 60 has no digit): typed again as
 * the new one, it is told it must differ, never that it is too weak.
 */
export function temporaryPassword(): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (newPasswordProblem(password) === undefined) return password;
  }
}

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

/**
 * A new staff account. `hash` stores the password (the tests give one at their lower scrypt cost
 * instead of hashing twice).
 */
export async function createStaffAccount(
  db: Db,
  staff: NewStaff,
  hash: (password: string) => Promise<string> = hashPassword,
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
      password_hash: await hash(password),
      must_change_password: staff.password === undefined,
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

/** The enabled account of an e-mail, with what the password step checks. */
export async function findStaffForSignIn(db: Db, email: string) {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'password_hash', 'totp_secret'])
    .where('email', '=', email.trim().toLowerCase())
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** What a sign-in step (oidc/staff-sign-in/staff-steps.ts) and a password change read of an account. */
export interface StaffCredentials {
  email: string;
  password_hash: string;
  must_change_password: boolean;
}

/** The credentials of an enabled account, or undefined (no such account, or disabled). */
export async function enabledStaffCredentials(
  db: Db,
  id: string,
): Promise<StaffCredentials | undefined> {
  return db
    .selectFrom('staff_accounts')
    .select(['email', 'password_hash', 'must_change_password'])
    .where('id', '=', id)
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

/** Whom a change acts on (disableStaff, resetStaffAccess): the CLI names an e-mail, the console an id. */
export type StaffTarget = { email: string } | { id: string };

/** Runs `work` in the caller's transaction (the console's audit row joins it), or in its own. */
const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** The column and value that find a target (an e-mail as stored: lower-cased). */
export const targetColumn = (target: StaffTarget) =>
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
