// The staff console (docs/console.md): the broker's staff, their sign-in, their sessions, who
// handles which request, and the trace of everything they read or do.
// - staff_accounts: separate from the customers' accounts; a role ('agent' or 'supervisor'), a
//   password hash, and the second factor: the TOTP secret once enrolled (`totp_pending_secret`
//   while the QR code is shown), the last time step accepted (a code is used once).
// - staff_recovery_codes: the SHA-256 of each single-use recovery code.
// - staff_sessions: what the console's HttpOnly cookie opens (its secret's SHA-256), bound to the
//   provider session it came from, as portal_sessions are for customers.
// - request_assignments: the agent a request is assigned to (the view's request id).
// - staff_audit: every read of a customer's file and every action of a staff member: who (id and
//   e-mail kept even if the account goes), when, what, on what, from where. Never updated.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('agent', 'supervisor')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enrolled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('disabled_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'text', (c) =>
      c.notNull().references('staff_accounts.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) =>
      c.notNull().references('staff_accounts.id').onDelete('cascade'),
    )
    .addColumn('provider_sid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_sessions_staff_idx')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('request_assignments')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('request_assignments_staff_idx')
    .on('request_assignments')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text')
    .addColumn('target_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'jsonb')
    .execute();
  await db.schema.createIndex('staff_audit_at_idx').on('staff_audit').column('at').execute();
  await db.schema
    .createIndex('staff_audit_staff_idx')
    .on('staff_audit')
    .columns(['staff_id', 'at'])
    .execute();
  await db.schema
    .createIndex('staff_audit_account_idx')
    .on('staff_audit')
    .columns(['account_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'staff_audit',
    'request_assignments',
    'staff_sessions',
    'staff_recovery_codes',
    'staff_accounts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
