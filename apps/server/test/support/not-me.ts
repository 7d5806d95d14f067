// What the tests of « Ce n’était pas moi » share (oidc/not-me/, services/identity/undo-changes.ts):
// the links read from the mails the SMTP stand-in received, the link's page opened and its form
// sent as a browser does, and the owner's rows that a change adds.
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { IdentityOwner } from '../../src/services/identity/owner';

/** A link of the « Ce n’était pas moi » page, and one of a page that sets a new password. */
const NOT_ME_LINK = /http:\/\/localhost:3000(\/interaction\/not-me\?token=[\w-]+)/;
const PASSWORD_LINK =
  /http:\/\/localhost:3000(\/interaction\/(?:password\/reset|staff-link)\?token=[\w-]+)/;

/** Waits for `count` mails among `mails()` that carry a not-me link: their texts and links. */
export async function notMeMails(mails: () => string[], count: number) {
  const withLink = () => mails().filter((m) => NOT_ME_LINK.test(m));
  await vi.waitFor(() => expect(withLink()).toHaveLength(count), { timeout: 15_000 });
  return withLink().map((text) => ({ text, path: NOT_ME_LINK.exec(text)![1]! }));
}

/** Waits for the mail that follows « Ce n’était pas moi »: its text and its password link. */
export async function securedMail(mails: () => string[]) {
  const secured = () => mails().filter((m) => m.includes('est sécurisé'));
  await vi.waitFor(() => expect(secured()).toHaveLength(1), { timeout: 15_000 });
  const text = secured()[0]!;
  const link = PASSWORD_LINK.exec(text);
  expect(link, text).not.toBeNull();
  return { text, path: link![1]! };
}

/** The token of a not-me link's path. */
export const tokenOf = (path: string) =>
  new URL(path, 'http://localhost').searchParams.get('token')!;

/** The page's form sent (POST, the token in the body), from a browser of `userAgent`. */
export function confirmNotMe(app: FastifyInstance, token: string, userAgent = 'Mozilla/5.0') {
  return app.inject({
    method: 'POST',
    url: '/interaction/not-me',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({ token }).toString(),
  });
}

/** The owner's passkeys' ids, and whether a second factor is on, with its recovery codes. */
export async function waysIn(app: FastifyInstance, owner: IdentityOwner) {
  const staff = 'staffId' in owner;
  const id = staff ? owner.staffId : owner.accountId;
  const passkeys = await app.db
    .selectFrom('passkeys')
    .select('id')
    .where(staff ? 'staff_id' : 'account_id', '=', id)
    .execute();
  const secret = staff
    ? await app.db
        .selectFrom('staff_accounts')
        .select('totp_secret')
        .where('id', '=', id)
        .executeTakeFirst()
    : await app.db
        .selectFrom('customer_second_factors')
        .select('totp_secret')
        .where('id', '=', id)
        .executeTakeFirst();
  const codes = staff
    ? await app.db
        .selectFrom('staff_recovery_codes')
        .select('code_hash')
        .where('staff_id', '=', id)
        .execute()
    : await app.db
        .selectFrom('customer_recovery_codes')
        .select('code_hash')
        .where('account_id', '=', id)
        .execute();
  return {
    passkeys: passkeys.map((p) => p.id),
    secondFactor: Boolean(secret?.totp_secret),
    recoveryCodes: codes.length,
  };
}
