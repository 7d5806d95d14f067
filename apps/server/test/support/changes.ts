// Shared set-up of the contract-change API tests (routes/policy/changes/, routes/address/changes.test.ts and the like): the real app on a
// throw-away database, camille signed in through the real OIDC flow, and reads of what the
// requests left in the database.
import { addMonths, todayInParis } from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, DEMO, signIn, subjectOf, type TestApp } from './harness';
import type { BackendName } from './backends';

/** Camille's policies (seed/demo-customers.ts). */
export const POLICIES = {
  /** Active; Camille (principal) and Thomas; payment details. */
  active: 'AU2026104512',
  /** Active; Camille (principal) and Inès, born 2006-03-21; payment details. */
  withInes: 'AU2025087731',
  /** Active, no payment details. */
  noPayment: 'AU2024061108',
  terminated: 'AU2019004215',
  /** Jean's, terminated: outside Camille's account. */
  otherAccount: 'AU2020007342',
} as const;

export const today = () => todayInParis();
export const daysFrom = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
export const yearsAgo = (years: number) => addMonths(today(), -12 * years);

export interface ChangesContext {
  test: TestApp;
  token: string;
  accountId: string;
  send(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  requests(): Promise<{ type: string; policy_number: string; payload: unknown; status: string }[]>;
}

export async function openChangesContext(backend: BackendName): Promise<ChangesContext> {
  const test = await createTestApp(backend);
  const tokens = await signIn(test.app, test.config, DEMO.camille);
  const accountId = subjectOf(tokens.access_token);
  const context: ChangesContext = {
    test,
    token: tokens.access_token,
    accountId,
    send(method, path, payload, token = tokens.access_token) {
      return test.app.inject({
        method,
        url: `/api/v1/policy/accounts/${path.startsWith('/') ? path.slice(1) : `${accountId}/${path}`}`,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async requests() {
      return test.database.handle.db
        .selectFrom('change_requests')
        .select(['type', 'policy_number', 'payload', 'status'])
        .where('account_id', '=', accountId) // the demo seed gives Jean past requests
        .orderBy('created_at')
        .execute();
    },
  };
  return context;
}

export async function clearRequests(context: ChangesContext) {
  await context.test.database.handle.db.deleteFrom('change_requests').execute();
  // An open request of a previous test would make the same one a duplicate (decision 0045).
  await context.test.database.handle.db
    .deleteFrom('outbox')
    .where('account_id', '=', context.accountId)
    .execute();
}
