// The French date field shared by every change form (docs/product/changes.md /addDriver) and what a change
// screen does without a policy it may change (docs/product/changes.md).
import { addMonths } from '@espace/contract';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { daysFrom, french, openChange, today } from './changes-helpers';

test.describe('the French date field', () => {
  test('the calendar is French, keyboard-usable, refuses days before its minimum and opens upward near the bottom', async ({
    page,
  }) => {
    await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
    const field = page.getByRole('textbox', { name: 'Date d’effet' });
    await expect(field).toHaveAttribute('placeholder', 'jj.mm.aaaa');
    const toggle = page.getByRole('button', { name: 'Choisir une date : Date d’effet' });

    // The birth date field scrolled to the top of the window: room below, it opens downward.
    const birthDate = page.getByRole('textbox', { name: 'Date de naissance' });
    await birthDate.evaluate((input) => input.scrollIntoView({ block: 'start' }));
    expect(
      await birthDate.evaluate(
        (input) => window.innerHeight - input.getBoundingClientRect().bottom,
      ),
    ).toBeGreaterThanOrEqual(300);
    await page.getByRole('button', { name: 'Choisir une date : Date de naissance' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Choisir une date : Date de naissance' }),
    ).toHaveAttribute('data-placement', 'bottom');
    await page.keyboard.press('Escape');

    await toggle.click();
    const calendar = page.getByRole('dialog', { name: 'Choisir une date : Date d’effet' });
    await expect(calendar.getByRole('columnheader')).toHaveText([
      'lun.',
      'mar.',
      'mer.',
      'jeu.',
      'ven.',
      'sam.',
      'dim.',
    ]);
    const todayLabel = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }).format(new Date());
    await expect(calendar.getByRole('button', { name: todayLabel })).toBeFocused();
    await expectNoAxeViolations(page, 'calendar open');

    // Yesterday is before the minimum: picking it does nothing.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeVisible();
    await expect(field).toHaveValue('');
    // A week later, then a month later, then Enter picks it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(field).toHaveValue(french(addMonths(daysFrom(today(), 7), 1)));
    await expect(toggle).toBeFocused();

    // Escape closes without picking.
    await toggle.click();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(field).toHaveValue(french(addMonths(daysFrom(today(), 7), 1)));

    // Less than 300 px below the input: it opens upward.
    await page.setViewportSize({ width: 1280, height: 600 });
    await field.evaluate((input) => {
      const { bottom } = input.getBoundingClientRect();
      window.scrollBy(0, bottom - window.innerHeight + 120);
    });
    expect(
      await field.evaluate((input) => window.innerHeight - input.getBoundingClientRect().bottom),
    ).toBeLessThan(300);
    await toggle.click();
    await expect(calendar).toHaveAttribute('data-placement', 'top');
    const [box, input] = [await calendar.boundingBox(), await field.boundingBox()];
    expect(box!.y + box!.height).toBeLessThanOrEqual(input!.y);
  });
});

test.describe('a change screen without a policy to change', () => {
  test('goes home when no policy is selected or the selected one is terminated', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    await page.goto('/changeVehicle');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // docs/product/changes.md: a terminated policy has no change menu; typing the address does not help.
    await page.evaluate(() => sessionStorage.setItem('selectedPolicyNumber', 'AU2019004215'));
    await page.goto('/addDriver');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
