// The step-up (docs/decisions/0138-step-up-before-every-new-way-in.md, 0140): a session alone — a
// stolen cookie or token — adds no passkey, turns no second factor on, gets no new recovery codes
// and asks for no copy of the data: each is refused 403 `step_up_required` in French until the
// session gives a fresh proof (the password, a code of the second factor), which holds 5
// minutes; a wrong proof is a field error, counted under the session; turning the second factor
// off carries its own proof in its body; the console's staff are held to the same.
import {
  CONSOLE_ROUTES,
  ERROR_CODES,
  STEP_UP_MESSAGES,
  type ErrorBody,
  type SecondFactorEnrolment,
} from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { stepUp } from '../../../support/account-security';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { consoleCall } from '../../../support/console';
import { totpCode } from '../../../support/staff';

const refusedForStepUp = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(403);
  const { error } = response.json<ErrorBody>();
  expect(error.code).toBe(ERROR_CODES.stepUpRequired);
  expect(error.message).toBe(STEP_UP_MESSAGES.required);
};

describe.each(BACKENDS)('the step-up on %s', (backend) => {
  const it = apiTest.override({ backend });
  const security = (accountId: string, path: string) =>
    `/api/v1/authentication/accounts/${accountId}/${path}`;

  it('refuses a new passkey, a second factor and « Mes données » to a session alone', async ({
    t,
    jean,
  }) => {
    const call = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: jean.headers, ...(payload ? { payload } : {}) });
    refusedForStepUp(await call(security(jean.accountId, 'passkeys/options')));
    refusedForStepUp(
      await call(security(jean.accountId, 'passkeys'), {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      }),
    );
    refusedForStepUp(await call(security(jean.accountId, 'second-factor/enrolment')));
    refusedForStepUp(await call(security(jean.accountId, 'second-factor/recovery-codes')));
    refusedForStepUp(
      await call(`/api/v1/account/accounts/${jean.accountId}/data-exports`, { brand: 'lumen' }),
    );
    const secondFactor = await t.app.db
      .selectFrom('customer_second_factors')
      .select('id')
      .where('id', '=', jean.accountId)
      .executeTakeFirst();
    expect(secondFactor).toBeUndefined();
    const exports = await t.app.db
      .selectFrom('data_exports')
      .select('id')
      .where('account_id', '=', jean.accountId)
      .execute();
    expect(exports).toEqual([]);
  });

  it('takes the password as a proof for 5 minutes, and refuses a wrong one as a field', async ({
    t,
    camille,
  }) => {
    const wrong = await stepUp(t, camille.accountId, camille.headers, 'pas-le-bon');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().error.fields).toEqual({ proof: STEP_UP_MESSAGES.wrongProof });
    const options = () =>
      t.app.inject({
        method: 'POST',
        url: security(camille.accountId, 'passkeys/options'),
        headers: camille.headers,
      });
    refusedForStepUp(await options());
    expect((await stepUp(t, camille.accountId, camille.headers)).statusCode).toBe(204);
    expect((await options()).statusCode).toBe(200);
    // Six minutes later the proof no longer holds.
    await t.app.db
      .updateTable('step_ups')
      .set({ stepped_up_at: new Date(Date.now() - 6 * 60_000) })
      .execute();
    refusedForStepUp(await options());
  });

  it('takes a code of the second factor as a proof, each code once', async ({ t, lea }) => {
    expect((await stepUp(t, lea.accountId, lea.headers)).statusCode).toBe(204);
    const base = security(lea.accountId, 'second-factor');
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: lea.headers, ...(payload ? { payload } : {}) });
    const { secret } = (await call('POST', `${base}/enrolment`)).json<SecondFactorEnrolment>();
    expect((await call('PUT', base, { code: totpCode(secret) })).statusCode).toBe(200);
    await t.app.db.deleteFrom('step_ups').execute();
    const code = totpCode(secret, Date.now() + 30_000);
    expect((await stepUp(t, lea.accountId, lea.headers, code)).statusCode).toBe(204);
    await t.app.db.deleteFrom('step_ups').execute();
    expect((await stepUp(t, lea.accountId, lea.headers, code)).statusCode).toBe(400);
  });

  it('gives new recovery codes after a proof only, and the old ones then prove nothing', async ({
    t,
    camille,
  }) => {
    const base = security(camille.accountId, 'second-factor');
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: camille.headers, ...(payload ? { payload } : {}) });
    expect((await stepUp(t, camille.accountId, camille.headers)).statusCode).toBe(204);
    const { secret } = (await call('POST', `${base}/enrolment`)).json<SecondFactorEnrolment>();
    const on = await call('PUT', base, { code: totpCode(secret) });
    const [oldCode] = on.json<{ recoveryCodes: string[] }>().recoveryCodes;
    await t.app.db.deleteFrom('step_ups').execute();
    refusedForStepUp(await call('POST', `${base}/recovery-codes`));
    expect((await stepUp(t, camille.accountId, camille.headers)).statusCode).toBe(204);
    const renewed = await call('POST', `${base}/recovery-codes`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect(renewed.json<{ recoveryCodes: string[] }>().recoveryCodes).not.toContain(oldCode);
    expect((await stepUp(t, camille.accountId, camille.headers, oldCode)).statusCode).toBe(400);
    // Turning it off takes its own proof in its body: none, a 400, and it stays on.
    const bare = await call('DELETE', base, {});
    expect(bare.statusCode).toBe(400);
    const wrong = await call('DELETE', base, { proof: 'pas-le-bon' });
    expect(wrong.statusCode).toBe(400);
    const still = await t.app.db
      .selectFrom('customer_second_factors')
      .select('totp_secret')
      .where('id', '=', camille.accountId)
      .executeTakeFirst();
    expect(still?.totp_secret).toBeTruthy();
  });

  it('counts wrong proofs under the session: the sixth is refused before it is checked', async ({
    t,
    jean,
  }) => {
    for (let i = 0; i < 5; i += 1)
      expect((await stepUp(t, jean.accountId, jean.headers, `faux-${i}`)).statusCode).toBe(400);
    expect((await stepUp(t, jean.accountId, jean.headers)).statusCode).toBe(429);
  });
});

describe('the console’s step-up', () => {
  const it = apiTest;

  it('refuses a staff member’s new passkey and new codes until their password is given again', async ({
    t,
    agent,
  }) => {
    refusedForStepUp(await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.passkeyOptions));
    refusedForStepUp(await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.recoveryCodes));
    const wrong = await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.stepUp, { proof: 'non' });
    expect(wrong.statusCode).toBe(400);
    const right = await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.stepUp, {
      proof: agent.password,
    });
    expect(right.statusCode).toBe(204);
    expect(
      (await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.passkeyOptions)).statusCode,
    ).toBe(200);
    // Past the proof, only the lack of a second factor stops new codes (this member has none).
    const codes = await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.recoveryCodes);
    expect(codes.statusCode).toBe(409);
  });
});
