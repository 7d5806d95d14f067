import { afterEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS,
  CONSENT_COOKIES,
  hasAnalyticsConsent,
  hasConsentChoice,
  isDebugHost,
  saveConsent,
  trackEvent,
  trackPageView,
} from './analytics';

function clearCookies() {
  for (const name of Object.values(CONSENT_COOKIES))
    document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('analytics consent (SPEC §4 "Cookies", §7)', () => {
  afterEach(() => {
    clearCookies();
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
    expect(hasConsentChoice()).toBe(true);
    expect(hasAnalyticsConsent()).toBe(true);
    trackPageView('/faq');
    trackEvent(ANALYTICS_EVENTS.driverAdded);
    saveConsent(false);
    trackPageView('/contact');
    expect(hasConsentChoice()).toBe(true);
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page: '/faq' },
      { event: 'contract_driver_added' },
    ]);
  });

  it('loads the debug aid only on localhost and brand hosts (SPEC §9)', () => {
    expect(isDebugHost('localhost')).toBe(true);
    expect(isDebugHost('recette.lumen-assurance.fr')).toBe(true);
    expect(isDebugHost('espace.vireo.example')).toBe(true);
    expect(isDebugHost('espace-assure.example.fr')).toBe(false);
  });
});
