// The owner of an account gets back in whatever a stranger floods, on the compiled server that
// `npm start` runs (docs/decisions/0014-sign-in-throttle.md, 0144, 0160, 0163: a changed password,
// the reset mails per requester, the staff's known browser). The server trusts its proxy
// (TRUST_PROXY) and every browser here comes through it from its own address (X-Forwarded-For,
// always to 127.0.0.1); a local SMTP server receives the mails.
// - Strangers flooding a customer's reset from other addresses do not spend her mails: her own
//   request from home is mailed, and from her usual browser past the account's ceiling too.
// - After an attack on her password, the password she sets through the mailed link, or in
//   « Mon compte », signs in at once from a new browser; guesses at the new one count afresh.
// - A staff member's usual browser signs in while another address hammers the account, with
//   its password and with codes.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { PASSWORD_RESET_TEXTS as T } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE } from '../../src/oidc/provider/device-cookie';
import { STAFF_DEVICE_COOKIE } from '../../src/oidc/provider/device-cookie';
import { RATE_LIMITS } from '../../src/platform/rate-limits/tiers';
import { changePassword, getAccount } from '../support/account-security';
import { BACKENDS, type BackendName } from '../support/backends';
import {
  DEMO,
  signIn,
  signInSession,
  startLogin,
  submitLogin,
  subjectOf,
  type TestApp,
} from '../support/harness';
import { decodeQuotedPrintable, startMailServer } from '../support/mail-server-stand-in';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { adminQuery, postgresUrl } from '../support/postgres';
import { emptyFolder, seededFolderCopy } from '../support/seeded-folder';
import { browser, followToConsole, locationOf, startStaffSignIn, totpCode } from '../support/staff';
import { testConfig } from '../support/test-config';

const FORGOT = '/interaction/password/forgot';
const RESET = '/interaction/password/reset';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const AGENT = 'conseiller@courtage-horizon.test';
/** An attacker's address per test (the sign-in form also limits posts per address). */
const attacker = (test: number) => `203.0.113.${100 + test}`;
/** Strangers' addresses, a block of the documentation range per use. */
const stranger = (block: number, i: number) => `203.0.113.${block * 10 + i + 1}`;

describe.each(BACKENDS)('the owner gets back in, compiled server on %s', (backend: BackendName) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let portal: Portal;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const config = testConfig({ publicUrl: 'http://localhost:3000' });

  beforeAll(async () => {
    // On PGlite, a copy of the run's seeded folder: this test is not about a first start.
    const folder =
      backend === 'pglite'
        ? await seededFolderCopy('espace-owner-')
        : await emptyFolder('espace-owner-');
    cleanup.push(() => rm(folder.dataDir, { recursive: true, force: true }));
    mail = await startMailServer();
    cleanup.push(() => new Promise<void>((resolve) => mail.server.close(() => resolve())));
    const env: Record<string, string> = {
      ...folder.env,
      DEMO_MODE: 'true',
      // The harness's sign-in speaks for a portal at http://localhost:3000 (its redirect URI).
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMTP_FROM: 'portail@espace-assure.test',
      CUSTOMER_SERVICE_EMAIL: 'service-client@courtage.test',
      OUTBOX_INTERVAL_MS: '200',
    };
    if (backend === 'postgres') {
      const name = `owner_back_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
      env.DATABASE_URL = postgresUrl(name);
    }
    portal = await startPortal(env);
    cleanup.push(() => stopped(portal.child, 'SIGTERM'));
  }, 180_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  }, 60_000);

  /** The server as a browser at `address` reaches it through the proxy. */
  const at = (address: string) => {
    const http = overHttp(portal.url);
    return {
      inject: (request: { headers?: Record<string, string> }) =>
        http.inject({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': address },
        } as never),
    } as unknown as FastifyInstance;
  };
  const as = (address: string) => ({ app: at(address), config }) as unknown as TestApp;

  /** One sign-in through the form from a browser at `address`: its answer. */
  async function attempt(address: string, email: string, password: string, device?: string) {
    const { jar, interaction } = await startLogin(at(address), config);
    if (device) jar.set(DEVICE_COOKIE, device);
    return submitLogin(at(address), interaction, jar, email, password);
  }

  const forgot = (address: string, email: string, device?: string) =>
    at(address).inject({
      method: 'POST',
      url: FORGOT,
      headers: { ...FORM, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
      payload: new URLSearchParams({ email }).toString(),
    });

  const mailsTo = (email: string) => mail.received.filter((m) => m.to.includes(email));
  /** Waits until `email` has received `count` mails; the link of the last one. */
  async function mailed(email: string, count: number): Promise<string> {
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count), { timeout: 10_000 });
    const text = decodeQuotedPrintable(mailsTo(email).at(-1)!.data);
    const link = /http:\/\/localhost:3000(\/interaction\/password\/reset\?token=[\w-]+)/.exec(text);
    return link![1]!;
  }
  /** No further mail to `email` once the relay has had time to send one. */
  async function noMoreMail(email: string, count: number) {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(email)).toHaveLength(count);
  }
  const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

  it('mails the owner her link while strangers flood her reset from other addresses', async () => {
    const { resetMails, resetMailsAccount } = RATE_LIMITS;
    const home = '198.51.100.10';
    // Her usual browser: she signed in there before, it keeps her device cookie.
    const usual = await signInSession(at(home), config, DEMO.camille);
    const device = usual.jar.get(DEVICE_COOKIE)!;
    expect(device).toBeTruthy();

    // Strangers at several addresses, each past its own budget, short of the account's ceiling.
    const strangers = Math.floor((resetMailsAccount.max - 1) / resetMails.max);
    expect(strangers).toBeGreaterThan(1);
    const neutral = await forgot(stranger(0, 0), DEMO.camille);
    for (let s = 0; s < strangers; s++)
      for (let i = s === 0 ? 1 : 0; i <= resetMails.max; i++) {
        const answer = await forgot(stranger(0, s), DEMO.camille);
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(neutral.body);
      }
    expect(neutral.body).toContain(T.sent);
    await mailed(DEMO.camille, strangers * resetMails.max);
    await noMoreMail(DEMO.camille, strangers * resetMails.max);

    // Her own request from home, in a new browser: the same answer, and her link, which works.
    const own = await forgot(home, DEMO.camille);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(neutral.body);
    const link = await mailed(DEMO.camille, strangers * resetMails.max + 1);
    expect((await at(home).inject({ method: 'GET', url: link })).statusCode).toBe(200);
    let sent = mailsTo(DEMO.camille).length;

    // Strangers at new addresses fill the account's ceiling; past it, anyone it does not know,
    // her home address included, gets the same answer and no mail.
    for (let s = 0; sent < resetMailsAccount.max; s++, sent++)
      expect((await forgot(stranger(1, s), DEMO.camille)).body).toBe(neutral.body);
    await mailed(DEMO.camille, sent);
    for (const address of [stranger(2, 0), home])
      expect((await forgot(address, DEMO.camille)).body).toBe(neutral.body);
    await noMoreMail(DEMO.camille, sent);

    // Her usual browser still gets its link, the newest, which sets her password.
    const fromDevice = await forgot(home, DEMO.camille, device);
    expect(fromDevice.body).toBe(neutral.body);
    const newest = await mailed(DEMO.camille, sent + 1);
    const reset = await at(home).inject({
      method: 'POST',
      url: RESET,
      headers: FORM,
      payload: new URLSearchParams({
        token: tokenOf(newest),
        newPassword: 'Retrouve-Mon-Compte-26',
        confirmation: 'Retrouve-Mon-Compte-26',
      }).toString(),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain(T.doneTitle);
  });

  it('signs the owner in at once from a new browser with the password she set by the link', async () => {
    const home = '198.51.100.20';
    const chosen = 'Apres-Attaque-2026!';
    // 6 wrong passwords from the attacker: 5 evaluated, then the account is locked.
    const guesses = [];
    for (let i = 0; i < RATE_LIMITS.signInAccount.max + 1; i++)
      guesses.push((await attempt(attacker(2), DEMO.jean, `Faux-${i}-2026!`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt(home, DEMO.jean, DEMO.password)).statusCode).toBe(429);

    // The owner asks for the link from home and sets a new password with it.
    const asked = await forgot(home, DEMO.jean);
    expect(asked.body).toContain(T.sent);
    const link = await mailed(DEMO.jean, 1);
    const reset = await at(home).inject({
      method: 'POST',
      url: RESET,
      headers: FORM,
      payload: new URLSearchParams({
        token: tokenOf(link),
        newPassword: chosen,
        confirmation: chosen,
      }).toString(),
    });
    expect(reset.statusCode).toBe(200);

    // A new browser (no cookie at all), elsewhere, signs in at once with it.
    const tokens = await signIn(at('198.51.100.21'), config, DEMO.jean, chosen);
    const accountId = subjectOf(tokens.access_token);
    expect((await getAccount(as(home), accountId, tokens.access_token)).statusCode).toBe(200);

    // The attacker's guesses at the new password count afresh: 5 evaluated, then locked again.
    const again = [];
    for (let i = 0; i < RATE_LIMITS.signInAccount.max + 1; i++)
      again.push((await attempt(attacker(2), DEMO.jean, `Encore-${i}-2026!`)).statusCode);
    expect(again).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('signs the owner in at once from a new browser with the password she changed in « Mon compte »', async () => {
    const phone = '198.51.100.30';
    const chosen = 'Change-En-Ligne-2026!';
    // Signed in on her phone before the attack.
    const session = await signIn(at(phone), config, DEMO.lea);
    const accountId = subjectOf(session.access_token);
    for (let i = 0; i < RATE_LIMITS.signInAccount.max + 1; i++)
      await attempt(attacker(3), DEMO.lea, `Faux-${i}-2026!`);
    expect((await attempt('198.51.100.31', DEMO.lea, DEMO.password)).statusCode).toBe(429);

    const changed = await changePassword(as(phone), accountId, session.access_token, {
      oldPassword: DEMO.password,
      newPassword: chosen,
    });
    expect(changed.statusCode).toBe(204);
    const tokens = await signIn(at('198.51.100.31'), config, DEMO.lea, chosen);
    expect((await getAccount(as(phone), accountId, tokens.access_token)).statusCode).toBe(200);

    const again = [];
    for (let i = 0; i < RATE_LIMITS.signInAccount.max + 1; i++)
      again.push((await attempt(attacker(3), DEMO.lea, `Encore-${i}-2026!`)).statusCode);
    expect(again).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('signs a staff member in from their usual browser while another address hammers the account', async () => {
    const office = '198.51.100.40';
    // Their usual browser: the first sign-in, enrolment included, is completed there.
    const usual = browser(at(office));
    const first = await startStaffSignIn(usual);
    const password = await usual.post(`${first.interaction}/staff`, {
      email: AGENT,
      password: DEMO.password,
    });
    expect(locationOf(password)).toBe(`${first.interaction}/staff/enrol`);
    const enrol = await usual.get(`${first.interaction}/staff/enrol`);
    expect(enrol.body).toMatch(/data-totp-secret="[A-Z2-7]+"/);
    const secret = /data-totp-secret="([A-Z2-7]+)"/.exec(enrol.body)![1]!;
    const enrolled = await usual.post(`${first.interaction}/staff/enrol`, {
      code: totpCode(secret),
    });
    expect(enrolled.statusCode).toBe(200);
    const recoveryCodes = [...enrolled.body.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map(
      (m) => m[1]!,
    );
    const href = /<a class="button-link" href="([^"]+)"/.exec(enrolled.body)![1]!;
    const opened = await followToConsole(usual, await usual.get(href.replace(/&amp;/g, '&')));
    expect(opened.statusCode).toBe(303);
    expect(usual.jar.get(STAFF_DEVICE_COOKIE)).toBeTruthy();

    // Elsewhere, someone who holds the password spends the codes: 5 wrong, then even a right one
    // is refused there.
    const thief = browser(at(attacker(4)));
    const stolen = await startStaffSignIn(thief);
    const codePath = locationOf(
      await thief.post(`${stolen.interaction}/staff`, { email: AGENT, password: DEMO.password }),
    );
    for (let i = 0; i < RATE_LIMITS.signInAccount.max; i++)
      expect((await thief.post(codePath, { code: 'AAAAA-AAAAA' })).statusCode).toBe(401);
    expect((await thief.post(codePath, { code: recoveryCodes[0]! })).statusCode).toBe(429);
    // And wrong passwords from new browsers there: 5 evaluated, then the account is locked.
    const guesses = [];
    for (let i = 0; i < RATE_LIMITS.signInAccount.max + 1; i++) {
      const b = browser(at(attacker(4)));
      const { interaction } = await startStaffSignIn(b);
      const answer = await b.post(`${interaction}/staff`, { email: AGENT, password: `Faux-${i}` });
      guesses.push(answer.statusCode);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    // A new browser at the office waits for the window, like any browser the account does not know.
    const newcomer = browser(at(office));
    const { interaction: other } = await startStaffSignIn(newcomer);
    const refused = await newcomer.post(`${other}/staff`, {
      email: AGENT,
      password: DEMO.password,
    });
    expect(refused.statusCode).toBe(429);

    // The usual browser: the password, a code, the console.
    const again = await startStaffSignIn(usual);
    const sent = await usual.post(`${again.interaction}/staff`, {
      email: AGENT,
      password: DEMO.password,
    });
    expect(sent.statusCode).toBe(303);
    expect(locationOf(sent)).toBe(`${again.interaction}/staff/code`);
    const code = await usual.post(locationOf(sent), { code: recoveryCodes[0]! });
    expect((await followToConsole(usual, code)).statusCode).toBe(303);
    const me = await at(office).inject({
      method: 'GET',
      url: '/backoffice/api/me',
      headers: { cookie: `espace-console=${usual.jar.get('espace-console')}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: AGENT });
  });
});
