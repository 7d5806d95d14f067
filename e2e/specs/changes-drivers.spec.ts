// docs/product/changes.md /addDriver and /removeDriver: from the card menu to the success banner, every
// validation message, and a server failure that keeps what was typed.
import { CHANGE_MESSAGES, PHONE_NUMBERS } from '@espace/contract';
import { expect, expectNoAxeViolations, failedRequest, test } from '../support/fixtures';
import { referenceIn } from '../support/request-reference';
import {
  analyticsEvents,
  daysFrom,
  expectFieldErrors,
  french,
  openChange,
  recordChangeCalls,
  today,
  yearsAgo,
} from './changes-helpers';

const { required: REQUIRED, invalid: INVALID, banners: BANNERS } = CHANGE_MESSAGES;

// Sends change requests for real: a server of its own (support/servers.ts).
test.use({ changesData: true });

test.describe('add a driver', () => {
  test('a customer adds a driver from the card menu and sees the success banner', async ({
    page,
  }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
    await expect(
      page.getByRole('heading', { level: 1, name: 'AJOUTER UN CONDUCTEUR' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: PHONE_NUMBERS.customerService })).toHaveAttribute(
      'href',
      'tel:+33199001234',
    );
    await page.getByLabel('Civilité').selectOption('Mme');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Date de naissance').fill(french(yearsAgo(19)).replaceAll('.', '/'));
    await page.getByLabel('Bonus/malus (coefficient)').fill('0,85');
    await page.getByLabel('Lien avec l’assuré').selectOption('Enfant');
    await page.getByLabel('Numéro de permis de conduire').fill('1234 5678 9012');
    await page.getByLabel('Date d’obtention du permis').fill(french(today()).replaceAll('.', '-'));
    // The effective date is picked in the calendar: today is focused, Enter picks it.
    await page.getByRole('button', { name: 'Choisir une date : Date d’effet' }).click();
    await expect(
      page.getByRole('button', { name: 'Choisir une date : Date d’effet' }),
    ).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Date d’effet')).toHaveValue(french(today()));

    await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.addDriver.success);
    await referenceIn(page.getByTestId('banner'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method()).toBe('POST');
    expect(calls[0]!.url()).toMatch(/\/AU2026104512\/driver$/);
    expect(calls[0]!.postDataJSON()).toEqual({
      salutation: 'Mme',
      firstName: 'Léa',
      lastName: 'Martin',
      birthDate: yearsAgo(19),
      bonus: 0.85,
      relationToCustomer: 'Enfant',
      driverLicenseNr: '123456789012',
      driverLicensePermDate: today(),
      effectiveDate: today(),
    });
    expect(await analyticsEvents(page)).toContain('contract_driver_added');
  });

  test('every mistake gets its French message, linked to its field, and nothing is sent', async ({
    page,
  }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
    await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Civilité'), REQUIRED.salutation],
      [page.getByLabel('Prénom'), REQUIRED.firstName],
      [page.getByLabel('Nom', { exact: true }), REQUIRED.lastName],
      [page.getByLabel('Date de naissance'), REQUIRED.birthDate],
      [page.getByLabel('Bonus/malus (coefficient)'), REQUIRED.bonus],
      [page.getByLabel('Lien avec l’assuré'), REQUIRED.relationToCustomer],
      [page.getByLabel('Numéro de permis de conduire'), REQUIRED.driverLicenseNr],
      [page.getByLabel('Date d’obtention du permis'), REQUIRED.driverLicensePermDate],
      [page.getByLabel('Date d’effet'), REQUIRED.effectiveDate],
    ]);
    await expect(page.getByLabel('Civilité')).toBeFocused();
    await expectNoAxeViolations(page, 'add driver with errors');

    // One day short of 18, a past effective date, an impossible date.
    await page.getByLabel('Date de naissance').fill(french(daysFrom(yearsAgo(18), 1)));
    await page.getByLabel('Date d’effet').fill(french(daysFrom(today(), -1)));
    await page.getByLabel('Date d’obtention du permis').fill('31.02.2026');
    await page.getByLabel('Bonus/malus (coefficient)').fill('9');
    await page.getByLabel('Numéro de permis de conduire').fill('123');
    await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
    await expect(page.getByLabel('Date de naissance')).toHaveAccessibleDescription(
      `Format jj.mm.aaaa ${INVALID.minAge}`,
    );
    await expect(page.getByLabel('Date d’effet')).toHaveAccessibleDescription(
      `Format jj.mm.aaaa ${INVALID.pastDate}`,
    );
    await expect(page.getByLabel('Date d’obtention du permis')).toHaveAccessibleDescription(
      `Format jj.mm.aaaa ${INVALID.date}`,
    );
    await expect(page.getByLabel('Bonus/malus (coefficient)')).toHaveAccessibleDescription(
      `Par exemple 0,85 ${INVALID.bonusRange(0.5, 3.5)}`,
    );
    await expect(page.getByLabel('Numéro de permis de conduire')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText(INVALID.driverLicenseNr(12))).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  test('a server failure shows the error banner and keeps what was typed', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/AU2026104512\/driver/, 500));
    await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
    // page.route makes this one call fail: the real server would accept it.
    await page.route('**/api/v1/policy/accounts/*/AU2026104512/driver', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByLabel('Civilité').selectOption('Mr');
    await page.getByLabel('Prénom').fill('Hugo');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Date de naissance').fill(french(yearsAgo(25)));
    await page.getByLabel('Bonus/malus (coefficient)').fill('1');
    await page.getByLabel('Lien avec l’assuré').selectOption('Enfant');
    await page.getByLabel('Numéro de permis de conduire').fill('123456789012');
    await page.getByLabel('Date d’obtention du permis').fill(french(yearsAgo(5)));
    await page.getByLabel('Date d’effet').fill(french(today()));
    await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
    await expect(page.getByTestId('banner')).toContainText(BANNERS.addDriver.error);
    await expect(page).toHaveURL(/\/addDriver\?contrat=[A-Z0-9]+$/);
    await expect(page.getByLabel('Prénom')).toHaveValue('Hugo');
    await expect(page.getByLabel('Date de naissance')).toHaveValue(french(yearsAgo(25)));
    expect(await analyticsEvents(page)).not.toContain('contract_driver_added');
    await expectNoAxeViolations(page, 'add driver error banner');
  });
});

test.describe('remove a driver', () => {
  test('a customer picks a secondary driver of the policy and removes them', async ({ page }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2025087731', 'Retirer un conducteur');
    await expect(
      page.getByRole('heading', { level: 1, name: 'RETIRER UN CONDUCTEUR' }),
    ).toBeVisible();
    const picker = page.getByLabel('Conducteur du contrat à retirer');
    // Only Inès: Camille is the principal driver and cannot be removed here.
    await expect(picker.getByRole('option')).toHaveText([
      '-- Choisir un conducteur --',
      'Mme Inès Martin (né(e) le 21.03.2006)',
    ]);
    await picker.selectOption({ label: 'Mme Inès Martin (né(e) le 21.03.2006)' });
    await expect(page.getByLabel('Civilité')).toHaveValue('Mme');
    await expect(page.getByLabel('Prénom')).toHaveValue('Inès');
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Martin');
    await expect(page.getByLabel('Date de naissance')).toHaveValue('21.03.2006');
    await page
      .getByLabel('Quand voudriez-vous que cela prenne effet ?')
      .fill(french(daysFrom(today(), 3)));
    await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.removeDriver.success);
    await referenceIn(page.getByTestId('banner'));
    expect(calls.map((c) => c.method())).toEqual(['DELETE']);
    expect(calls[0]!.postDataJSON()).toEqual({
      salutation: 'Mme',
      firstName: 'Inès',
      lastName: 'Martin',
      birthDate: '2006-03-21',
      effectiveDate: daysFrom(today(), 3),
    });
    expect(await analyticsEvents(page)).toContain('contract_driver_removed');
  });

  test('every field is required, the effective date not in the past, and errors pass axe', async ({
    page,
  }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2025087731', 'Retirer un conducteur');
    await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Civilité'), REQUIRED.salutation],
      [page.getByLabel('Prénom'), REQUIRED.firstName],
      [page.getByLabel('Nom', { exact: true }), REQUIRED.lastName],
      [page.getByLabel('Date de naissance'), REQUIRED.birthDate],
      [page.getByLabel('Quand voudriez-vous que cela prenne effet ?'), REQUIRED.effectiveDate],
    ]);
    await expect(page.getByLabel('Civilité')).toBeFocused();
    await expectNoAxeViolations(page, 'remove driver with errors');
    await page.getByLabel('Civilité').selectOption('Mme');
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Date de naissance').fill('21.03.2006');
    await page
      .getByLabel('Quand voudriez-vous que cela prenne effet ?')
      .fill(french(daysFrom(today(), -1)));
    await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Quand voudriez-vous que cela prenne effet ?'), INVALID.pastDate],
    ]);
    await expect(page.getByLabel('Quand voudriez-vous que cela prenne effet ?')).toBeFocused();
    expect(calls).toHaveLength(0);
  });

  test('a network failure shows the error banner and keeps the form', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/AU2025087731\/driver/));
    await openChange(page, 'AU2025087731', 'Retirer un conducteur');
    // page.route aborts this one call, as a lost connection would.
    await page.route('**/api/v1/policy/accounts/*/AU2025087731/driver', (route) => route.abort());
    await page.getByLabel('Conducteur du contrat à retirer').selectOption({ index: 1 });
    await page.getByLabel('Quand voudriez-vous que cela prenne effet ?').fill(french(today()));
    await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
    await expect(page.getByTestId('banner')).toContainText(BANNERS.removeDriver.error);
    await expect(page.getByLabel('Prénom')).toHaveValue('Inès');
    await expect(page.getByLabel('Quand voudriez-vous que cela prenne effet ?')).toHaveValue(
      french(today()),
    );
  });
});
