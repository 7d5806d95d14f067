// What the contract-change API tests share (routes/policy/changes/, routes/address/changes.test.ts,
// the idempotency and duplicate tests): Camille's policies, dates, her calls on the test's app and
// reads of what the requests left in the database.
import { addMonths, todayInParis } from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { Customer } from './api-test';
import { bearer, type TestApp } from './harness';

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

/** The calls of a change test: Camille, signed in on the test's app (api-test.ts), and her requests. */
export function changesContext(test: TestApp, camille: Customer): ChangesContext {
  const { token, accountId } = camille;
  return {
    test,
    token,
    accountId,
    send(method, path, payload, as = token) {
      return test.app.inject({
        method,
        url: `/api/v1/policy/accounts/${path.startsWith('/') ? path.slice(1) : `${accountId}/${path}`}`,
        headers: as ? bearer(as) : {},
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
}

export async function clearRequests(context: ChangesContext) {
  await context.test.database.handle.db.deleteFrom('change_requests').execute();
  // An open request of a previous test would make the same one a duplicate (decision 0045).
  await context.test.database.handle.db
    .deleteFrom('outbox')
    .where('account_id', '=', context.accountId)
    .execute();
}
