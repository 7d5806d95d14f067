// What the tests of a staff member's access given back by mail share (docs/console.md
// « Comptes », services/staff/staff-links.ts): the link read from the mail a real SMTP server
// received (mail-server-stand-in.ts), and the way back as the member takes it, through the
// real pages: the link's page sets the password, then the console's sign-in enrols a new
// authenticator from the secret the enrolment page shows, to the console's cookie.
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { decodeQuotedPrintable, type startMailServer } from './mail-server-stand-in';
import { browser, followToConsole, locationOf, startStaffSignIn, totpCode } from './staff';

type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The mails `to` received, decoded. */
export const mailsTo = (mail: MailServer, to: string) =>
  mail.received.filter((m) => m.to.includes(to)).map((m) => decodeQuotedPrintable(m.data));

/** Waits for the `count`-th mail to `to` and answers its text and the link's path and query. */
export async function mailedLink(mail: MailServer, to: string, count = 1) {
  await vi.waitFor(() => expect(mailsTo(mail, to)).toHaveLength(count), { timeout: 15_000 });
  const text = mailsTo(mail, to)[count - 1]!;
  const link = /https?:\/\/[^/\s]+(\/interaction\/staff-link\?token=[A-Za-z0-9_-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return { text, path: link![1]! };
}

/** The link's page: the new password, twice. The answer. */
export async function setPasswordByLink(app: FastifyInstance, path: string, password: string) {
  const b = browser(app);
  const page = await b.get(path);
  expect(page.statusCode, page.body).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
  return b.post('/interaction/staff-link', {
    token,
    newPassword: password,
    confirmation: password,
  });
}

/**
 * The sign-in after the link: the password, the enrolment from the page's secret, the recovery
 * codes, the console. The console's Cookie header and the secret enrolled.
 */
export async function signInAndEnrol(app: FastifyInstance, email: string, password: string) {
  const b = browser(app);
  const { interaction } = await startStaffSignIn(b);
  const sent = await b.post(`${interaction}/staff`, { email, password });
  expect(locationOf(sent)).toBe(`${interaction}/staff/enrol`);
  const enrol = await b.get(`${interaction}/staff/enrol`);
  const secret = /data-totp-secret="([A-Z2-7]+)"/.exec(enrol.body)![1]!;
  const codes = await b.post(`${interaction}/staff/enrol`, { code: totpCode(secret) });
  expect(codes.statusCode, codes.body).toBe(200);
  const href = /<a class="button-link" href="([^"]+)"/.exec(codes.body)![1]!;
  const next = new URL(href.replace(/&amp;/g, '&'), 'http://localhost:3000');
  const callback = await followToConsole(b, await b.get(next.pathname + next.search));
  expect(callback.statusCode, callback.body).toBe(303);
  const cookie = b.jar.get('espace-console');
  expect(cookie).toBeTruthy();
  return { cookie: `espace-console=${cookie}`, secret };
}
