// The one analytics module (SPEC §7 "Analytics events", §4 "Cookies"): page views and business
// events are pushed to window.dataLayer only while the performance-consent cookie says true.
// Without consent nothing is pushed and no analytics script is loaded.

export const CONSENT_COOKIES = {
  /** Performance (analytics) consent: 'true' or 'false'. */
  performance: 'espace_consent_performance',
  /** Required cookies: always 'true' once the customer has made a choice. */
  required: 'espace_consent_required',
} as const;

/** SPEC §7 events, named once. */
export const ANALYTICS_EVENTS = {
  driverAdded: 'contract_driver_added',
  driverRemoved: 'contract_driver_removed',
  vehicleChanged: 'contract_vehicle_changed',
  paymentDetailsChanged: 'contract_payment_details_changed',
  addressChangedAccount: 'account_address_changed',
  addressChangedGarage: 'garage_address_changed',
  clientFileUploaded: 'client_file_uploaded',
  faqSearch: 'faq_search',
} as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function hasAnalyticsConsent(): boolean {
  return readCookie(CONSENT_COOKIES.performance) === 'true';
}

function push(entry: Record<string, unknown>): void {
  if (!hasAnalyticsConsent()) return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

export function trackPageView(page: string): void {
  push({ event: 'page_view', page });
}

/** A business event; `data` never carries personal data (no names, IBAN, addresses). */
export function trackEvent(
  event: AnalyticsEvent,
  data: Record<string, string | number | boolean> = {},
): void {
  push({ event, ...data });
}
