// Staff passkeys as their second factor (docs/console.md « Mon compte », « Connexion »;
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): the console's API
// lists only the member's own, gives registration options bound to them, refuses an answer no
// authenticator made and another's passkey (404); at sign-in, the code page offers « Utiliser ma
// clé d’accès » only to a member who has one, its options only after the password step, a
// forged answer refused, counted and journaled; a staff member's passkey never signs a customer
// in. The whole ceremony with an authenticator is the browser test's
// (e2e/specs/console-passkeys.spec.ts, Chromium's virtual authenticator).
import { CONSOLE_ROUTES, PASSKEY_MESSAGES, type ErrorBody, type Passkeys } from '@espace/contract';
import { describe, expect } from 'vitest';
import type { Db } from '../../../src/db/client';
import { apiTest as it } from '../../support/api-test';
import { auditRows, consoleCall } from '../../support/console';
import { startLogin } from '../../support/harness';
import { browser, createStaff, locationOf, startStaffSignIn } from '../../support/staff';

const answer = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
});

/** A stored passkey of a staff member (the key is never checked in these tests). */
const storePasskey = (db: Db, id: string, staffId: string) =>
  db
    .insertInto('passkeys')
    .values({
      id,
      account_id: null,
      staff_id: staffId,
      public_key: Buffer.from('not a key'),
      counter: 0,
      transports: JSON.stringify(['internal']),
      name: 'Chrome 131 sur Linux',
    })
    .execute();

describe('staff passkeys', () => {
  it('lists the member’s own, gives options bound to them, refuses another’s', async ({
    t,
    agent,
    supervisor,
  }) => {
    const empty = await consoleCall(t.app, agent, 'GET', CONSOLE_ROUTES.passkeys);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Passkeys>().passkeys).toEqual([]);
    const proof = { proof: agent.password };
    expect((await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.stepUp, proof)).statusCode).toBe(
      204,
    );
    const options = await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.passkeyOptions);
    expect(options.statusCode).toBe(200);
    const body = options.json<{ user: { name: string }; rp: { id: string } }>();
    expect(body.user.name).toBe(agent.email);
    expect(body.rp.id).toBe(new URL(t.config.publicUrl).hostname);
    const forged = await consoleCall(t.app, agent, 'POST', CONSOLE_ROUTES.passkeys, {
      ...answer('AAAA'),
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.refused);
    await storePasskey(t.app.db, 'c3VwZXJ2aXNvcg', supervisor.id);
    expect(
      (await consoleCall(t.app, agent, 'GET', CONSOLE_ROUTES.passkeys)).json<Passkeys>().passkeys,
    ).toEqual([]);
    const crossed = await consoleCall(t.app, agent, 'DELETE', '/me/passkeys/c3VwZXJ2aXNvcg');
    expect(crossed.statusCode).toBe(404);
    const own = await consoleCall(t.app, supervisor, 'GET', CONSOLE_ROUTES.passkeys);
    expect(own.json<Passkeys>().passkeys.map((p) => p.name)).toEqual(['Chrome 131 sur Linux']);
    const removed = await consoleCall(t.app, supervisor, 'DELETE', '/me/passkeys/c3VwZXJ2aXNvcg');
    expect(removed.statusCode).toBe(204);
    expect((await auditRows(t.app, 'staff.passkey_removed')).map((r) => r.staff_id)).toEqual([
      supervisor.id,
    ]);
  });

  it('offers the passkey on the code page to a member who has one, and refuses a forged answer', async ({
    t,
  }) => {
    const staff = await createStaff(t.app.db, { role: 'agent' });
    const signInTo = async () => {
      const b = browser(t.app);
      const { interaction } = await startStaffSignIn(b);
      const password = await b.post(`${interaction}/staff`, {
        email: staff.email,
        password: staff.password,
      });
      expect(locationOf(password)).toBe(`${interaction}/staff/code`);
      return { b, interaction };
    };
    // Without a passkey: a code only, and no options.
    const before = await signInTo();
    const plain = await before.b.get(`${before.interaction}/staff/code`);
    expect(plain.body).not.toContain('Utiliser ma clé d’accès');
    const none = await before.b.get(`${before.interaction}/staff/passkey/options`);
    expect(none.statusCode).toBe(400);

    // Options only after the password step.
    const outsider = browser(t.app);
    const { interaction: fresh } = await startStaffSignIn(outsider);
    const early = await outsider.get(`${fresh}/staff/passkey/options`);
    expect(early.statusCode).toBe(303);

    await storePasskey(t.app.db, 'YWdlbnQta2V5', staff.id);
    const { b, interaction } = await signInTo();
    const page = await b.get(`${interaction}/staff/code`);
    expect(page.body).toContain('Utiliser ma clé d’accès');
    expect(page.body).toContain(`data-passkey="${interaction}/staff"`);
    const options = await b.get(`${interaction}/staff/passkey/options`);
    expect(options.statusCode).toBe(200);
    const allowed = options.json<{ allowCredentials: { id: string }[] }>().allowCredentials;
    expect(allowed.map((c) => c.id)).toEqual(['YWdlbnQta2V5']);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${interaction}/staff/passkey`,
      headers: { cookie: b.jar.header(), 'content-type': 'application/json' },
      payload: answer('YWdlbnQta2V5'),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.refused);
    const journaled = await auditRows(t.app, 'staff.code_refused');
    expect(journaled.at(-1)).toMatchObject({ staff_id: staff.id });
    expect(JSON.stringify(journaled.at(-1)!.details)).toContain('passkey');

    // A staff member's passkey never signs a customer in.
    const customer = await startLogin(t.app, t.config);
    await t.app.inject({
      method: 'GET',
      url: `${customer.interaction}/passkey/options`,
      headers: { cookie: customer.jar.header() },
    });
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `${customer.interaction}/passkey`,
      headers: { cookie: customer.jar.header(), 'content-type': 'application/json' },
      payload: answer('YWdlbnQta2V5'),
    });
    expect(asCustomer.statusCode).toBe(401);
  });
});
