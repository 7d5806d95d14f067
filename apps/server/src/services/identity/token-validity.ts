// Access tokens live as long as their provider session (docs/decisions/0051-tokens-bound-to-
// their-session.md). Access tokens are JWTs the API checks without asking the provider; each
// carries the uid of the provider session it comes from (`sid`, oidc/provider/provider.ts). Enforces:
// - with the embedded provider, a token is accepted only while that session still exists for
//   its account: sign-out, a password change (every session but the one that made it), a reset
//   and an account deletion delete sessions (sessions.ts), so their tokens die at once, and any
//   session opened after works at once — no clock is compared;
// - a token without `sid` is refused (the embedded provider always writes one);
// - one indexed lookup per request (`oidc_payloads` by uid), nothing cached in process on
//   PostgreSQL, so every instance agrees at once (docs/decisions/0006-shared-nothing.md), the
//   lookups of one turn of the event loop sent as one statement (db/prepared.ts); the
//   reads every screen starts with make that lookup inside their own statement (`sessionAlive`,
//   docs/decisions/0068-api-reads-one-statement.md), the other requests through `accepts`; on
//   PGlite, whose one process is its sole writer, the lookup is memoised while that process has
//   sent no write since, 1 s at most (db/sole-writer.ts): a sign-out is itself a write;
// - with another provider (OIDC_ISSUER) its tokens are its own business: accepted as verified.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';

export interface TokenFacts {
  accountId: string;
  /** The provider session id claim, when the token has one. */
  sid: string | undefined;
}

/** What a statement needs to tell whether a token's session is still open. */
export interface SessionToCheck extends TokenFacts {
  /** False when OIDC_ISSUER names another provider, whose sessions are not ours. */
  embedded: boolean;
}

/**
 * True while the token's session is open, as a SQL expression for a read to put in its own
 * statement. Its three parameters keep one text for every case (external provider, no `sid`).
 */
export const sessionAlive = (accountId: unknown, sid: unknown, embedded: unknown) => sql<boolean>`
  (not ${embedded}::boolean or exists (
    select 1 from oidc_payloads
    where uid = ${sid}::text and type = 'Session' and account_id = ${accountId}::text
      and (expires_at is null or expires_at > now())))`;

/** The arguments of `sessionAlive` for a token. */
export const sessionArgs = ({ accountId, sid, embedded }: SessionToCheck) =>
  [accountId, sid ?? null, embedded] as const;

const aliveStatement = prepared(
  (accountId: unknown, sid: unknown, embedded: unknown) =>
    sql<{ alive: boolean }>`select ${sessionAlive(accountId, sid, embedded)} as alive`,
  // On PGlite, the sole writer knows when it may have changed (db/sole-writer.ts); on
  // PostgreSQL, the calls of one turn of the event loop share a statement (db/prepared.ts).
  { memo: true, batch: true },
);

export class TokenValidity {
  constructor(
    private readonly db: Db,
    /** False when OIDC_ISSUER names another provider, whose sessions are not ours. */
    readonly embeddedProvider = true,
  ) {}

  async accepts(token: TokenFacts): Promise<boolean> {
    if (!this.embeddedProvider) return true;
    if (!token.sid) return false;
    const { rows } = await aliveStatement(this.db, ...sessionArgs({ ...token, embedded: true }));
    return rows[0]!.alive;
  }
}
