// The changes to a way in, each mailed to its owner with a « Ce n’était pas moi » link
// (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md):
// - identity_changes: one row per change of a customer's or a staff member's way in (a passkey
//   added or removed, the second factor turned on or off, new recovery codes, the password
//   changed): its kind, what it added (`target`: the passkey's id, the second factor's
//   enrolment time, the recovery codes' fingerprint), the device's label, when; the SHA-256 of
//   its link's 256 random bits (never the link), until when it works, and when and from which
//   device it was used (`undone_at`, `undone_device`): the customers' trace of these changes;
// - staff_links may also be a link mailed after « Ce n’était pas moi » (`secured`): the member
//   chooses a new password and keeps their second factor.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('staff_id', 'text', (c) => c.references('staff_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('passkey_added', 'passkey_removed', 'second_factor_on', 'second_factor_off', 'recovery_codes_renewed', 'password_changed')`,
        ),
    )
    .addColumn('target', 'text')
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('undone_at', 'timestamptz')
    .addColumn('undone_device', 'text')
    .addCheckConstraint(
      'identity_changes_one_owner',
      sql`(account_id is null) <> (staff_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('identity_changes_account_idx')
    .on('identity_changes')
    .columns(['account_id', 'changed_at'])
    .execute();
  await db.schema
    .createIndex('identity_changes_staff_idx')
    .on('identity_changes')
    .columns(['staff_id', 'changed_at'])
    .execute();
  await sql`alter table staff_links drop constraint staff_links_purpose_check,
    add constraint staff_links_purpose_check check (purpose in ('reset', 'invitation', 'secured'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from staff_links where purpose = 'secured'`.execute(db);
  await sql`alter table staff_links drop constraint staff_links_purpose_check,
    add constraint staff_links_purpose_check check (purpose in ('reset', 'invitation'))`.execute(
    db,
  );
  await db.schema.dropTable('identity_changes').execute();
}
