import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIES } from '@espace/contract';
import { hasConsentChoice, saveConsent } from './consent';
import { ANALYTICS_EVENTS, trackEvent, trackPageView } from './tracking';

function clearConsentCookies() {
  for (const name of Object.values(CONSENT_COOKIES))
    document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('analytics tracking (docs/product/legal-and-cookies.md "Cookies")', () => {
  afterEach(() => {
    clearConsentCookies();
    delete window.dataLayer;
  });

  it('pushes nothing before the customer has chosen', () => {
    expect(hasConsentChoice()).toBe(false);
    trackPageView('/faq');
    trackEvent(ANALYTICS_EVENTS.faqSearch, { search_term: 'bonus' });
    expect(window.dataLayer).toBeUndefined();
  });

  it('pushes page views and events only while the performance cookie says true', () => {
    saveConsent(true);
    trackPageView('/faq');
    trackEvent(ANALYTICS_EVENTS.driverAdded);
    saveConsent(false);
    trackPageView('/contact');
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page: '/faq' },
      { event: 'contract_driver_added' },
    ]);
  });
});
