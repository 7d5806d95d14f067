// Shared steps of the change-screen browser tests (changes-*.spec.ts).
import { addMonths, isoToFrenchDate, todayInParis } from '@espace/contract';
import type { Locator, Page, Request } from '@playwright/test';
import { CONSENT_COOKIES } from '../support/cookies';
import { DEMO, expect, signIn } from '../support/fixtures';
import { referenceIn } from '../support/request-reference';

export const today = () => todayInParis();
export function daysFrom(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
export const french = isoToFrenchDate;
export const yearsAgo = (years: number) => addMonths(today(), -12 * years);

/** Signs camille in (analytics consent given) and opens a change screen from a card's menu. */
export async function openChange(page: Page, policyNumber: string, entry: string) {
  // A choice made, analytics accepted: the events of docs/product/changes.md are sent, the cookie banner stays closed.
  await page.context().addCookies(
    Object.values(CONSENT_COOKIES).map((name) => ({
      name,
      value: 'true',
      domain: 'localhost',
      path: '/',
    })),
  );
  await signIn(page, DEMO.camille);
  const card = page.getByTestId('policy-card').filter({ hasText: policyNumber });
  await card.getByRole('button', { name: /Faire un changement/ }).click();
  await card.getByRole('menuitem', { name: entry }).click();
  await expect(page.getByTestId('changed-policy')).toContainText(`Contrat n° ${policyNumber}`);
}

/** The analytics events pushed so far (docs/product/changes.md), as the tag manager would read them. */
export async function analyticsEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as { dataLayer?: { event?: unknown }[] }).dataLayer ?? []).map((entry) => entry.event),
  );
}

/** Every call to the change API the page makes, to assert what was sent and that nothing was. */
export function recordChangeCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (
      /\/api\/v1\/policy\/accounts\/[^/]+\/(.+\/(driver|vehicle|payment-details)|iban\/)/.test(
        request.url(),
      )
    ) {
      calls.push(request);
    }
  });
  return calls;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Exactly these fields are in error, each with its message as a screen reader hears it: marked
 * aria-invalid, the message last in its accessible description (aria-describedby, after the
 * field's hint if it has one).
 */
export async function expectFieldErrors(page: Page, errors: [field: Locator, message: string][]) {
  for (const [field, message] of errors) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(message)}$`));
  }
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(errors.length);
}

/**
 * Asks, through the form, to remove `driver` (its option's label) from `policyNumber` in 3 days:
 * the request's reference, read in the success banner.
 */
export async function askDriverRemoval(page: Page, policyNumber: string, driver: string) {
  await openChange(page, policyNumber, 'Retirer un conducteur');
  await page.getByLabel('Conducteur du contrat à retirer').selectOption({ label: driver });
  await page
    .getByLabel('Quand voudriez-vous que cela prenne effet ?')
    .fill(french(daysFrom(today(), 3)));
  await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
  return referenceIn(page.getByTestId('banner'));
}
