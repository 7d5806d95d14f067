// Every request's success message ends with its reference (docs/decisions/0046-request-reference-on-success.md),
// and the call-back a spec asks for to have a request to follow.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const REQUEST_REFERENCE = /Référence de votre demande\s:\s(DEM-[0-9A-F]{8})\./;

/** Waits for the reference in the success banner and returns it. */
export async function referenceIn(banner: Locator): Promise<string> {
  await expect(banner).toContainText(REQUEST_REFERENCE);
  return REQUEST_REFERENCE.exec((await banner.textContent()) ?? '')![1]!;
}

/** Asks for a call-back at `phone` on the contact page open in `page`: the request's reference. */
export async function askCallBack(page: Page, phone: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Être rappelé(e)' });
  await card.getByLabel('Votre numéro de téléphone').fill(phone);
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  return referenceIn(page.getByTestId('banner'));
}
