// Tokens, logout and the forgotten password under attack (docs/decisions/0050-logout-asks-
// unless-hinted.md, 0051-tokens-bound-to-their-session.md, 0052-forgotten-password-per-
// account.md): sign-out kills the access token at once; /oidc/session/end asks before signing
// out unless our client's id_token_hint comes with it; no DPoP-bound token is issued or taken;
// no userinfo endpoint is offered; forgotten-password mails are capped per account and address
// and in all per account, the newest link works, and known and unknown emails are answered in
// the same time.
import { createHash } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import { apiTest, SMTP } from '../../support/api-test';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { getAccount } from '../../support/account-security';
import { BACKENDS } from '../../support/backends';
import { claimsOf, DEMO, signInSession, subjectOf } from '../../support/harness';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';
import { signWithProviderKey } from '../../support/tokens';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(BACKENDS)('tokens and logout on %s', (backend) => {
  const it = apiTest
    .extend(
      'endSession',
      ({ t }) =>
        (cookie: string, query: Record<string, string> = {}) =>
          t.app.inject({
            url: `/oidc/session/end?${new URLSearchParams(query)}`,
            headers: { cookie },
          }),
    )
    .override({ backend });

  it('kills the access token at the sign-out, not 5 minutes later', async ({ t, endSession }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.lea);
    const accountId = subjectOf(tokens.access_token);
    const policies = () =>
      t.app.inject({
        url: `/api/v1/policy/accounts/${accountId}`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
    expect((await getAccount(t, accountId, tokens.access_token)).statusCode).toBe(200);
    // Read twice: the second answer is the kept body (services/policies/policies.ts).
    expect((await policies()).statusCode).toBe(200);
    expect((await policies()).statusCode).toBe(200);
    const page = await endSession(jar.header(), { id_token_hint: tokens.id_token });
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: jar.header(), ...form },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect((await getAccount(t, accountId, tokens.access_token)).statusCode).toBe(401);
    const refused = await policies();
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).not.toContain('policyNumber');
  });

  it('asks before signing out when the request does not carry our id_token_hint', async ({
    t,
    endSession,
  }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.camille);
    const accountId = subjectOf(tokens.access_token);
    const page = await endSession(jar.header());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Voulez-vous vous déconnecter de votre Espace Assuré\u00a0?');
    expect(page.body).toMatch(/<button type="submit">Se déconnecter<\/button>/);
    expect(page.body).not.toContain('data-auto-submit');
    expect(page.body).not.toContain('auto-submit.js');
    // Another account's ID token is no hint for this session either.
    const other = await signInSession(t.app, t.config, DEMO.jean);
    const foreign = await endSession(jar.header(), { id_token_hint: other.tokens.id_token });
    expect(foreign.body).not.toContain('data-auto-submit');
    // Nothing was ended by asking.
    expect((await getAccount(t, accountId, tokens.access_token)).statusCode).toBe(200);
    // The SPA's own hint still signs out in one click.
    const hinted = await endSession(jar.header(), { id_token_hint: tokens.id_token });
    expect(hinted.body).toContain('<form data-auto-submit ');
  });

  it('refuses a token bound to a key (cnf), and the provider offers no DPoP', async ({ t }) => {
    const { tokens } = await signInSession(t.app, t.config, DEMO.jean);
    const accountId = subjectOf(tokens.access_token);
    const claims = {
      sub: accountId,
      iss: t.config.oidc.issuer,
      aud: t.config.oidc.audience,
      sid: claimsOf(tokens.access_token).sid,
    };
    const plain = await signWithProviderKey(t.database.handle.db, claims);
    expect((await getAccount(t, accountId, plain)).statusCode).toBe(200);
    const bound = await signWithProviderKey(t.database.handle.db, {
      ...claims,
      cnf: { jkt: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs' },
    });
    expect((await getAccount(t, accountId, bound)).statusCode).toBe(401);
    const discovery = await t.app.inject('/oidc/.well-known/openid-configuration');
    const metadata = discovery.json<Record<string, unknown>>();
    expect(metadata).not.toHaveProperty('dpop_signing_alg_values_supported');
    expect(metadata).not.toHaveProperty('userinfo_endpoint');
    expect(metadata).toHaveProperty('end_session_endpoint');
  });
});

describe('forgotten password per account', () => {
  let address = 0;
  const it = apiTest
    // Each request from its own address unless told: the per-address limits are not what is
    // tested here.
    .extend(
      'forgot',
      ({ t }) =>
        (email: string, from = `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) =>
          t.app.inject({
            method: 'POST',
            url: '/interaction/password/forgot',
            remoteAddress: from,
            headers: form,
            payload: new URLSearchParams({ email }).toString(),
          }),
    )
    .extend(
      'mailsTo',
      ({ mail }) =>
        (email: string) =>
          mail.received.filter((m) => m.to.includes(email)),
    )
    .extend(
      'resetPage',
      ({ t }) =>
        (token: string) =>
          t.app.inject(`/interaction/password/reset?token=${encodeURIComponent(token)}`),
    )
    .override({ smtp: SMTP });
  const tokenOf = (data: string) =>
    /reset\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(data))![1]!;

  it('sends at most 3 mails per account and address, 10 in all to strangers, the newest link works, and requests never lock', async ({
    t,
    forgot,
    mailsTo,
    resetPage,
  }) => {
    const { resetMails, resetMailsAccount } = RATE_LIMITS;
    // One address asks again and again: its own 3 mails.
    for (let i = 0; i < resetMails.max + 2; i++)
      expect((await forgot(DEMO.jean, '10.8.0.1')).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(DEMO.jean)).toHaveLength(resetMails.max), {
      timeout: 5_000,
    });
    // Many addresses: mailed up to the account's ceiling, then answered the same, unsent.
    for (let i = 0; i < resetMailsAccount.max; i++)
      expect((await forgot(DEMO.jean)).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(DEMO.jean)).toHaveLength(resetMailsAccount.max), {
      timeout: 5_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(DEMO.jean)).toHaveLength(resetMailsAccount.max);
    const tokens = mailsTo(DEMO.jean).map((m) => tokenOf(m.data));
    const stored = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .execute();
    const newest = tokens.find(
      (token) => stored[0]!.token_hash === createHash('sha256').update(token).digest('hex'),
    );
    expect(stored).toHaveLength(1);
    expect(newest).toBeTruthy();
    expect((await resetPage(newest!)).statusCode).toBe(200);
    for (const older of tokens.filter((token) => token !== newest))
      expect((await resetPage(older)).statusCode).toBe(400);
  });

  it('answers in the same time for a known and an unknown email', async ({ t, forgot }) => {
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 50; i++) {
      // The mail cap is not what is measured: every known request does the whole work.
      await t.database.handle.db.deleteFrom('login_throttle').execute();
      let start = performance.now();
      expect((await forgot(DEMO.camille)).statusCode).toBe(200);
      known.push(performance.now() - start);
      start = performance.now();
      expect((await forgot(`personne-${i}@example.fr`)).statusCode).toBe(200);
      unknown.push(performance.now() - start);
    }
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
