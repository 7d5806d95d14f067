// Access tokens live as long as their provider session (docs/decisions/0051-tokens-bound-to-
// their-session.md). Access tokens are JWTs the API checks without asking the provider; each
// carries the uid of the provider session it comes from (`sid`, oidc/provider.ts). Enforces:
// - with the embedded provider, a token is accepted only while that session still exists for
//   its account: sign-out, a password change (every session but the one that made it), a reset
//   and an account deletion delete sessions (sessions.ts), so their tokens die at once, and any
//   session opened after works at once — no clock is compared;
// - a token without `sid` is refused (the embedded provider always writes one);
// - one indexed lookup per request (`oidc_payloads` by uid), nothing cached in process, so every
//   instance agrees at once (docs/decisions/0006-shared-nothing.md);
// - with another provider (OIDC_ISSUER) its tokens are its own business: accepted as verified.
import type { Db } from '../../db/client';

export interface TokenFacts {
  accountId: string;
  /** The provider session id claim, when the token has one. */
  sid: string | undefined;
}

export class TokenValidity {
  constructor(
    private readonly db: Db,
    /** False when OIDC_ISSUER names another provider, whose sessions are not ours. */
    private readonly embeddedProvider = true,
  ) {}

  async accepts({ accountId, sid }: TokenFacts): Promise<boolean> {
    if (!this.embeddedProvider) return true;
    if (!sid) return false;
    const session = await this.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('uid', '=', sid)
      .where('type', '=', 'Session')
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    return session !== undefined;
  }
}
