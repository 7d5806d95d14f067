// Chromium's virtual authenticator (DevTools protocol WebAuthn.addVirtualAuthenticator) for the
// passkey specs: a platform authenticator that keeps resident keys, verifies its user and
// answers every request at once, as a person would who touches it.
import type { Page } from '@playwright/test';

export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
