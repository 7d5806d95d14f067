// A customer who lost both their authenticator app and their recovery codes asks the broker
// (docs/console.md « Clients »): a supervisor turns their second factor off from the customer's
// file, which shows whether it is on. The customer is mailed (in French, saying it was the broker
// at their request), the next password sign-in asks no code, the journal names the supervisor;
// an agent is refused (403), a customer who has none gets 409 in French, an unknown customer 404,
// and a refusal changes nothing.
import {
  SECOND_FACTOR_MESSAGES,
  type CustomerFile,
  type ErrorBody,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../support/account-mail';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import { totpCode } from '../../support/staff';
import { stepUp } from '../../support/account-security';

const CAMILLE = 'CLI-00100231';

describe.each(BACKENDS)('the broker turns a customer’s second factor off (%s)', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  it('is shown on the file, turned off by a supervisor only, mailed and journalled', async ({
    t,
    camille,
    agent,
    supervisor,
    mailsTo,
  }) => {
    const base = `/api/v1/authentication/accounts/${camille.accountId}/second-factor`;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: camille.headers, ...(payload ? { payload } : {}) });
    expect((await stepUp(t, camille.accountId, camille.headers)).statusCode).toBe(204);
    const { secret } = (await call('POST', `${base}/enrolment`)).json<SecondFactorEnrolment>();
    expect((await call('PUT', base, { code: totpCode(secret) })).statusCode).toBe(200);
    const email = (await consoleCall(t.app, supervisor, 'GET', `/customers/${CAMILLE}`)).json<
      CustomerFile & { email: string }
    >().email;
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 15_000 });

    const file = await consoleCall(t.app, agent, 'GET', `/customers/${CAMILLE}`);
    expect(file.json<CustomerFile>().secondFactor).toBe(true);

    // An agent may not; nothing changes.
    const refused = await consoleCall(
      t.app,
      agent,
      'DELETE',
      `/customers/${CAMILLE}/second-factor`,
    );
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', base)).json<SecondFactorStatus>().enabled).toBe(true);

    const reset = await consoleCall(
      t.app,
      supervisor,
      'DELETE',
      `/customers/${CAMILLE}/second-factor`,
    );
    expect(reset.statusCode).toBe(204);
    expect((await call('GET', base)).json<SecondFactorStatus>()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const after = await consoleCall(t.app, supervisor, 'GET', `/customers/${CAMILLE}`);
    expect(after.json<CustomerFile>().secondFactor).toBe(false);
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(2), { timeout: 15_000 });
    const mail = mailsTo(email)[1]!;
    expect(mail).toContain('Double authentification désactivée sur votre espace');
    expect(mail).toContain('votre courtier a désactivé la double authentification');
    const journal = (await auditRows(t.app, 'customer.second_factor_reset')).at(-1)!;
    expect(journal).toMatchObject({ staff_id: supervisor.id, target_id: CAMILLE });

    // Again: it is off, said in French; an unknown customer: not found. No more mail.
    const again = await consoleCall(
      t.app,
      supervisor,
      'DELETE',
      `/customers/${CAMILLE}/second-factor`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(SECOND_FACTOR_MESSAGES.notOn);
    const unknown = await consoleCall(
      t.app,
      supervisor,
      'DELETE',
      '/customers/CLI-99999999/second-factor',
    );
    expect(unknown.statusCode).toBe(404);
    expect(await auditRows(t.app, 'customer.second_factor_reset')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(email)).toHaveLength(2);
  });
});
