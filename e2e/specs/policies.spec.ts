import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

test.describe('policies list', () => {
  test('camille sees her seven policies on two pages, the documents banner and the dot marker', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/camille-policies.png', fullPage: true });
    await expectNoAxeViolations(page, 'policies page 1');
  });
});
