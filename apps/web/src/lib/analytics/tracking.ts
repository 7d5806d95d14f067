// Analytics tracking (docs/product/legal-and-cookies.md "Analytics events"): page views and business events are pushed to
// window.dataLayer only while the performance consent (consent.ts) says true. Without consent
// nothing is pushed and no analytics script is loaded (none is loaded at all today: a tag
// manager would be added here, after consent).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteHandles } from '../route-handles';
import { hasAnalyticsConsent } from './consent';

/** docs/product/legal-and-cookies.md events, named once. */
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

/** What an event carries besides its name; never personal data (no names, IBAN, addresses). */
export type AnalyticsData = Record<string, string | number | boolean>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function push(entry: Record<string, unknown>): void {
  if (!hasAnalyticsConsent()) return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** A page view; `label` names the screen when its path alone does not (docs/product/legal-and-cookies.md /changeAddress). */
export function trackPageView(page: string, label?: string): void {
  push({ event: 'page_view', page, ...(label ? { label } : {}) });
}

/**
 * What a route may put in its `handle` to label its page views from the navigation state, e.g.
 * /changeAddress: 'personal' or 'contract' (docs/product/legal-and-cookies.md).
 */
export interface PageViewHandle {
  pageViewLabel(state: unknown): string;
}

function isPageViewHandle(handle: unknown): handle is PageViewHandle {
  return typeof (handle as Partial<PageViewHandle> | null)?.pageViewLabel === 'function';
}

/** A business event; `data` never carries personal data (no names, IBAN, addresses). */
export function trackEvent(event: AnalyticsEvent, data: AnalyticsData = {}): void {
  push({ event, ...data });
}

/** docs/product/legal-and-cookies.md: a page view on every screen; called once by the layout. */
export function usePageViewTracking(): void {
  const { pathname, state } = useLocation();
  const label = useRouteHandles().findLast(isPageViewHandle)?.pageViewLabel(state);
  useEffect(() => trackPageView(pathname, label), [pathname, label]);
}
