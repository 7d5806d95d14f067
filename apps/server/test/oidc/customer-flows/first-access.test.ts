// First access of a customer the broker loaded (docs/decisions/0075-first-access-invitation.md):
// the invitation mailed by SMTP (a local stand-in for the broker's mail server), in French and in
// the brand skin, a single-use link valid 72 hours to the forgotten-password flow's page, the
// password rule, and « Première connexion », which answers the same whatever matched and mails
// only when contract number, birth date and e-mail on file all match; limited like the
// forgotten-password form. The customer here is Léa of the demo seed with her credentials
// removed and a birth date on file: an account as the import leaves it.
import { createHash } from 'node:crypto';
import {
  FIRST_ACCESS_TEXTS as F,
  INVITATION_LINK_HOURS,
  PASSWORD_RESET_TEXTS as T,
  PASSWORD_RULE_MESSAGES as R,
} from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { sendInvitation } from '../../../src/services/account/invitation';
import { NEW_PASSWORD } from '../../support/account-security';
import { apiTest, SMTP } from '../../support/api-test';
import { integrationToken } from '../../support/integration';
import { BACKENDS } from '../../support/backends';
import { bearer, DEMO, signIn, startLogin, subjectOf, type TestApp } from '../../support/harness';
import { consoleCall, staffSignedIn } from '../../support/console';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const FIRST_ACCESS = '/interaction/password/first-access';
const RESET = '/interaction/password/reset';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const LEA = { policyNumber: 'AU2025110264', birthDate: '08/07/1995', email: DEMO.lea };

function post(t: TestApp, url: string, fields: Record<string, string>, address = '192.0.2.10') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: form,
    remoteAddress: address,
    payload: new URLSearchParams(fields).toString(),
  });
}

describe.each(BACKENDS)('first access on %s', (backend) => {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const it = apiTest
    .extend('deps', ({ t }) => () => ({
      db: t.database.handle.db,
      // The app's one relay sends the queued mail to the test's SMTP server.
      outbox: t.app.outbox,
      log,
      demoMode: false,
      linkFor: (token: string) => `${t.config.publicUrl}${RESET}?token=${token}`,
    }))
    .extend('helpers', ({ t, mail }) => {
      // The mails of a link to choose a password (a sign-in from a new device mails too).
      const mailsTo = (email: string) =>
        mail.received.filter(
          (m) =>
            m.to.includes(email) &&
            decodeQuotedPrintable(m.data).includes('/interaction/password/reset?token='),
        );
      /** The link of the latest mail to `email`, once it has arrived. */
      async function linkMailedTo(email: string, count: number): Promise<string> {
        await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count), { timeout: 15_000 });
        const data = decodeQuotedPrintable(mailsTo(email).at(-1)!.data);
        const link =
          /http:\/\/localhost:3000(\/interaction\/password\/reset\?token=[\w-]+&brand=\w+)/.exec(
            data,
          )?.[1];
        expect(link).toBeTruthy();
        return link!;
      }
      const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;
      const choose = (token: string, password: string, confirmation = password) =>
        post(t, RESET, { token, newPassword: password, confirmation });
      return { mailsTo, linkMailedTo, tokenOf, choose };
    })
    // The skin of the mails to customers, and of an invitation that names none.
    .override({ backend, appConfig: { mailBrand: 'vireo' }, smtp: SMTP });

  it.beforeEach(async ({ t, mail, lea: { accountId: leaId } }) => {
    // Léa as the import leaves her: an account, contracts, a birth date, no password.
    const db = t.database.handle.db;
    await db.deleteFrom('credentials').where('account_id', '=', leaId).execute();
    await db.deleteFrom('password_reset_tokens').execute();
    await db.deleteFrom('login_throttle').execute();
    await db
      .updateTable('accounts')
      .set({ birth_date: '1995-07-08', portal_deleted_at: null })
      .where('id', '=', leaId)
      .execute();
    mail.received.length = 0;
  });

  it('mails an invitation in French, as text and HTML in the brand skin, storing only a hash', async ({
    t,
    lea: { accountId: leaId },
    deps,
    helpers: { mailsTo, linkMailedTo, tokenOf },
  }) => {
    expect(await sendInvitation(deps(), leaId, { brand: 'vireo' })).toBe('sent');
    const link = await linkMailedTo(DEMO.lea, 1);
    const data = decodeQuotedPrintable(mailsTo(DEMO.lea)[0]!.data);
    expect(data).toContain('Content-Type: text/plain');
    expect(data).toContain('Content-Type: text/html');
    expect(data).toContain('Bonjour Léa,');
    expect(data).toContain(F.mailAction);
    expect(data).toContain('Vireo Assurance');
    expect(data).toContain('#24522f'); // Vireo's primary colour, from brands.css
    expect(link).toMatch(/&brand=vireo$/);

    const rows = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe('invitation');
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(tokenOf(link)).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
    const hours = (rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()) / 3_600_000;
    expect(hours).toBe(INVITATION_LINK_HOURS);
  });

  it('invites only an account without a password, and a new link replaces the old one', async ({
    t,
    lea: { accountId: leaId },
    deps,
    helpers: { mailsTo, linkMailedTo },
  }) => {
    const camilleId = subjectOf((await signIn(t.app, t.config, DEMO.camille)).access_token);
    expect(await sendInvitation(deps(), camilleId)).toBe('active');
    expect(await sendInvitation(deps(), leaId)).toBe('sent');
    const first = await linkMailedTo(DEMO.lea, 1);
    expect(await sendInvitation(deps(), leaId, { keepPending: true })).toBe('pending');
    expect(await sendInvitation(deps(), leaId)).toBe('sent');
    const second = await linkMailedTo(DEMO.lea, 2);
    expect((await t.app.inject(first)).statusCode).toBe(400);
    expect((await t.app.inject(second)).statusCode).toBe(200);
    expect(mailsTo(DEMO.camille)).toHaveLength(0);
  });

  it('sets the first password under the rule, once, and the customer sees exactly their contracts', async ({
    t,
    lea: { accountId: leaId },
    deps,
    helpers: { linkMailedTo, tokenOf, choose },
  }) => {
    await sendInvitation(deps(), leaId);
    const link = await linkMailedTo(DEMO.lea, 1);
    const page = await t.app.inject(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${F.setTitle}</h1>`);
    expect(page.body).toContain('id="password-rule"');

    const weak = await choose(tokenOf(link), 'motdepasse');
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(R.tooWeak);
    expect(weak.body).toContain(`<h1>${F.setTitle}</h1>`);
    const withEmail = await choose(tokenOf(link), `${DEMO.lea}A1`);
    expect(withEmail.body).toContain(R.containsEmail.replace(/'/g, '&#39;'));

    const done = await choose(tokenOf(link), NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(F.doneTitle);
    const again = await choose(tokenOf(link), 'Encore-Un-2026x');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(T.invalidLinkTitle);
    expect(again.body).toContain(`href="${FIRST_ACCESS}"`);

    const tokens = await signIn(t.app, t.config, DEMO.lea, NEW_PASSWORD);
    const policies = await t.app.inject({
      url: `/api/v1/policy/accounts/${leaId}`,
      headers: bearer(tokens.access_token),
    });
    expect(policies.statusCode).toBe(200);
    const numbers = (policies.json() as { policyNumber: string }[]).map((p) => p.policyNumber);
    expect(numbers).toEqual([LEA.policyNumber]);
  });

  it('refuses an expired link and creates nothing', async ({
    t,
    lea: { accountId: leaId },
    deps,
    helpers: { linkMailedTo, tokenOf, choose },
  }) => {
    await sendInvitation(deps(), leaId);
    const link = await linkMailedTo(DEMO.lea, 1);
    await t.database.handle.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const page = await t.app.inject(link);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`href="${FIRST_ACCESS}"`);
    expect((await choose(tokenOf(link), NEW_PASSWORD)).statusCode).toBe(400);
    const credentials = await t.database.handle.db
      .selectFrom('credentials')
      .where('account_id', '=', leaId)
      .select('email')
      .execute();
    expect(credentials).toHaveLength(0);
  });

  it('is sent through the integration API, with a write scope, for a known customer', async ({
    t,
    mail,
    lea: { accountId: leaId },
    helpers: { linkMailedTo },
  }) => {
    const { customer_id: customerNumber } = await t.database.handle.db
      .selectFrom('accounts')
      .select('customer_id')
      .where('id', '=', leaId)
      .executeTakeFirstOrThrow();
    const invite = (token: string, number: string, payload: object = { brand: 'lumen' }) =>
      t.app.inject({
        method: 'POST',
        url: `/backoffice/v1/customers/${number}/invitation`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const reader = await integrationToken(t.app, ['backoffice:read']);
    expect((await invite(reader.token, customerNumber)).statusCode).toBe(403);
    const writer = await integrationToken(t.app);
    expect((await invite(writer.token, 'CLI-INCONNU')).statusCode).toBe(404);
    const badBrand = await invite(writer.token, customerNumber, { brand: 'autre' });
    expect(badBrand.statusCode).toBe(400);
    expect(badBrand.json()).toMatchObject({ error: { fields: { brand: 'Habillage inconnu.' } } });
    expect(mail.received).toHaveLength(0);

    const sent = await invite(writer.token, customerNumber);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ outcome: 'sent' });
    expect(await linkMailedTo(DEMO.lea, 1)).toMatch(/&brand=lumen$/);
    // Without a brand, the skin of the other mails (MAIL_BRAND).
    expect((await invite(writer.token, customerNumber, {})).json()).toEqual({ outcome: 'sent' });
    expect(await linkMailedTo(DEMO.lea, 2)).toMatch(/&brand=vireo$/);
    // And from the staff console, which names none.
    const agent = await staffSignedIn(t.app, 'agent');
    const fromConsole = await consoleCall(
      t.app,
      agent,
      'POST',
      `/customers/${customerNumber}/invitation`,
    );
    expect(fromConsole.json()).toEqual({ outcome: 'sent' });
    expect(await linkMailedTo(DEMO.lea, 3)).toMatch(/&brand=vireo$/);
    const camille = await t.database.handle.db
      .selectFrom('accounts')
      .select('customer_id')
      .where('email', '=', DEMO.camille)
      .executeTakeFirstOrThrow();
    expect((await invite(writer.token, camille.customer_id)).json()).toEqual({ outcome: 'active' });
  });

  it('« Première connexion » is offered on the sign-in page and checks each field', async ({
    t,
  }) => {
    const { form: login, interaction } = await startLogin(t.app, t.config);
    const href = `${FIRST_ACCESS}?retour=${encodeURIComponent(interaction)}`;
    expect(login.body).toContain(`<a href="${href}">${F.link}</a>`);
    const page = await t.app.inject(href);
    expect(page.statusCode).toBe(200);
    for (const label of [F.policyNumber, F.birthDate, F.email]) expect(page.body).toContain(label);

    const empty = await post(t, href, { policyNumber: ' ', birthDate: '31/02/1995', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(F.policyNumberMissing);
    expect(empty.body).toContain(F.birthDateInvalid);
    expect(empty.body).toContain(F.emailMissing);
    expect(empty.body).toContain('aria-invalid="true"');
    const stored = await t.database.handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('answers the same whatever matched, and mails only when all three match', async ({
    t,
    mail,
    helpers: { linkMailedTo, tokenOf, choose },
  }) => {
    const wrong = [
      { ...LEA, birthDate: '09/07/1995' },
      { ...LEA, policyNumber: 'AU2026104512' }, // Camille's contract
      { ...LEA, email: 'lea.b@example.fr' },
      { policyNumber: 'XX0000000000', birthDate: '01/01/1990', email: 'personne@example.fr' },
    ];
    const answers = [];
    for (const fields of wrong) answers.push(await post(t, FIRST_ACCESS, fields));
    const right = await post(t, FIRST_ACCESS, {
      ...LEA,
      policyNumber: ' au2025110264 ',
      email: ` ${DEMO.lea.toUpperCase()} `,
    });
    for (const answer of [...answers, right]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(right.body);
    }
    expect(right.body).toContain(F.sent.replace(/'/g, '&#39;').slice(0, 40));
    const link = await linkMailedTo(DEMO.lea, 1);
    expect(mail.received).toHaveLength(1);
    expect((await choose(tokenOf(link), NEW_PASSWORD)).statusCode).toBe(200);
    // With a password, the same request mails nothing more.
    expect((await post(t, FIRST_ACCESS, LEA)).body).toBe(right.body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.received).toHaveLength(1);
  });

  it('is limited like the forgotten-password form: mails per e-mail, requests per address', async ({
    t,
    helpers: { mailsTo, linkMailedTo },
  }) => {
    for (let i = 0; i <= RATE_LIMITS.firstAccessMails.max; i++)
      expect((await post(t, FIRST_ACCESS, LEA, '192.0.2.20')).statusCode).toBe(200);
    await linkMailedTo(DEMO.lea, RATE_LIMITS.firstAccessMails.max);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(DEMO.lea)).toHaveLength(RATE_LIMITS.firstAccessMails.max);

    const other = { ...LEA, email: 'autre@example.fr' };
    for (let i = 0; i < RATE_LIMITS.firstAccessAddress.max; i++)
      expect((await post(t, FIRST_ACCESS, other, '192.0.2.30')).statusCode).toBe(200);
    const refused = await post(t, FIRST_ACCESS, LEA, '192.0.2.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(F.tooMany);
  });
});
