// The customer's cookie consent (docs/product/account.md "Cookies": kept 360 days): two cookies, read and
// written only here so every reader agrees on their names and attributes. Until the customer
// has chosen, neither cookie exists and nothing is tracked (see tracking.ts).
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIES } from '@espace/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';

const CONSENT_MAX_AGE_SECONDS = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
const consentListeners = new Set<() => void>();

function readCookie(name: string, cookies = document.cookie): string | undefined {
  return cookies
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function hasAnalyticsConsent(): boolean {
  return readCookie(CONSENT_COOKIES.performance) === 'true';
}

/** True once the customer has accepted, refused or customised (the banner stops showing). */
export function hasConsentChoice(): boolean {
  return readCookie(CONSENT_COOKIES.required) === 'true';
}

/** Saves the customer's choice in the two consent cookies (docs/product/account.md). */
export function saveConsent(performance: boolean): void {
  writeCookie(CONSENT_COOKIES.required, 'true');
  writeCookie(CONSENT_COOKIES.performance, String(performance));
  consentListeners.forEach((listener) => listener());
}

function subscribeConsent(listener: () => void) {
  consentListeners.add(listener);
  return () => void consentListeners.delete(listener);
}

/**
 * The consent cookies of the request, as a `Cookie` header, for the server that draws the first
 * screen (server-render.tsx): it reads the consent the browser sent, so the page it draws has the banner exactly when the
 * browser, reading its own cookies while it hydrates, draws it too.
 */
export const RequestCookies = createContext<string | undefined>(undefined);

/** The consent as React state: { chosen, performance }, updated when saveConsent runs. */
export function useConsent(): { chosen: boolean; performance: boolean } {
  const requestCookies = useContext(RequestCookies);
  const onServer = (name: string) => () => readCookie(name, requestCookies ?? '') === 'true';
  const chosen = useSyncExternalStore(
    subscribeConsent,
    hasConsentChoice,
    requestCookies === undefined ? hasConsentChoice : onServer(CONSENT_COOKIES.required),
  );
  const performance = useSyncExternalStore(
    subscribeConsent,
    hasAnalyticsConsent,
    requestCookies === undefined ? hasAnalyticsConsent : onServer(CONSENT_COOKIES.performance),
  );
  return { chosen, performance };
}
