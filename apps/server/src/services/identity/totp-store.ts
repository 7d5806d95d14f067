// Where an owner keeps its second factor (totp.ts): a table whose row `id` holds the secrets
// (totp_secret, totp_pending_secret, totp_enrolled_at, totp_last_step) and a table of recovery
// codes keyed by the owner's column. Customers and staff differ in their tables, their issuer
// and their sealing purpose only (a customer has no row until a first enrolment).
import type { Db } from '../../db/client';
import { CUSTOMER_TOTP_SECRET, TOTP_SECRET } from '../../platform/secrets/reseal';
import { isStaff, ownerId, type IdentityOwner } from './owner';

/** The name the customer's authenticator app shows. */
export const CUSTOMER_TOTP_ISSUER = 'Espace Assuré';
/** The name a staff member's authenticator app shows. */
export const TOTP_ISSUER = 'Espace Assuré console';

/** Where one kind of owner keeps its second factor: reads and conditional writes only. */
export interface TotpStore {
  /** The name the authenticator app shows above the code. */
  issuer: string;
  /** The purpose the secrets are sealed for (platform/secrets/reseal.ts). */
  purpose: string;
  /** The sealed secrets of the owner, enrolled and pending (null when none). */
  secrets(db: Db, id: string): Promise<{ secret: string | null; pending: string | null }>;
  /** Keeps a new sealed pending secret. */
  savePending(db: Db, id: string, sealed: string): Promise<void>;
  /**
   * Makes `pending` the enrolled secret, `step` its last one: true when nothing was enrolled and
   * `pending` was still the pending secret.
   */
  enrol(db: Db, id: string, pending: string, step: number, now: Date): Promise<boolean>;
  /** Replaces the recovery codes by these hashes. */
  replaceRecoveryCodes(db: Db, id: string, hashes: string[]): Promise<void>;
  /** Moves the last step accepted to `step`: true only when it was before. */
  advanceStep(db: Db, id: string, step: number): Promise<boolean>;
  /** Marks the unused recovery code of this hash used: true when it was there and unused. */
  spendRecoveryCode(db: Db, id: string, hash: string, now: Date): Promise<boolean>;
  /** When the enrolled secret was confirmed, or null when none is. */
  enrolledAt(db: Db, id: string): Promise<Date | null>;
  /** The hashes of the recovery codes, used or not. */
  recoveryCodeHashes(db: Db, id: string): Promise<string[]>;
  /** Forgets the secrets and the recovery codes when the secret enrolled at `at` is still on. */
  forgetEnrolment(db: Db, id: string, at: Date): Promise<void>;
  /** Forgets the recovery codes. */
  dropRecoveryCodes(db: Db, id: string): Promise<void>;
}

export interface TotpTables {
  /** The name the authenticator app shows above the code. */
  issuer: string;
  /** The purpose the secrets are sealed for (platform/secrets/reseal.ts). */
  purpose: string;
  /** The table whose row `id` is the owner's, with the TOTP columns. */
  factors: 'customer_second_factors' | 'staff_accounts';
  /** The recovery codes' table and its owner column. */
  recoveryCodes:
    | { table: 'customer_recovery_codes'; owner: 'account_id' }
    | { table: 'staff_recovery_codes'; owner: 'staff_id' };
}

/** Reads and conditional writes of `tables` for the rules of totp.ts. */
function tableStore(tables: TotpTables): TotpStore {
  const { factors } = tables;
  const { table: codes, owner } = tables.recoveryCodes;
  return {
    issuer: tables.issuer,
    purpose: tables.purpose,
    async secrets(db, id) {
      const row = await db
        .selectFrom(factors)
        .select(['totp_secret', 'totp_pending_secret'])
        .where('id', '=', id)
        .executeTakeFirst();
      return { secret: row?.totp_secret ?? null, pending: row?.totp_pending_secret ?? null };
    },
    async savePending(db, id, sealed) {
      // A customer has no row until a first enrolment; a staff member's is the account's own.
      if (factors === 'customer_second_factors') {
        await db
          .insertInto(factors)
          .values({ id, totp_pending_secret: sealed })
          .onConflict((oc) => oc.column('id').doUpdateSet({ totp_pending_secret: sealed }))
          .execute();
        return;
      }
      await db
        .updateTable(factors)
        .set({ totp_pending_secret: sealed })
        .where('id', '=', id)
        .execute();
    },
    async enrol(db, id, pending, step, now) {
      const saved = await db
        .updateTable(factors)
        .set({
          totp_secret: pending,
          totp_pending_secret: null,
          totp_enrolled_at: now,
          totp_last_step: step,
        })
        .where('id', '=', id)
        .where('totp_secret', 'is', null)
        .where('totp_pending_secret', '=', pending)
        .executeTakeFirst();
      return saved.numUpdatedRows === 1n;
    },
    async replaceRecoveryCodes(db, id, hashes) {
      await db.deleteFrom(codes).where(owner, '=', id).execute();
      await db
        .insertInto(codes)
        .values(hashes.map((code_hash) => ({ [owner]: id, code_hash }) as RecoveryCodeRow))
        .execute();
    },
    async advanceStep(db, id, step) {
      const used = await db
        .updateTable(factors)
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
        )
        .executeTakeFirst();
      return used.numUpdatedRows === 1n;
    },
    async spendRecoveryCode(db, id, hash, now) {
      const spent = await db
        .updateTable(codes)
        .set({ used_at: now })
        .where(owner, '=', id)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return spent.numUpdatedRows === 1n;
    },
    async enrolledAt(db, id) {
      const row = await db
        .selectFrom(factors)
        .select('totp_enrolled_at')
        .where('id', '=', id)
        .where('totp_secret', 'is not', null)
        .executeTakeFirst();
      return row?.totp_enrolled_at ? new Date(row.totp_enrolled_at) : null;
    },
    async recoveryCodeHashes(db, id) {
      const rows = await db.selectFrom(codes).select('code_hash').where(owner, '=', id).execute();
      return rows.map((r) => r.code_hash);
    },
    async forgetEnrolment(db, id, at) {
      const forgotten = await db
        .updateTable(factors)
        .set({
          totp_secret: null,
          totp_pending_secret: null,
          totp_enrolled_at: null,
          totp_last_step: null,
        })
        .where('id', '=', id)
        .where('totp_enrolled_at', '=', at)
        .executeTakeFirst();
      if (forgotten.numUpdatedRows === 1n)
        await db.deleteFrom(codes).where(owner, '=', id).execute();
    },
    async dropRecoveryCodes(db, id) {
      await db.deleteFrom(codes).where(owner, '=', id).execute();
    },
  };
}

/**
 * A new recovery code's row for the union of the two tables: each row has its table's owner
 * column only, which kysely cannot type for a table chosen at run time.
 */
type RecoveryCodeRow = { account_id: string; staff_id: string; code_hash: string };

const customerStore = tableStore({
  issuer: CUSTOMER_TOTP_ISSUER,
  purpose: CUSTOMER_TOTP_SECRET,
  factors: 'customer_second_factors',
  recoveryCodes: { table: 'customer_recovery_codes', owner: 'account_id' },
});

const staffStore = tableStore({
  issuer: TOTP_ISSUER,
  purpose: TOTP_SECRET,
  factors: 'staff_accounts',
  recoveryCodes: { table: 'staff_recovery_codes', owner: 'staff_id' },
});

/** The store of the owner's kind, and the owner's id in it. */
export const storeOf = (owner: IdentityOwner) =>
  ({ store: isStaff(owner) ? staffStore : customerStore, id: ownerId(owner) }) as const;
