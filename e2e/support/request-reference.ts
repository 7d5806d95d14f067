// Every request's success message ends with its reference (docs/decisions/0046-request-reference-on-success.md).
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

export const REQUEST_REFERENCE = /Référence de votre demande\s:\s(DEM-[0-9A-F]{8})\./;

/** Waits for the reference in the success banner and returns it. */
export async function referenceIn(banner: Locator): Promise<string> {
  await expect(banner).toContainText(REQUEST_REFERENCE);
  return REQUEST_REFERENCE.exec((await banner.textContent()) ?? '')![1]!;
}
