// The forgotten-password flow of the embedded provider (docs/decisions/0001-embedded-identity-provider.md):
// the same answer for any email, a single-use link valid 30 minutes mailed by SMTP (a local
// stand-in here) or written to the log in demo mode, only its hash stored, the new password
// under the contract's rule, every session ended, requests limited per email and per address.
import { createHash } from 'node:crypto';
import {
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_TEXTS as T,
  PASSWORD_RULE_MESSAGES as R,
  ACCOUNT_SECURITY_MESSAGES as M,
} from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { requestPasswordReset } from '../../../src/services/identity/password-reset';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { redactUrl } from '../../../src/platform/redaction/redaction';
import { getAccount, NEW_PASSWORD, refresh } from '../../support/account-security';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  DEMO,
  signIn,
  startLogin,
  submitLogin,
  subjectOf,
  type TestApp,
} from '../../support/harness';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const FORGOT = '/interaction/password/forgot';
const RESET = '/interaction/password/reset';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

function post(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: form,
    payload: new URLSearchParams(fields).toString(),
  });
}

describe.each(BACKENDS)('forgotten password with SMTP on %s', (backend) => {
  const it = apiTest
    /** The link of the latest mail to `email`, once the background send has delivered it. */
    .extend('linkMailedTo', ({ mail }) => async (email: string, count: number): Promise<string> => {
      await vi.waitFor(
        () => expect(mail.received.filter((m) => m.to.includes(email))).toHaveLength(count),
        { timeout: 5_000 },
      );
      const text = decodeQuotedPrintable(
        mail.received.filter((m) => m.to.includes(email)).at(-1)!.data,
      );
      const link =
        /http:\/\/localhost:3000\/interaction\/password\/reset\?token=[A-Za-z0-9_-]+/.exec(
          text,
        )?.[0];
      expect(link).toBeTruthy();
      return link!.replace('http://localhost:3000', '');
    })
    .override({ backend, smtp: SMTP });

  it('is offered on the sign-in page and asks for the email', async ({ t }) => {
    const { form: login, interaction } = await startLogin(t.app, t.config);
    const href = `${FORGOT}?retour=${encodeURIComponent(interaction)}`;
    expect(login.body).toContain(`<a href="${href.replace(/&/g, '&amp;')}">${T.forgotLink}</a>`);
    const page = await t.app.inject(href);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<label for="email">Adresse e-mail<\/label>\s*<input id="email"/);
    expect(page.body).toContain(`<a href="${interaction}">${T.backToLogin}</a>`);
  });

  it('answers the same for an unknown email, and mails a link to a customer', async ({
    t,
    mail,
    linkMailedTo,
  }) => {
    const unknown = await post(t, FORGOT, { email: 'personne@example.fr' });
    const known = await post(t, FORGOT, { email: ` ${DEMO.lea.toUpperCase()} ` });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.body).toContain(T.sent);
    await linkMailedTo(DEMO.lea, 1);
    expect(mail.received.some((m) => m.to.includes('personne@example.fr'))).toBe(false);
  });

  it('stores only a hash of the link, valid 30 minutes', async ({ t, linkMailedTo }) => {
    const link = await linkMailedTo(DEMO.lea, 1);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const rows = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()) / 60_000;
    expect(minutes).toBe(PASSWORD_RESET_LINK_MINUTES);
  });

  it('sets a new password under the rule, ends every session, and works only once', async ({
    t,
    linkMailedTo,
  }) => {
    const before = await signIn(t.app, t.config, DEMO.lea);
    const accountId = subjectOf(before.access_token);
    const link = await linkMailedTo(DEMO.lea, 1);
    const token = new URL(link, 'http://x').searchParams.get('token')!;

    const page = await t.app.inject(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="password-rule"');

    const mismatch = await post(t, RESET, {
      token,
      newPassword: NEW_PASSWORD,
      confirmation: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body.match(new RegExp(M.mismatch, 'g'))).toHaveLength(2);
    const weak = await post(t, RESET, {
      token,
      newPassword: 'motdepasse',
      confirmation: 'motdepasse',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(R.tooWeak);

    const done = await post(t, RESET, {
      token,
      newPassword: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(T.doneTitle);

    expect((await getAccount(t, accountId, before.access_token)).statusCode).toBe(401);
    expect((await refresh(t, before.refresh_token!)).statusCode).toBe(400);

    const again = await post(t, RESET, {
      token,
      newPassword: 'Encore-Un-2026x',
      confirmation: 'Encore-Un-2026x',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(T.invalidLinkTitle);
    expect((await t.app.inject(link)).statusCode).toBe(400);

    const { jar, interaction } = await startLogin(t.app, t.config);
    expect((await submitLogin(t.app, interaction, jar, DEMO.lea, DEMO.password)).statusCode).toBe(
      401,
    );
    const after = await signIn(t.app, t.config, DEMO.lea, NEW_PASSWORD);
    expect((await getAccount(t, accountId, after.access_token)).statusCode).toBe(200);
  });

  it('refuses an expired link', async ({ t, linkMailedTo }) => {
    expect((await post(t, FORGOT, { email: DEMO.jean })).statusCode).toBe(200);
    const link = await linkMailedTo(DEMO.jean, 1);
    await t.database.handle.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const page = await t.app.inject(link);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(T.invalidLink.replace(/'/g, '&#39;'));
  });
});

describe('forgotten-password requests are limited', () => {
  const it = apiTest;

  it('never per email: past the mail cap the answer is the same', async ({ t }) => {
    for (let i = 0; i <= RATE_LIMITS.resetMails.max; i++)
      expect((await post(t, FORGOT, { email: 'inconnu@example.fr' })).statusCode).toBe(200);
  });

  it('per address, across emails', async ({ t }) => {
    const used = RATE_LIMITS.resetMails.max + 1; // the requests of the test above
    for (let i = used; i < RATE_LIMITS.resetAddress.max; i++)
      expect((await post(t, FORGOT, { email: `client${i}@example.fr` })).statusCode).toBe(200);
    expect((await post(t, FORGOT, { email: 'encore@example.fr' })).statusCode).toBe(429);
  });
});

describe('forgotten password in demo mode without SMTP', () => {
  const it = apiTest;

  it('writes the link to the server log, and the request log hides tokens', async ({ t }) => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await requestPasswordReset(
      {
        db: t.database.handle.db,
        outbox: { mail: false, wake: () => undefined },
        log,
        demoMode: true,
        linkFor: (token) => `http://localhost:3000${RESET}?token=${token}`,
      },
      DEMO.camille,
      { address: '192.0.2.1' },
    );
    // The mail (here the log line) leaves after the answer.
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.info).toHaveBeenCalledWith(
      { passwordResetLink: expect.stringMatching(/\/interaction\/password\/reset\?token=\S{43}$/) },
      expect.any(String),
    );
    expect(redactUrl(`${RESET}?token=abc&page=1`)).toBe(`${RESET}?token=[caché]&page=1`);
  });
});
