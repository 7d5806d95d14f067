// Every sign-in path records its device (docs/decisions/0141-every-sign-in-mails-its-new-device.md):
// a staff member's sign-in is a row of `sign_ins` too (`staff_id`, the account's column then
// empty: one owner a row, as passkeys have), so that a new browser of theirs is told apart and
// mailed; and a sign-in through an external provider (OIDC_ISSUER) is recorded with the method
// `external`, its password or passkey being that provider's own.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sign_ins')
    .addColumn('staff_id', 'text', (c) => c.references('staff_accounts.id'))
    .execute();
  await sql`alter table sign_ins alter column account_id drop not null`.execute(db);
  await sql`alter table sign_ins add constraint sign_ins_one_owner
    check ((account_id is null) <> (staff_id is null))`.execute(db);
  await sql`alter table sign_ins drop constraint sign_ins_method_check`.execute(db);
  await sql`alter table sign_ins add constraint sign_ins_method_check
    check (method in ('password', 'passkey', 'external'))`.execute(db);
  await db.schema
    .createIndex('sign_ins_staff_idx')
    .on('sign_ins')
    .columns(['staff_id', 'created_at'])
    .where(sql.ref('staff_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_ins_staff_idx').execute();
  await sql`delete from sign_ins where staff_id is not null or method = 'external'`.execute(db);
  await sql`alter table sign_ins drop constraint sign_ins_method_check`.execute(db);
  await sql`alter table sign_ins add constraint sign_ins_method_check
    check (method in ('password', 'passkey'))`.execute(db);
  await sql`alter table sign_ins drop constraint sign_ins_one_owner`.execute(db);
  await sql`alter table sign_ins alter column account_id set not null`.execute(db);
  await db.schema.alterTable('sign_ins').dropColumn('staff_id').execute();
}
