// Secrets the server reads back are sealed at rest (docs/decisions/
// 0091-webhooks-public-addresses-and-secrets-at-rest.md): AES-256-GCM under SECRETS_KEY, written
// `enc:v1:<key id>:…` (platform/secrets/sealed-secrets.ts). A migration cannot seal (the key is
// configuration, not in the database): the start-up task that follows the migrations, under the
// same lock, seals the secrets written in clear by earlier versions (platform/secrets/reseal.ts),
// and seals again under the current key what a previous key sealed. From here on the database
// itself refuses a secret written in clear: each sealed column gets a check that new and updated
// rows carry a sealed value (NOT VALID: the rows already there are sealed by that task, not
// checked here).
// - event_subscriptions.secret and previous_secret: the webhooks' signing secrets;
// - app_secrets.value: the embedded provider's signing keys and cookie keys, now
//   `{ "sealed": "enc:v1:…" }` (the JSON they were, sealed).
import { sql, type Kysely } from 'kysely';

const CHECKS = [
  [
    'event_subscriptions',
    'event_subscriptions_secret_sealed',
    sql`secret is null or secret like 'enc:v1:%'`,
  ],
  [
    'event_subscriptions',
    'event_subscriptions_previous_secret_sealed',
    sql`previous_secret is null or previous_secret like 'enc:v1:%'`,
  ],
  [
    'app_secrets',
    'app_secrets_value_sealed',
    // An array or an object without `sealed` gives null, which a check lets through: coalesced.
    sql`coalesce(value->>'sealed', '') like 'enc:v1:%'`,
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, check] of CHECKS)
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(name)} check (${check}) not valid`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, name] of CHECKS)
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.raw(name)}`.execute(
      db,
    );
}
