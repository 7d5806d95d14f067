// docs/product/addresses.md /changeAddress and "Address save": the address
// changes from 'Mon compte' to the banner back on 'Mon compte' (docs/product/addresses.md). These change camille's demo data (her
// personal address; garage changes are requests for the broker and leave the cards as they are).
import { ADDRESS_MESSAGES } from '@espace/contract';
import type { Page, Request } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, failedRequest, test } from '../support/fixtures';
import { referenceIn } from '../support/request-reference';
import {
  dataLayer,
  field,
  garageCard,
  openAccount,
  personalCard,
  pickPlace,
  searchBox,
} from './account-helpers';

const {
  banners: BANNERS,
  check: CHECK,
  linkedPolicies: LINKED,
  notRecognised: NOT_RECOGNISED,
} = ADDRESS_MESSAGES;
const ADDRESS_CALL =
  /\/api\/v1\/(account\/accounts\/[^/]+\/(validateAddress|address)|policy\/accounts\/[^/]+\/address\/)/;

function recordAddressCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (ADDRESS_CALL.test(request.url())) calls.push(request);
  });
  return calls;
}

// Terminations and address changes write: this spec gets a server of its own (servers.ts).
test.use({ changesData: true });

/**
 * Offline, nothing can confirm a street: the check says so and the customer saves it anyway
 * (docs/decisions/0044-address-truthfulness-and-complement.md).
 */
async function confirmUnverifiedStreet(page: Page, street: string) {
  const dialog = page.getByRole('dialog', { name: NOT_RECOGNISED.title });
  await expect(dialog).toContainText(CHECK.unverifiedStreet(street));
  await dialog.getByRole('button', { name: NOT_RECOGNISED.confirm }).click();
}

test.describe('address changes', () => {
  test('a failed save shows the error banner and keeps the form as typed', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/api\/v1\/account\/accounts\/[^/]+\/address$/, 500));
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    await openAccount(page, DEMO.camille);
    await personalCard(page)
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    await page
      .getByRole('dialog', { name: LINKED.question })
      .getByRole('button', { name: 'Oui' })
      .click();
    // page.route makes this one call fail: the real server would accept it.
    await page.route('**/api/v1/account/accounts/*/address', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await pickPlace(page, '69100', 'Villeurbanne (69100)');
    await field(page, 'Numéro').fill('3');
    await field(page, 'Voie').fill('rue Anatole France');
    await page.getByRole('button', { name: 'enregistrer' }).click();
    await confirmUnverifiedStreet(page, '3 rue Anatole France');
    await expect(page.getByTestId('banner')).toContainText(BANNERS.error);
    await expect(page).toHaveURL(/\/changeAddress$/);
    await expect(field(page, 'Voie')).toHaveValue('rue Anatole France');
    await expect(field(page, 'Code postal')).toHaveValue('69100');
  });

  test('a customer changes the personal address from Mon compte with the keyboard', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    const calls = recordAddressCalls(page);
    await openAccount(page, DEMO.camille);
    await personalCard(page)
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    // Her personal address is the garage address of two policies: the modal asks first.
    const modal = page.getByRole('dialog', { name: LINKED.question });
    await expect(modal).toContainText(LINKED.text);
    await modal.getByRole('button', { name: 'Oui' }).click();
    await expect(page).toHaveURL(/\/changeAddress$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Modifier mon adresse personnelle' }),
    ).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('addressData')))!)).toEqual(
      {
        addressId: expect.any(String),
        policyNumber: 'AU2026104512',
        postalAddress: true,
      },
    );
    // The form stays hidden until a place is picked. Offline, the search says it finds communes.
    await expect(searchBox(page)).toHaveAccessibleDescription(/choisissez votre commune/);
    await expect(field(page, 'Numéro')).toHaveCount(0);
    await expectNoAxeViolations(page, '/changeAddress');

    // By postal code: the list opens, its size is announced, Escape closes it then clears.
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('69100');
    await expect(page.getByRole('option', { name: 'Villeurbanne (69100)' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: '1 adresse proposée' })).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Villeurbanne (69100)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNoAxeViolations(page, 'place search open');
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(box).toHaveValue('');

    // By a commune typed without its accent.
    await pickPlace(page, 'ecully', 'Écully (69130)');
    await expect(field(page, 'Code postal')).toHaveValue('69130');
    await expect(field(page, 'Ville')).toHaveValue('Écully');
    await expect(field(page, 'Pays')).toHaveValue('France');
    const save = page.getByRole('button', { name: 'enregistrer' });
    await expect(save).toBeDisabled();
    await field(page, 'Numéro').fill('12');
    await field(page, 'Voie').fill('chemin de la Forêt ');
    await expect(save).toBeEnabled();
    // A field emptied says why, linked to it.
    await field(page, 'Voie').fill('');
    await field(page, 'Pays').focus();
    await expect(field(page, 'Voie')).toHaveAccessibleDescription(ADDRESS_MESSAGES.required.street);
    await expect(save).toBeDisabled();
    await expectNoAxeViolations(page, 'address form with an error');
    await field(page, 'Voie').fill('chemin de la Forêt ');
    await save.click();
    await confirmUnverifiedStreet(page, '12 chemin de la Forêt');

    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.personalSuccess);
    await referenceIn(page.getByTestId('banner'));
    expect(
      calls.map((c) => `${c.method()} ${c.url().replace(/.*\/accounts\/[^/]+\//, '')}`),
    ).toEqual(['POST validateAddress', 'PUT address']);
    expect(calls[1]!.postDataJSON()).toEqual({
      id: expect.any(String),
      street: '12 CHEMIN DE LA FORÊT',
      zip: '69130',
      city: 'ÉCULLY',
      country: 'FRANCE',
      policyNumber: 'AU2026104512',
    });
    const pushed = await dataLayer(page);
    expect(pushed).toContainEqual({
      event: 'page_view',
      page: '/changeAddress',
      label: 'personal',
    });
    expect(pushed.map((e) => e.event)).toContain('account_address_changed');
    expect(await page.evaluate(() => sessionStorage.getItem('addressData'))).toBeNull();

    // Back where the change started, the card shows the new address.
    await expect(personalCard(page)).toContainText('12 CHEMIN DE LA FORÊT');
    await expect(personalCard(page)).toContainText('69130 ÉCULLY');
  });

  test('a garage address shared by two policies is changed for both', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    const calls = recordAddressCalls(page);
    await openAccount(page, DEMO.camille);
    await garageCard(page, '4 chemin des Vignes')
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    await page
      .getByRole('dialog', { name: LINKED.question })
      .getByRole('button', { name: 'Oui' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Modifier l’adresse du lieu de garage' }),
    ).toBeVisible();
    await pickPlace(page, 'craponne', 'Craponne (69290)');
    await field(page, 'Numéro').fill('6');
    await field(page, 'Voie').fill('allée des Cerisiers');
    await field(page, 'Complément d’adresse (facultatif)').fill('Bâtiment A');
    await page.getByRole('button', { name: 'enregistrer' }).click();
    await confirmUnverifiedStreet(page, '6 allée des Cerisiers');

    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.garageSuccess);
    await referenceIn(page.getByTestId('banner'));
    // A request for the broker: back on 'Mon compte', the card keeps the address until then.
    await expect(garageCard(page, '4 chemin des Vignes')).toBeVisible();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.method()).toBe('PUT');
    expect(calls[1]!.url()).toMatch(/\/policy\/accounts\/[^/]+\/address\/AU2024061108$/);
    expect(calls[1]!.postDataJSON()).toEqual({
      id: expect.any(String),
      street: '6 ALLÉE DES CERISIERS',
      zip: '69290',
      city: 'CRAPONNE',
      country: 'FRANCE',
      complement: 'BÂTIMENT A',
    });
    const pushed = await dataLayer(page);
    expect(pushed).toContainEqual({
      event: 'page_view',
      page: '/changeAddress',
      label: 'contract',
    });
    expect(pushed.map((e) => e.event)).toContain('garage_address_changed');
  });

  test('an address the check does not recognise can be edited, then confirmed anyway', async ({
    page,
    consoleErrors,
  }) => {
    // The check refuses the address twice (400), as the customer submits it twice.
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    const calls = recordAddressCalls(page);
    await openAccount(page, DEMO.camille);
    await garageCard(page, '18 rue des Lilas')
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    await page
      .getByRole('dialog', { name: LINKED.question })
      .getByRole('button', { name: 'Oui' })
      .click();
    await pickPlace(page, '69003', 'Lyon (69003)');
    await field(page, 'Numéro').fill('20');
    await field(page, 'Voie').fill('rue des Lilas');
    await field(page, 'Code postal').fill('99999');
    await page.getByRole('button', { name: 'enregistrer' }).click();

    const dialog = page.getByRole('dialog', { name: NOT_RECOGNISED.title });
    await expect(dialog).toContainText('Le code postal 99999 n’existe pas.');
    // Correcting is the primary action, focused when the dialog opens (decision 0044).
    const edit = dialog.getByRole('button', { name: NOT_RECOGNISED.edit });
    await expect(edit).toBeFocused();
    await expect(edit).not.toHaveClass(/button--secondary/);
    await expect(dialog.getByRole('button', { name: NOT_RECOGNISED.confirm })).toHaveClass(
      /button--secondary/,
    );
    await expectNoAxeViolations(page, 'address not recognised');
    await edit.click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Code postal')).toHaveValue('99999');

    await page.getByRole('button', { name: 'enregistrer' }).click();
    await dialog.getByRole('button', { name: NOT_RECOGNISED.confirm }).click();
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(page.getByTestId('banner')).toContainText(BANNERS.garageSuccess);
    await referenceIn(page.getByTestId('banner'));
    expect(calls.map((c) => c.method())).toEqual(['POST', 'POST', 'PUT']);
    expect(calls[2]!.url()).toMatch(/\/address\/AU2026104512$/);
    expect(calls[2]!.postDataJSON()).toMatchObject({ zip: '99999', city: 'LYON' });
  });

  test('an invented street is not saved without a word on a phone', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    const calls = recordAddressCalls(page);
    await openAccount(page, DEMO.camille);
    await page.setViewportSize({ width: 375, height: 800 });
    await garageCard(page, '18 rue des Lilas')
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    await page
      .getByRole('dialog', { name: LINKED.question })
      .getByRole('button', { name: 'Oui' })
      .click();
    await pickPlace(page, '69100', 'Villeurbanne (69100)');
    await field(page, 'Numéro').fill('5');
    await field(page, 'Voie').fill('rue Imaginaire du Zèbre');
    await page.getByRole('button', { name: 'enregistrer' }).click();

    // Before anything is saved, the check says the street could not be verified.
    const dialog = page.getByRole('dialog', { name: NOT_RECOGNISED.title });
    await expect(dialog).toContainText(
      'La voie «\u00a05 rue Imaginaire du Zèbre\u00a0» n’a pas pu être vérifiée\u00a0: vérifiez son orthographe avant d’enregistrer.',
    );
    const edit = dialog.getByRole('button', { name: NOT_RECOGNISED.edit });
    await expect(edit).toBeFocused();
    await expect(dialog.getByRole('button', { name: NOT_RECOGNISED.confirm })).toBeVisible();
    await expectNoAxeViolations(page, 'street not verified at 375 px');
    expect(calls.map((c) => c.method())).toEqual(['POST']);
    await edit.click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Voie')).toHaveValue('rue Imaginaire du Zèbre');
    await field(page, 'Voie').fill('rue Anatole France');
    await page.getByRole('button', { name: 'enregistrer' }).click();
    await expect(dialog).toContainText(CHECK.unverifiedStreet('5 rue Anatole France'));
    expect(calls.map((c) => c.method())).toEqual(['POST', 'POST']);
  });

  test('a complement (bâtiment, appartement) is optional, limited, and shown on Mon compte on a phone', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/validateAddress$/, 400));
    await openAccount(page, DEMO.camille);
    await page.setViewportSize({ width: 375, height: 800 });
    await personalCard(page)
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    // An earlier test of this file may have moved her personal address away from her garages.
    const linked = page.getByRole('dialog', { name: LINKED.question });
    const title = page.getByRole('heading', { level: 1, name: 'Modifier mon adresse personnelle' });
    await expect(linked.or(title)).toBeVisible();
    if (await linked.isVisible()) await linked.getByRole('button', { name: 'Oui' }).click();
    await pickPlace(page, '69100', 'Villeurbanne (69100)');
    await field(page, 'Numéro').fill('3');
    await field(page, 'Voie').fill('rue Anatole France');
    const complement = field(page, 'Complément d’adresse (facultatif)');
    await expect(complement).toHaveAccessibleDescription('Bâtiment, appartement, escalier…');
    // Optional: the save button does not wait for it.
    await expect(page.getByRole('button', { name: 'enregistrer' })).toBeEnabled();
    await complement.fill('Résidence des Tilleuls, bâtiment B, esc. 2');
    await field(page, 'Pays').focus();
    await expect(complement).toHaveAccessibleDescription(
      /Ce champ ne doit pas dépasser 38 caractères/,
    );
    await expectNoAxeViolations(page, 'complement too long at 375 px');
    await page.getByRole('button', { name: 'enregistrer' }).click();
    await expect(complement).toBeFocused();
    await expect(page.getByRole('dialog', { name: NOT_RECOGNISED.title })).toHaveCount(0);

    await complement.fill('Bâtiment B, appartement 12');
    await page.getByRole('button', { name: 'enregistrer' }).click();
    await confirmUnverifiedStreet(page, '3 rue Anatole France');
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(personalCard(page)).toContainText('BÂTIMENT B, APPARTEMENT 12');
    await expect(personalCard(page)).toContainText('3 RUE ANATOLE FRANCE');
    await expectNoAxeViolations(page, 'personal address with its complement at 375 px');
  });
});
