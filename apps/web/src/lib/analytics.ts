// The one analytics module (SPEC §7 "Analytics events", §4 "Cookies"): page views and business
// events are pushed to window.dataLayer only while the performance-consent cookie says true.
// Without consent nothing is pushed and no analytics script is loaded (none is loaded at all
// today: a tag manager would be added here, after consent). The consent itself is two cookies
// (SPEC §9: 360 days), written here so every reader agrees on their names and attributes.
import { CONSENT_COOKIE_DAYS } from '@espace/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';

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

/** True once the customer has accepted, refused or customised (the banner stops showing). */
export function hasConsentChoice(): boolean {
  return readCookie(CONSENT_COOKIES.required) === 'true';
}

const CONSENT_MAX_AGE_SECONDS = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
const consentListeners = new Set<() => void>();

function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** Saves the customer's choice in the two consent cookies (SPEC §4, §9). */
export function saveConsent(performance: boolean): void {
  writeCookie(CONSENT_COOKIES.required, 'true');
  writeCookie(CONSENT_COOKIES.performance, String(performance));
  consentListeners.forEach((listener) => listener());
}

function subscribeConsent(listener: () => void) {
  consentListeners.add(listener);
  return () => void consentListeners.delete(listener);
}

/** The consent as React state: { chosen, performance }, updated when saveConsent runs. */
export function useConsent(): { chosen: boolean; performance: boolean } {
  const chosen = useSyncExternalStore(subscribeConsent, hasConsentChoice);
  const performance = useSyncExternalStore(subscribeConsent, hasAnalyticsConsent);
  return { chosen, performance };
}

function push(entry: Record<string, unknown>): void {
  if (!hasAnalyticsConsent()) return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** A page view; `label` names the screen when its path alone does not (SPEC §2 /changeAddress). */
export function trackPageView(page: string, label?: string): void {
  push({ event: 'page_view', page, ...(label ? { label } : {}) });
}

/**
 * What a route may put in its `handle` to label its page views from the navigation state, e.g.
 * /changeAddress: 'personal' or 'contract' (SPEC §2).
 */
export interface PageViewHandle {
  pageViewLabel(state: unknown): string;
}

function isPageViewHandle(handle: unknown): handle is PageViewHandle {
  return typeof (handle as Partial<PageViewHandle> | null)?.pageViewLabel === 'function';
}

/** A business event; `data` never carries personal data (no names, IBAN, addresses). */
export function trackEvent(
  event: AnalyticsEvent,
  data: Record<string, string | number | boolean> = {},
): void {
  push({ event, ...data });
}

/** SPEC §7: a page view on every screen; called once by the layout. */
export function usePageViewTracking(): void {
  const { pathname, state } = useLocation();
  const labelled = useMatches().findLast((match) => isPageViewHandle(match.handle));
  const label = labelled && (labelled.handle as PageViewHandle).pageViewLabel(state);
  useEffect(() => trackPageView(pathname, label), [pathname, label]);
}

/** SPEC §9: the performance and debug aid runs only on development and brand hosts. */
export function isDebugHost(hostname: string): boolean {
  return ['localhost', 'lumen', 'vireo'].some((part) => hostname.includes(part));
}
