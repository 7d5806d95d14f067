// The step-up dialog of the portal and the console (docs/decisions/0138): the owner gives their
// password again in it, with the keyboard, before a change that opens a new way in.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function proveIdentity(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirmez votre identité' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Mot de passe ou code de vérification', { exact: true });
  await expect(field).toBeFocused();
  await field.fill(password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}
