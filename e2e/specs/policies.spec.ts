import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

test.describe('policies list', () => {
  test('camille sees five cards per page, every card field, the documents banner and the dot marker', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    const banner = page.getByRole('region', { name: 'Documents à transmettre' });
    await expect(banner).toContainText(/dans un délai de \d+\s+jours?\./);
    await expect(page.getByTestId('documents-dot')).toBeVisible();

    const cards = page.getByTestId('policy-card');
    await expect(cards).toHaveCount(5);
    const first = cards.filter({ hasText: 'AU2026104512' });
    await expect(first.getByRole('heading', { name: 'Peugeot 208' })).toBeVisible();
    for (const text of ['GH-482-KL', 'Tous Risques', '742,36 €', '0,68'])
      await expect(first).toContainText(text);
    await expect(first).toContainText(/Date d’effet\d{2}\.\d{2}\.\d{4}/);

    // Payment details are collapsed until asked for.
    const iban = first.getByTestId('iban');
    await expect(iban).toBeHidden();
    await first.getByRole('button', { name: 'Coordonnées bancaires' }).click();
    // Masked but for the country code and the last four characters, until revealed.
    await expect(iban).toHaveText('FR•• •••• •••• •••• •••• •••8 973');
    await first.getByRole('button', { name: 'Afficher l’IBAN' }).click();
    await expect(iban).toHaveText('FR76 1380 7000 3532 1234 5678 973');
    await expect(first).toContainText('Mme Camille Martin');
    await expectNoAxeViolations(page, 'policies page 1');

    // The change menu lists the four changes, payment included, for a policy with payment details,
    // then the claim declaration of a contract in force (docs/product/claims.md).
    await first.getByRole('button', { name: /Faire un changement/ }).click();
    await expect(first.getByRole('menuitem')).toHaveText([
      'Changer de véhicule',
      'Ajouter un conducteur',
      'Retirer un conducteur',
      'Changer les coordonnées bancaires',
      'Déclarer un sinistre',
    ]);
    await expectNoAxeViolations(page, 'change menu open');
    await page.keyboard.press('Escape');
    await expect(first.getByRole('menu')).toBeHidden();

    // Without payment details, no payment entry (three changes and the claim declaration).
    const dacia = cards.filter({ hasText: 'AU2024061108' });
    await dacia.getByRole('button', { name: /Faire un changement/ }).click();
    await expect(dacia.getByRole('menuitem')).toHaveCount(4);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'suivant' }).click();
    await expect(page.getByText('Page\u00a02 sur\u00a02')).toBeVisible();
    await expect(cards).toHaveCount(2);
    const terminated = cards.filter({ hasText: 'AU2019004215' });
    await expect(terminated).toContainText('Résilié');
    await expect(terminated.getByRole('button', { name: /Faire un changement/ })).toHaveCount(0);
    await expect(terminated.getByRole('link', { name: /Couverture d’assurance/ })).toBeVisible();
    await expectNoAxeViolations(page, 'policies page 2');
    await page.getByRole('link', { name: 'précédent' }).click();
    await expect(page.getByText('Page\u00a01 sur\u00a02')).toBeVisible();
  });

  test('the change menu works with the keyboard and keeps the selected policy', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    const card = page.getByTestId('policy-card').filter({ hasText: 'AU2025087731' });
    await card.getByRole('button', { name: /Faire un changement/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(card.getByRole('menuitem', { name: 'Changer de véhicule' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(card.getByRole('menuitem', { name: 'Ajouter un conducteur' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/addDriver\?contrat=AU2025087731$/);
    expect(await page.evaluate(() => sessionStorage.getItem('selectedPolicyNumber'))).toBe(
      'AU2025087731',
    );
  });

  test('coverages show the selected policy’s guarantees with franchises in euros', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    const card = page.getByTestId('policy-card').filter({ hasText: 'AU2026104512' });
    await card.getByRole('link', { name: /Couverture d’assurance/ }).click();
    await expect(page).toHaveURL(/\/coverages\?contrat=AU2026104512$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Couverture d’assurance' }),
    ).toBeVisible();
    await expect(page.getByText('Peugeot 208 (GH-482-KL)')).toBeVisible();
    const row = page.getByRole('row', { name: /Bris de glace/ });
    await expect(row).toContainText('75,00 €');
    await expect(page.getByRole('row')).toHaveCount(10);
    await expectNoAxeViolations(page, 'coverages');
  });

  test('jean has only terminated policies: no change menu and no documents banner', async ({
    page,
  }) => {
    await signIn(page, DEMO.jean);
    await expect(page.getByTestId('policy-card')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Faire un changement/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Documents à transmettre' })).toHaveCount(0);
    await expect(page.getByTestId('documents-dot')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages des contrats' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'jean policies');
  });

  test('lea has one active policy without payment details and owes nothing', async ({ page }) => {
    await signIn(page, DEMO.lea);
    const card = page.getByTestId('policy-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Fiat 500 Hybride');
    await expect(card.getByRole('button', { name: 'Coordonnées bancaires' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Documents à transmettre' })).toHaveCount(0);
    await card.getByRole('button', { name: /Faire un changement/ }).click();
    // Three changes (no payment details to change) and the claim declaration.
    await expect(card.getByRole('menuitem')).toHaveCount(4);
    await expectNoAxeViolations(page, 'lea policies');
  });
});

test.describe('the payment block on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the IBAN is read in full, grouped by four, and the toggle says what it will do', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    const card = page.getByTestId('policy-card').filter({ hasText: 'AU2026104512' });
    await card.getByRole('button', { name: 'Coordonnées bancaires' }).click();
    const iban = card.getByTestId('iban');
    await expect(iban).toHaveText('FR•• •••• •••• •••• •••• •••8 973');
    // Every group inside the card, none broken across lines; the page no wider than the screen.
    const fits = async () => {
      const edge = (await card.boundingBox())!;
      const groups = await iban.locator('.nowrap').evaluateAll((spans) =>
        spans.map((s) => {
          const r = s.getBoundingClientRect();
          return { right: r.right, height: r.height, lines: s.getClientRects().length };
        }),
      );
      expect(groups).toHaveLength(7);
      for (const g of groups) {
        expect(g.right).toBeLessThanOrEqual(edge.x + edge.width);
        expect(g.lines).toBe(1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        320,
      );
    };
    await fits();
    const show = card.getByRole('button', { name: 'Afficher l’IBAN' });
    const font = (button: typeof show) => button.evaluate((b) => getComputedStyle(b).fontFamily);
    expect(await font(show)).toBe(
      await font(card.getByRole('button', { name: 'Coordonnées bancaires' })),
    );
    await show.click();
    await expect(iban).toHaveText('FR76 1380 7000 3532 1234 5678 973');
    await fits();
    const hide = card.getByRole('button', { name: 'Masquer l’IBAN' });
    await expect(hide).toBeFocused();
    await expectNoAxeViolations(page, 'IBAN shown at 320 px');
    await hide.click();
    await expect(iban).toHaveText('FR•• •••• •••• •••• •••• •••8 973');
    await expect(card.getByRole('button', { name: 'Afficher l’IBAN' })).toBeVisible();
  });
});
