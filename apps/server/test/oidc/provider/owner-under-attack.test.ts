// The owner keeps a way in while their account is under attack (docs/decisions/0014-sign-in-
// throttle.md, 0051-tokens-bound-to-their-session.md): 20 addresses guess in parallel on two
// instances sharing one database; at most 5 passwords are evaluated; then the owner signs in
// from their usual browser, is offered the reset link from a new one, changes the password
// while signed in, and after a reset signs in at once from a new browser with a token that works
// in the same second.
import { MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client';
import { DEVICE_COOKIE } from '../../../src/oidc/provider/device-cookie';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { changePassword, getAccount, NEW_PASSWORD } from '../../support/account-security';
import { BACKENDS } from '../../support/backends';
import { attemptSignIn, resetByMail } from '../../support/owner-attack';
import { DEMO, signIn, signInSession, subjectOf, type TestApp } from '../../support/harness';
import { testConfig } from '../../support/test-config';
import {
  copyTemplateDocuments,
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';

describe.each(BACKENDS)('the owner under attack, two instances on %s', (backend) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let config: ReturnType<typeof testConfig>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    second = database.url ? await openDatabase({ databaseUrl: database.url }) : database.handle;
    config = testConfig({ documentsDir: await copyTemplateDocuments(backend) });
    for (const handle of [database.handle, second]) {
      const app = await buildApp(config, { database: handle, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== database.handle) await second.close();
    await database.drop();
  });

  const attempt = (
    app: FastifyInstance,
    password: string,
    from?: { address?: string; device?: string },
  ) => attemptSignIn(app, config, password, from);

  it('evaluates at most 5 passwords, and every way in stays open to the owner', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    // Before the attack: the owner's usual browser (its device cookie) and a signed-in session.
    const usual = await attempt(a, DEMO.password);
    expect(usual.statusCode).toBe(303);
    const device = usual.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const session = await signIn(b, config, DEMO.lea);
    const accountId = subjectOf(session.access_token);

    // 20 addresses, 3 guesses each, all at once, half on each instance.
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(i % 2 ? b : a, `Faux-${i}-2026!`, { address: `203.0.113.${i % 20}` }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    // The owner's two right passwords were taken back: the window holds 5 wrong ones.
    const evaluated = RATE_LIMITS.signInAccount.max;
    expect(statuses.filter((s) => s === 401)).toHaveLength(evaluated);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - evaluated);

    // The usual browser signs in, on either instance.
    expect((await attempt(a, DEMO.password, { device })).statusCode).toBe(303);
    expect((await attempt(b, DEMO.password, { device })).statusCode).toBe(303);

    // A new browser is refused, and offered the reset link by e-mail.
    const refused = await attempt(b, DEMO.password);
    expect(refused.statusCode).toBe(429);
    const alert = /<p class="auth-error" role="alert" id="login-error">(.*?)<\/p>/s.exec(
      refused.body,
    )?.[1];
    expect(alert).toContain('recevez un lien par e-mail');
    expect(alert).toMatch(
      new RegExp(
        `<a href="/interaction/password/forgot\\?retour=[^"]+">${MESSAGES.login.accountLockedLink}</a>`,
      ),
    );

    // Signed in, the owner changes the password: others' guesses do not block it.
    const changed = await changePassword(t(a), accountId, session.access_token, {
      oldPassword: DEMO.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);

    // A reset by e-mail, completed in a new browser on the other instance.
    const finalPassword = 'Encore-Un-2026x';
    const { token, reset } = await resetByMail(database.handle.db, b, finalPassword);
    expect(token).not.toBe('');
    expect(reset.statusCode).toBe(200);
    const resetDevice = reset.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(resetDevice).toMatchObject({ httpOnly: true, path: '/interaction' });

    // That browser, and any new one, sign in at once; the token works in the same second.
    const resetAt = Date.now();
    expect((await attempt(a, finalPassword, { device: resetDevice!.value })).statusCode).toBe(303);
    const after = await signInSession(a, config, DEMO.lea, finalPassword);
    expect(Date.now() - resetAt).toBeLessThan(5_000);
    expect((await getAccount(t(b), accountId, after.tokens.access_token)).statusCode).toBe(200);
    // The session that changed the password before the reset is gone with the reset.
    expect((await getAccount(t(b), accountId, session.access_token)).statusCode).toBe(401);
  });

  /** The support helpers take a TestApp; only its app is used. */
  const t = (app: FastifyInstance) => ({ app }) as unknown as TestApp;
});
