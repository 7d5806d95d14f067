// « Mes données »: how the customer signs in (the sign-in e-mail, the dates of the password and
// the second factor, the recovery codes left, the passkeys by name), the sign-in history, the
// copies asked before, and the staff's consultations of the file (collect.ts). Never a secret:
// no hash, no sealed secret, no public key (coverage.ts says why). The journal of the staff
// (staff_audit) gives the date and the purpose of each consultation and action on the
// customer's file, never who did it nor from where: the right of access covers the dates and
// purposes of consultations, not in principle the identity of the employees (CJEU, 22 June 2023,
// Pankki S, C-579/21; docs/product/data-export.md).
import { auditActionLabel, type DataExportContent } from '@espace/contract';
import type { Db } from '../../db/client';
import { iso, isoOrNull } from './collect-rows';

type Content = DataExportContent;

export async function security(db: Db, accountId: string): Promise<Content['security']> {
  const [credentials, factor, codes] = await Promise.all([
    db
      .selectFrom('credentials')
      .select(['email', 'password_changed_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    db
      .selectFrom('customer_second_factors')
      .select('totp_enrolled_at')
      .where('id', '=', accountId)
      .executeTakeFirst(),
    db
      .selectFrom('customer_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    signInEmail: credentials?.email ?? null,
    passwordChangedAt: credentials ? iso(credentials.password_changed_at) : null,
    secondFactorSince: isoOrNull(factor?.totp_enrolled_at ?? null),
    unusedRecoveryCodes: Number(codes.n),
  };
}

export async function passkeys(db: Db, accountId: string): Promise<Content['passkeys']> {
  const all = await db
    .selectFrom('passkeys')
    .select(['name', 'created_at', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  return all.map((p) => ({
    name: p.name,
    createdAt: iso(p.created_at),
    lastUsedAt: isoOrNull(p.last_used_at),
  }));
}

export async function signIns(db: Db, accountId: string): Promise<Content['signIns']> {
  const all = await db
    .selectFrom('sign_ins')
    .select(['created_at', 'method', 'device', 'user_agent', 'new_device', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  return all.map((s) => ({
    at: iso(s.created_at),
    method: s.method,
    device: s.device,
    userAgent: s.user_agent,
    newDevice: s.new_device,
    lastUsedAt: iso(s.last_used_at),
  }));
}

export async function dataExports(db: Db, accountId: string): Promise<Content['dataExports']> {
  const [exports, trail] = await Promise.all([
    db
      .selectFrom('data_exports')
      .select(['id', 'requested_at', 'status', 'ready_at', 'downloaded_at'])
      .where('account_id', '=', accountId)
      .orderBy('requested_at')
      .execute(),
    db
      .selectFrom('data_export_trail')
      .select(['export_id', 'action', 'at', 'user_agent'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute(),
  ]);
  return exports.map((e) => ({
    requestedAt: iso(e.requested_at),
    status: e.status,
    readyAt: isoOrNull(e.ready_at),
    downloadedAt: isoOrNull(e.downloaded_at),
    trail: trail
      .filter((t) => t.export_id === e.id)
      .map((t) => ({ action: t.action, at: iso(t.at), userAgent: t.user_agent })),
  }));
}

export async function staffAccesses(db: Db, accountId: string): Promise<Content['staffAccesses']> {
  const all = await db
    .selectFrom('staff_audit')
    .select(['at', 'action'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return all.map((a) => ({ at: iso(a.at), action: a.action, purpose: auditActionLabel(a.action) }));
}
