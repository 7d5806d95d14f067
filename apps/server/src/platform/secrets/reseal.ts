// Every sealed secret under the current key (docs/operations.md « Secrets at rest »), run at
// start-up under the start-up lock, right after the migrations: the webhooks' secrets, the staff's
// TOTP secrets and the embedded provider's keys. Enforces:
// - a secret written in clear (by a version before migrations 0035 and 0036) is sealed, and one sealed
//   under a previous key (SECRETS_KEY_PREVIOUS, a rotation) is opened and sealed again under
//   SECRETS_KEY: once a start has ended, no row needs a previous key and it can be dropped;
// - a secret under no key the server has stops the start (SealedSecretError, naming the key id):
//   nothing is rewritten, nothing is lost;
// - each row is rewritten only if it still holds what was read (another writer wins), and a
//   restart with nothing to do reads a few rows and writes none.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { open, seal, sealedKeyId, type SecretKeys } from './sealed-secrets';

/** The purpose (additional data) webhook secrets are sealed with: both columns share it. */
export const WEBHOOK_SECRET = 'webhook-secret';
/** The purpose of a staff member's TOTP secret, pending or enrolled (the one moves to the other). */
export const TOTP_SECRET = 'staff-totp';
/** The purpose of a customer's TOTP secret, pending or enrolled (migration 0049). */
export const CUSTOMER_TOTP_SECRET = 'customer-totp';

/** Text columns holding sealed secrets, two per table, each pair sealed for one purpose. */
const SEALED_COLUMNS = [
  { table: 'event_subscriptions', columns: ['secret', 'previous_secret'], purpose: WEBHOOK_SECRET },
  {
    table: 'staff_accounts',
    columns: ['totp_secret', 'totp_pending_secret'],
    purpose: TOTP_SECRET,
  },
  {
    table: 'customer_second_factors',
    columns: ['totp_secret', 'totp_pending_secret'],
    purpose: CUSTOMER_TOTP_SECRET,
  },
] as const;
/** The purpose of an app_secrets row: its name. */
export const appSecretPurpose = (name: string) => `app-secret:${name}`;

/** `value` under the current key: opened first when sealed, sealed as it is when in clear. */
function resealed(keys: SecretKeys, value: string, purpose: string): string {
  const id = sealedKeyId(value);
  if (id === keys.current.id) return value;
  return seal(keys, id === undefined ? value : open(keys, value, purpose), purpose);
}

async function resealColumns(
  db: Db,
  keys: SecretKeys,
  { table, columns: [a, b], purpose }: (typeof SEALED_COLUMNS)[number],
): Promise<number> {
  const current = `enc:v1:${keys.current.id}:%`;
  const [first, second] = [sql.ref(a), sql.ref(b)];
  const { rows } = await sql<{ id: string; first: string | null; second: string | null }>`
    select id, ${first} as first, ${second} as second from ${sql.table(table)}
     where (${first} is not null and ${first} not like ${current})
        or (${second} is not null and ${second} not like ${current})`.execute(db);
  const again = (value: string | null) => value && resealed(keys, value, purpose);
  for (const row of rows)
    await sql`update ${sql.table(table)}
                 set ${first} = ${again(row.first)}, ${second} = ${again(row.second)}
               where id = ${row.id} and ${first} is not distinct from ${row.first}
                 and ${second} is not distinct from ${row.second}`.execute(db);
  return rows.length;
}

async function resealAppSecrets(db: Db, keys: SecretKeys): Promise<number> {
  const { rows } = await sql<{ name: string; value: unknown; text: string }>`
    select name, value, value::text as text from app_secrets
     where value->>'sealed' is null or value->>'sealed' not like ${`enc:v1:${keys.current.id}:%`}`.execute(
    db,
  );
  for (const row of rows) {
    const sealed = (row.value as { sealed?: unknown }).sealed;
    const plain =
      typeof sealed === 'string'
        ? open(keys, sealed, appSecretPurpose(row.name))
        : JSON.stringify(row.value);
    await sql`update app_secrets set value = ${JSON.stringify({
      sealed: seal(keys, plain, appSecretPurpose(row.name)),
    })}::jsonb where name = ${row.name} and value::text = ${row.text}`.execute(db);
  }
  return rows.length;
}

/** Seals again under the current key every secret that is not yet; how many rows changed. */
export async function resealSecrets(db: Db, keys: SecretKeys): Promise<number> {
  let count = await resealAppSecrets(db, keys);
  for (const sealed of SEALED_COLUMNS) count += await resealColumns(db, keys, sealed);
  return count;
}
