// docs/product/changes.md /changeVehicle and /changePaymentDetails: from the card menu to the
// success banner, every validation message, the IBAN check's 400 and 403, and failures that
// keep what was typed.
import { addMonths, CHANGE_MESSAGES, IBAN_MESSAGES, PHONE_NUMBERS } from '@espace/contract';
import type { Page } from '@playwright/test';
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
} from './changes-helpers';

const { required: REQUIRED, invalid: INVALID, banners: BANNERS } = CHANGE_MESSAGES;

// Sends change requests and changes payment details for real: a server of its own
// (support/servers.ts).
test.use({ changesData: true });
const GERMAN_IBAN = 'DE89370400440532013000';
const regDate = (page: Page) =>
  page.getByRole('textbox', { name: 'Date de première mise en circulation' });
const effectiveDate = (page: Page) => page.getByRole('textbox', { name: 'Date d’effet' });

test.describe('change the vehicle', () => {
  test('a customer asks for a new vehicle and sees the success banner', async ({ page }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2026104512', 'Changer de véhicule');
    await expect(
      page.getByRole('heading', { level: 1, name: 'CHANGER DE VÉHICULE' }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: PHONE_NUMBERS.urgentVehicleChange }),
    ).toHaveAttribute('href', 'tel:+33199005678');
    await expect(page.getByText(/sous 48 h/)).toBeVisible();
    await page.getByLabel('Marque').fill('Renault');
    await page.getByLabel('Modèle').fill('Mégane E-Tech');
    await page.getByLabel('Énergie').selectOption('Électrique');
    await page.getByLabel('Finition').fill('Techno');
    await page.getByLabel('Immatriculation').fill('gk123ab');
    await page
      .getByRole('textbox', { name: 'Date de première mise en circulation' })
      .fill('02/05/2024');
    await page.getByRole('textbox', { name: 'Date d’effet' }).fill(french(addMonths(today(), 6)));
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.changeVehicle.success);
    await referenceIn(page.getByTestId('banner'));
    expect(calls.map((c) => c.method())).toEqual(['PUT']);
    expect(calls[0]!.postDataJSON()).toEqual({
      manufacturer: 'Renault',
      model: 'Mégane E-Tech',
      engine: 'Électrique',
      equipment: 'Techno',
      licensePlate: 'GK-123-AB',
      regDate: '2024-05-02',
      effectiveDate: addMonths(today(), 6),
    });
    expect(await analyticsEvents(page)).toContain('contract_vehicle_changed');
  });

  test('every mistake gets its French message and nothing is sent', async ({ page }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2026104512', 'Changer de véhicule');
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Marque'), REQUIRED.manufacturer],
      [page.getByLabel('Modèle'), REQUIRED.model],
      [page.getByLabel('Énergie'), REQUIRED.engine],
      [page.getByLabel('Finition'), REQUIRED.equipment],
      [page.getByLabel('Immatriculation'), REQUIRED.licensePlate],
      [regDate(page), REQUIRED.regDate],
      [effectiveDate(page), REQUIRED.effectiveDate],
    ]);
    await expect(page.getByLabel('Marque')).toBeFocused();
    await expectNoAxeViolations(page, 'change vehicle with errors');

    await page.getByLabel('Marque').fill('Renault');
    await page.getByLabel('Modèle').fill('Clio');
    await page.getByLabel('Énergie').selectOption('Essence');
    await page.getByLabel('Finition').fill('Zen');
    await page.getByLabel('Immatriculation').fill('123 ABC 75');
    await page
      .getByRole('textbox', { name: 'Date de première mise en circulation' })
      .fill(french(daysFrom(today(), 1)));
    await page
      .getByRole('textbox', { name: 'Date d’effet' })
      .fill(french(daysFrom(addMonths(today(), 6), 1)));
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Immatriculation'), INVALID.licensePlate],
      [regDate(page), INVALID.futureDate],
      [effectiveDate(page), INVALID.effectiveTooFar],
    ]);
    await expect(page.getByLabel('Immatriculation')).toBeFocused();
    await page.getByRole('textbox', { name: 'Date d’effet' }).fill(french(daysFrom(today(), -1)));
    await expect(page.getByText(INVALID.pastDate)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  test('a server failure shows the error banner and keeps what was typed', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/AU2026104512\/vehicle/, 503));
    await openChange(page, 'AU2026104512', 'Changer de véhicule');
    // page.route makes this one call fail: the real server would accept it.
    await page.route('**/api/v1/policy/accounts/*/AU2026104512/vehicle', (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await page.getByLabel('Marque').fill('Renault');
    await page.getByLabel('Modèle').fill('Clio');
    await page.getByLabel('Énergie').selectOption('Diesel');
    await page.getByLabel('Finition').fill('Zen');
    await page.getByLabel('Immatriculation').fill('GK-123-AB');
    await page
      .getByRole('textbox', { name: 'Date de première mise en circulation' })
      .fill('02.05.2024');
    await page.getByRole('textbox', { name: 'Date d’effet' }).fill(french(today()));
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    await expect(page.getByTestId('banner')).toContainText(BANNERS.changeVehicle.error);
    await expect(page).toHaveURL(/\/changeVehicle\?contrat=[A-Z0-9]+$/);
    await expect(page.getByLabel('Modèle')).toHaveValue('Clio');
    await expect(page.getByLabel('Énergie')).toHaveValue('Diesel');
  });
});

test.describe('change the payment details', () => {
  test('a customer gives another holder and a SEPA IBAN; the card shows them at once', async ({
    page,
  }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2023049920', 'Changer les coordonnées bancaires');
    await expect(
      page.getByRole('heading', { level: 1, name: 'CHANGER LES DÉTAILS DE PAIEMENT' }),
    ).toBeVisible();
    await expect(page.getByLabel('Titulaire du compte', { exact: true })).toHaveValue(
      'Mme Camille Martin',
    );
    await expect(page.getByLabel('Titulaire du compte', { exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
    await page.getByLabel('Le titulaire du compte bancaire est différent de l’assuré').check();
    await expect(page.getByLabel('Titulaire du compte', { exact: true })).toHaveCount(0);
    await page.getByLabel('Civilité du titulaire').selectOption('Mme');
    await page.getByLabel('Prénom du titulaire').fill('Claire');
    await page.getByLabel('Nom du titulaire', { exact: true }).fill('Dupont');
    await page.getByLabel('IBAN').pressSequentially('de89370400440532013000');
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Changer les détails de paiement' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.changePayment.success);
    await referenceIn(page.getByTestId('banner'));
    expect(
      calls.map((c) => `${c.method()} ${c.url().replace(/.*\/accounts\/[^/]+\//, '')}`),
    ).toEqual([`POST iban/${GERMAN_IBAN}`, 'PUT AU2023049920/payment-details']);
    expect(calls[1]!.postDataJSON()).toMatchObject({
      bankAccount: { iban: GERMAN_IBAN, ownerName: 'Mme Claire DUPONT', changeHolder: true },
    });
    expect(await analyticsEvents(page)).toContain('contract_payment_details_changed');
    const card = page.getByTestId('policy-card').filter({ hasText: 'AU2023049920' });
    await card.getByRole('button', { name: 'Coordonnées bancaires' }).click();
    // Masked until revealed.
    await expect(card).toContainText('DE•• •••• •••• •••• ••30 00');
    await card.getByRole('button', { name: 'Afficher l’IBAN' }).click();
    await expect(card).toContainText('DE89 3704 0044 0532 0130 00');
    await expect(card).toContainText('Mme Claire DUPONT');
  });

  test('holder and IBAN rules show their French messages and nothing is sent', async ({ page }) => {
    const calls = recordChangeCalls(page);
    await openChange(page, 'AU2025087731', 'Changer les coordonnées bancaires');
    await page.getByRole('button', { name: 'Changer les détails de paiement' }).click();
    await expectFieldErrors(page, [[page.getByLabel('IBAN'), REQUIRED.iban]]);
    await expect(page.getByLabel('IBAN')).toBeFocused();

    await page.getByLabel('Le titulaire du compte bancaire est différent de l’assuré').check();
    await page.getByLabel('Prénom du titulaire').fill('A');
    await page.getByLabel('Nom du titulaire', { exact: true }).fill('B'.repeat(41));
    await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188');
    await page.getByRole('button', { name: 'Changer les détails de paiement' }).click();
    await expectFieldErrors(page, [
      [page.getByLabel('Civilité du titulaire'), REQUIRED.salutation],
      [page.getByLabel('Prénom du titulaire'), INVALID.holderNameLength],
      [page.getByLabel('Nom du titulaire', { exact: true }), INVALID.holderNameLength],
      [page.getByLabel('IBAN'), IBAN_MESSAGES.incorrect],
    ]);
    await expect(page.getByLabel('Civilité du titulaire')).toBeFocused();
    await expect(page.getByLabel('IBAN')).toHaveAccessibleDescription(
      `Par exemple FR76 3000 6000 0112 3456 7890 189 ${IBAN_MESSAGES.incorrect}`,
    );
    await expectNoAxeViolations(page, 'change payment with errors');
    // A well-formed IBAN of a country outside SEPA.
    await page.getByLabel('IBAN').fill('BR18 0036 0305 0000 1000 9795 493C 1');
    await expect(page.getByText(IBAN_MESSAGES.notUsable)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  for (const [status, message] of [
    [400, IBAN_MESSAGES.incorrect],
    [403, IBAN_MESSAGES.notUsable],
  ] as const) {
    test(`the IBAN check answering ${status} shows its message under the field and stops there`, async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.expect(failedRequest(/\/iban\/DE89370400440532013000/, status));
      const calls = recordChangeCalls(page);
      await openChange(page, 'AU2025087731', 'Changer les coordonnées bancaires');
      // page.route gives the check's answer: the real server accepts this IBAN (its own
      // 400 and 403 are covered by the API tests).
      await page.route('**/api/v1/policy/accounts/*/iban/*', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'x', message } }),
        }),
      );
      await page.getByLabel('IBAN').fill(GERMAN_IBAN);
      await page.getByRole('button', { name: 'Changer les détails de paiement' }).click();
      await expectFieldErrors(page, [[page.getByLabel('IBAN'), message]]);
      await expect(page.getByLabel('IBAN')).toBeFocused();
      await expect(page.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
      expect(calls.map((c) => c.method())).toEqual(['POST']);
      await expect(
        page.getByRole('button', { name: 'Changer les détails de paiement' }),
      ).toBeEnabled();
    });
  }

  test('a failed update shows the error banner, keeps the form and the button is disabled while it runs', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/AU2025087731\/payment-details/, 500));
    await openChange(page, 'AU2025087731', 'Changer les coordonnées bancaires');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // page.route holds, then fails, this one call: the real server would accept it.
    await page.route('**/api/v1/policy/accounts/*/AU2025087731/payment-details', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    await page.getByLabel('IBAN').fill(GERMAN_IBAN);
    const submit = page.getByRole('button', { name: 'Changer les détails de paiement' });
    await submit.click();
    // The button says what is happening while the request runs.
    await expect(page.getByRole('button', { name: 'Envoi…' })).toBeDisabled();
    release();
    await expect(page.getByTestId('banner')).toContainText(BANNERS.changePayment.error);
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await expect(page).toHaveURL(/\/changePaymentDetails\?contrat=[A-Z0-9]+$/);
    await expectNoAxeViolations(page, 'change payment error banner');
  });
});
