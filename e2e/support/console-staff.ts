// The broker's staff in the browser tests of the console (docs/console.md « Connexion »): the
// demo staff members, or a member a test created (with the temporary password it was given),
// sign in through the embedded provider's pages, enrol their second factor at the first sign-in
// (reading the secret the enrolment page shows as text, as a person types it into an
// authenticator app) and give a TOTP code computed by the same library the server checks with.
// A code is never used twice: the server refuses a step already used. A member on a temporary
// password chooses their own after enrolling (firstSignIn).
//
// A step lasts 30 seconds and the server takes three of them at a time (totp.ts), so a fourth
// sign-in of the same member within a spec would wait for the next step: signInStaff opens the
// console with the session the member's last sign-in on that server opened instead (as signIn
// does for the customers, fixtures.ts), and signs in through the pages only when there is none,
// when the server no longer has it (a test signed out, a password changed), or when the test asks
// for a session of its own (`fresh`).
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import type { Cookies } from './signed-in';
import { Authenticator } from './totp';

export const DEMO_STAFF = {
  agent: { email: 'conseiller@courtage-horizon.test', name: 'Léa Martin' },
  supervisor: { email: 'superviseur@courtage-horizon.test', name: 'Paul Girard' },
} as const;
export type DemoStaff = keyof typeof DEMO_STAFF;
/** A staff member a test created: the password they sign in with now. */
export interface StaffMember {
  email: string;
  name: string;
  password: string;
}
export type Who = DemoStaff | StaffMember;

const identity = (who: Who): StaffMember =>
  typeof who === 'string' ? { ...DEMO_STAFF[who], password: DEMO_PASSWORD } : who;

/** The enrolled authenticator, per staff member's e-mail, for the spec's run. */
const enrolled = new Map<string, Authenticator>();

const freshCode = (who: Who): Promise<string> => enrolled.get(identity(who).email)!.freshCode();

/** The password form, from any console address. */
export async function givePassword(page: Page, who: Who, password = identity(who).password) {
  await expect(page.getByRole('heading', { level: 1, name: /Console du courtier/ })).toBeVisible();
  await page.getByLabel('Adresse e-mail professionnelle').fill(identity(who).email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Continuer' }).click();
}

/** First sign-in: password, the second factor's enrolment, the recovery codes, the console. */
export async function enrolAndSignIn(
  page: Page,
  who: Who,
  check?: (step: 'enrol' | 'codes') => Promise<void>,
) {
  const before = await page.context().cookies();
  await page.goto('/backoffice/');
  await givePassword(page, who);
  await completeEnrolment(page, who, check);
  await keepSession(page, who, before);
}

/**
 * First sign-in of a member on a temporary password: password, enrolment, recovery codes, then
 * the page to choose their own (`check` runs on it), which leads to the console.
 */
export async function firstSignIn(
  page: Page,
  member: StaffMember,
  chosen: string,
  check?: () => Promise<void>,
) {
  await page.goto('/backoffice/');
  await givePassword(page, member);
  await enrol(page, member);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
  ).toBeVisible();
  await check?.();
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(chosen);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(chosen);
  await page.getByRole('button', { name: 'Enregistrer et ouvrir la console' }).click();
  await expectInConsole(page, member);
}

/** The enrolment's pages, from the one with the QR code to the console. */
async function completeEnrolment(
  page: Page,
  who: Who,
  check?: (step: 'enrol' | 'codes') => Promise<void>,
) {
  await enrol(page, who, check);
  await expectInConsole(page, who);
}

/** The enrolment's pages, from the one with the QR code to « continuer » on the codes. */
async function enrol(page: Page, who: Who, check?: (step: 'enrol' | 'codes') => Promise<void>) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Activez la double authentification' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR\scode à scanner/ })).toBeVisible();
  // The key as the page shows it in text, grouped by four: what a person would type.
  const shown = await page.locator('code[data-totp-secret]').innerText();
  enrolled.set(identity(who).email, new Authenticator(shown.replace(/\s/g, '')));
  await check?.('enrol');
  await page.getByLabel('Code à 6 chiffres').fill(await freshCode(who));
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vos codes de secours' })).toBeVisible();
  await check?.('codes');
  await page.getByRole('link', { name: 'J’ai noté mes codes, continuer' }).click();
}

/** The cookies each member's last sign-in set, and the server (origin) they belong to. */
const kept = new Map<string, { origin: string; cookies: Cookies }>();

const sameCookie = (a: Cookies[number], b: Cookies[number]) =>
  a.name === b.name && a.value === b.value && a.domain === b.domain && a.path === b.path;

/** Keeps what a sign-in set (`before`: the cookies before it; a customer's stay out of it). */
async function keepSession(page: Page, who: Who, before: Cookies) {
  const cookies = (await page.context().cookies()).filter(
    (cookie) => !before.some((earlier) => sameCookie(earlier, cookie)),
  );
  kept.set(identity(who).email, { origin: new URL(page.url()).origin, cookies });
}

/** Opens `path` in the console with the session kept for `who`: true when it is still open. */
async function openKeptSession(page: Page, who: Who, path: string): Promise<boolean> {
  const session = kept.get(identity(who).email);
  if (!session) return false;
  await page.context().addCookies(session.cookies);
  await page.goto(path);
  if (new URL(page.url()).origin !== session.origin) return false;
  const signInPage = page.getByRole('heading', { level: 1, name: /Console du courtier/ });
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(signInPage.or(menu)).toBeVisible();
  if (await signInPage.isVisible()) return false;
  await expectInConsole(page, who);
  return true;
}

/**
 * A sign-in: password, then a code of the enrolled authenticator; on a server where this member
 * has not enrolled yet (a fresh copy of the demo data), the enrolment first. Without `fresh`, the
 * session of the member's last sign-in on this server when it is still open (see above).
 */
export async function signInStaff(
  page: Page,
  who: Who,
  path = '/backoffice/',
  { fresh = false } = {},
) {
  if (!fresh && (await openKeptSession(page, who, path))) return;
  const before = await page.context().cookies();
  await page.goto(path);
  await givePassword(page, who);
  const enrolment = page.getByRole('heading', {
    level: 1,
    name: 'Activez la double authentification',
  });
  const code = page.getByRole('heading', {
    level: 1,
    name: 'Double authentification',
    exact: true,
  });
  await expect(enrolment.or(code)).toBeVisible();
  if (await enrolment.isVisible()) await completeEnrolment(page, who);
  else {
    await page.getByLabel('Code de vérification').fill(await freshCode(who));
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expectInConsole(page, who);
  }
  await keepSession(page, who, before);
}

export async function expectInConsole(page: Page, who: Who) {
  await expect(page.getByRole('banner')).toContainText(identity(who).name);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}
