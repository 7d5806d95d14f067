// The per-account "not before" of access tokens (ISSUE 10). Access tokens are JWTs the API
// checks without asking the provider, so a token issued before a password change or an account
// deletion would otherwise stay usable until it expires. Enforces:
// - a token whose `iat` is before `accounts.tokens_valid_after` is refused, unless it carries
//   the provider session id (`sid`) kept by a password change (`tokens_kept_sid`): the session
//   that changed the password goes on working, every other one stops at once;
// - an account whose online access was deleted refuses every token;
// - the answer is cached in process for CACHE_MS, so the hot path costs no query; an instance
//   that changes the value forgets its entry at once, others within CACHE_MS. Nothing else is
//   kept in memory: an instance that starts or is killed loses nothing (decision 11).
// Precision: `iat` has whole seconds and the not-before has milliseconds; a token from the
// same second as the change is refused (never wrongly accepted).
import type { Db } from '../../db/client';

export const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  notBefore: number | null;
  keptSid: string | null;
  deleted: boolean;
  readAt: number;
}

export interface TokenFacts {
  accountId: string;
  /** Issued-at, in seconds (JWT `iat`). */
  issuedAt: number | undefined;
  /** The provider session id claim, when the token has one. */
  sid: string | undefined;
}

export class TokenValidity {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async accepts({ accountId, issuedAt, sid }: TokenFacts): Promise<boolean> {
    const entry = await this.entry(accountId);
    if (!entry) return true;
    if (entry.deleted) return false;
    if (entry.notBefore === null) return true;
    if (entry.keptSid !== null && sid === entry.keptSid) return true;
    return issuedAt !== undefined && issuedAt * 1000 >= entry.notBefore;
  }

  /** Called by whoever changes an account's not-before, so this instance sees it at once. */
  forget(accountId: string): void {
    this.entries.delete(accountId);
  }

  private async entry(accountId: string): Promise<Entry | undefined> {
    const cached = this.entries.get(accountId);
    if (cached && this.now() - cached.readAt < CACHE_MS) return cached;
    const row = await this.db
      .selectFrom('accounts')
      .select(['tokens_valid_after', 'tokens_kept_sid', 'portal_deleted_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    const entry: Entry = {
      notBefore: row.tokens_valid_after?.getTime() ?? null,
      keptSid: row.tokens_kept_sid,
      deleted: row.portal_deleted_at !== null,
      readAt: this.now(),
    };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(accountId, entry);
    return entry;
  }
}
