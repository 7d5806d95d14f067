// The accessibility check every browser test runs (support/axe.ts) finds what it must: a
// violation in the page and in a same-origin frame, again after the page changed, and on the
// next page after a navigation (axe is put in once per document, not once per check).
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';

const ORIGIN = 'http://essai.test';
const html = (body: string) =>
  `<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Essai</h1>${body}</main></body></html>`;
const PAGES: Record<string, string> = {
  '/': html('<p>Rien à signaler.</p>'),
  '/cadre': html('<iframe title="Aperçu" src="/dans-le-cadre"></iframe>'),
  '/dans-le-cadre': html('<input id="sans-nom">'),
};

test('the check reports violations in the page and its frames, after changes and navigations', async ({
  page,
}) => {
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: PAGES[new URL(route.request().url()).pathname],
    }),
  );
  await page.goto(`${ORIGIN}/`);
  expect(await axeViolations(page)).toEqual([]);

  // A picture without a text alternative, added to the page already checked.
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    img.id = 'sans-alt';
    document.querySelector('main')!.append(img);
  });
  expect(await axeViolations(page)).toEqual([
    expect.stringMatching(/^image-alt \(critical\).*#sans-alt/),
  ]);

  // Another page: an unlabelled field inside a same-origin frame.
  await page.goto(`${ORIGIN}/cadre`);
  await page.frameLocator('iframe').locator('#sans-nom').waitFor();
  expect(await axeViolations(page)).toEqual([
    expect.stringMatching(/^label \(critical\).*iframe.*#sans-nom/),
  ]);
});
