// Request references and 'Mes demandes' on a phone (docs/product/requests.md, decisions 0045 and
// 0046): every success message shows the request's reference; the same request sent again is a
// warning naming the first one, focused; the list keeps its contract and page in the URL through
// a reload and the back button, focuses its heading after « suivant », uses the styled select and
// never breaks a reference over two lines at 375 px.
import { API_PREFIX, REQUEST_RECEIPT_MESSAGES, SESSION_REQUEST_HEADER } from '@espace/contract';
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { refuseCookies } from '../support/cookies';
import { referenceIn } from '../support/request-reference';

// Sends requests for real: a server of its own (support/servers.ts).
test.use({ changesData: true, viewport: { width: 375, height: 800 } });

const bannerReference = (page: Page) => referenceIn(page.getByTestId('banner'));

/**
 * A written message to customer service through the customer API, as the contact page's e-mail
 * card sent it before « Messagerie » took its place: a request of 'Mes demandes' of its own, under
 * a rate limit of its own (the call-back route allows ten an account).
 */
async function sendMessage(page: Page, text: string): Promise<string> {
  return page.evaluate(
    async ({ text, prefix, sessionHeader }) => {
      const account = document.querySelector<HTMLMetaElement>('meta[name="portal-account"]');
      const response = await fetch(
        `${prefix}/account/accounts/${account!.content}/mail/mail-contact`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', [sessionHeader]: '1' },
          body: JSON.stringify({ text }),
        },
      );
      if (!response.ok) throw new Error(`mail-contact: ${response.status}`);
      return ((await response.json()) as { reference: string }).reference;
    },
    { text, prefix: API_PREFIX, sessionHeader: SESSION_REQUEST_HEADER },
  );
}

test('a success shows the reference; the same request again is a focused warning naming it', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/phone-contact/, 409));
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  const card = page.getByRole('region', { name: 'Être rappelé(e)' });
  await card.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 78');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  const first = await bannerReference(page);
  await expect(page.getByTestId('banner')).toContainText('Merci pour votre demande !');

  // A real second click after the form was emptied: another idempotency key, same request.
  await card.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 78');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  const banner = page.getByTestId('banner');
  await expect(banner).toContainText(REQUEST_RECEIPT_MESSAGES.duplicate(first));
  await expect(banner).toBeFocused();
  await expect(banner.getByRole('link', { name: /Mes demandes/ })).toBeVisible();
  await expectNoAxeViolations(page, 'duplicate request warning');

  // Another number: another request, another reference.
  await card.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 79');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  await expect(page.getByTestId('banner')).toContainText('Merci pour votre demande !');
  const message = await bannerReference(page);
  expect(message).not.toBe(first);
  await page
    .getByTestId('banner')
    .getByRole('link', { name: /Mes demandes/ })
    .click();
  await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: message })).toHaveCount(1);
});

test('Mes demandes keeps its contract and page in the URL and focuses its heading', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  // Eleven requests, within the contact routes' limit of ten an account each.
  for (let i = 1; i <= 5; i++) await sendMessage(page, `Question numéro ${i}`);
  const callBack = page.getByRole('region', { name: 'Être rappelé(e)' });
  for (let i = 1; i <= 6; i++) {
    await callBack.getByLabel('Votre numéro de téléphone').fill(`07 00 00 00 0${i}`);
    await callBack.getByRole('button', { name: 'Demander un rappel' }).click();
    await expect(callBack.getByLabel('Votre numéro de téléphone')).toHaveValue('');
  }

  await page.goto('/account/requests');
  const heading = page.getByRole('heading', { level: 2, name: 'Mes demandes' });
  await expect(heading).toBeVisible();
  await page.getByRole('link', { name: 'suivant' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await expect(heading).toBeFocused();
  await page.reload();
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText('Page 1 sur 2')).toBeVisible();
  await page.getByRole('link', { name: 'suivant' }).click();
  await page.getByRole('link', { name: 'précédent' }).click();
  await expect(heading).toBeFocused();

  // The styled select of the forms, not the browser's 13 px one.
  const select = page.getByLabel('Contrat', { exact: true });
  const fontSize = await select.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
  await select.selectOption('AU2025087731');
  await expect(page).toHaveURL(/[?&]contrat=AU2025087731\b/);
  await expect(page.getByText('Aucune demande pour ce contrat.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Contrat', { exact: true })).toHaveValue('AU2025087731');
  await page.goBack();
  await expect(page.getByLabel('Contrat', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(page, 'Mes demandes at 375 px');
});

test('a reference stays on one line at 375 px', async ({ page }) => {
  await signIn(page, DEMO.jean, '/account/requests');
  const cell = page.locator('.requests__reference').first();
  await expect(cell).toContainText(/DEM-|RES-/);
  const lines = await cell.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
    return tops.size;
  });
  expect(lines).toBe(1);
});
