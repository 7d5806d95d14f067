import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIES } from '@espace/contract';
import { hasAnalyticsConsent, hasConsentChoice, saveConsent } from './consent';

function clearConsentCookies() {
  for (const name of Object.values(CONSENT_COOKIES))
    document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('cookie consent (docs/product/account.md "Cookies")', () => {
  afterEach(clearConsentCookies);

  it('is not chosen before the customer answers', () => {
    expect(hasConsentChoice()).toBe(false);
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('keeps a refusal as a choice without analytics consent', () => {
    saveConsent(false);
    expect(hasConsentChoice()).toBe(true);
    expect(hasAnalyticsConsent()).toBe(false);
    expect(document.cookie).toContain(`${CONSENT_COOKIES.performance}=false`);
  });

  it('keeps an acceptance, and a later refusal replaces it', () => {
    saveConsent(true);
    expect(hasAnalyticsConsent()).toBe(true);
    saveConsent(false);
    expect(hasAnalyticsConsent()).toBe(false);
    expect(hasConsentChoice()).toBe(true);
  });
});
