// The challenges of WebAuthn ceremonies in progress (services/identity/passkeys.ts,
// docs/decisions/0116-passkeys-through-the-embedded-provider.md): rows of `webauthn_challenges`,
// so that any instance finishes what another began, each used once and within CHALLENGE_SECONDS.
import type { Db } from '../../db/client';

const CHALLENGE_SECONDS = 5 * 60;

/** Keeps `challenge` under `id` (an addition's is bound to the customer's account). */
export async function storeChallenge(db: Db, id: string, challenge: string, accountId?: string) {
  const expires = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
  await db
    .insertInto('webauthn_challenges')
    .values({ id, challenge, account_id: accountId ?? null, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ challenge, account_id: accountId ?? null, expires_at: expires }),
    )
    .execute();
}

/** The challenge stored under `id`, deleted as it is read; undefined when expired or absent. */
export async function takeChallenge(db: Db, id: string): Promise<string | undefined> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', new Date()).execute();
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('id', '=', id)
    .returning('challenge')
    .executeTakeFirst();
  return row?.challenge;
}
