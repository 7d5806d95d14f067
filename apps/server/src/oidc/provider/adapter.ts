// oidc-provider storage adapter backed by the `oidc_payloads` table.
//
// Contract (see oidc-provider's adapter docs): one instance per model name (Session, Grant,
// AccessToken, RefreshToken, AuthorizationCode, Interaction, …); `upsert` stores a payload with
// its lifetime in seconds; `find`, `findByUid` and `findByUserCode` return undefined once expired;
// `consume` marks a payload used (the provider then rejects its reuse); `revokeByGrantId` deletes
// every payload of a grant (logout, refresh-token reuse). Nothing lives in process memory, so any
// number of instances can share the database. Each row also names its account (`account_id`), so
// that a password change or an account deletion ends all of an account's sessions at once
// (services/identity/sessions.ts).
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';

/** The account of a payload: its own, or that of the session an interaction belongs to. */
function accountOf(payload: AdapterPayload): string | null {
  const { session, result } = payload as {
    session?: { accountId?: string };
    result?: { login?: { accountId?: string } };
  };
  return payload.accountId ?? session?.accountId ?? result?.login?.accountId ?? null;
}

const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function createAdapterFactory(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        type: this.type,
        payload: JSON.stringify(payload),
        grant_id: GRANTABLE.has(this.type) ? (payload.grantId ?? null) : null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        account_id: accountOf(payload),
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['id', 'type']).doUpdateSet({ ...row, consumed_at: undefined }),
        )
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('type', '=', this.type)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return undefined;
      const payload = row.payload as unknown as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }
    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('type', '=', this.type)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('oidc_payloads')
        .where('id', '=', id)
        .where('type', '=', this.type)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Removes expired payloads; called at start and then periodically. */
export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', new Date()).execute();
}
