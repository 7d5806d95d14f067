// First access (docs/decisions/0075-first-access-invitation.md): a customer loaded by the broker
// has an account but no credentials yet. Their invitation is a link of the same kind as a
// forgotten-password link (only the SHA-256 of 256 random bits is kept, single use, the newest
// replaces the older ones of the account), valid 72 hours instead of 30 minutes; `purpose` says
// which, so the set-password page can title itself and create the credentials.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .defaultTo('reset')
        .check(sql`purpose in ('reset', 'invitation')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from password_reset_tokens where purpose = 'invitation'`.execute(db);
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute();
}
