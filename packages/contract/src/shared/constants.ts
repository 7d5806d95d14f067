// Business constants of docs/product/policies.md, kept in one place for the client and the server.

export const POLICIES_PER_PAGE = 5;
export const DOCUMENT_DEADLINE_DAYS = 30;
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 5;
export const DOWNLOAD_TIMEOUT_MS = 30_000;
export const MOBILE_MAX_WIDTH_PX = 767;
export const MOBILE_DOCUMENTS_SHOWN = 4;
// The upload limits and accepted types are in upload-types.ts, the one table of them.
export const MIN_DRIVER_AGE = 18;
/** No birth date more than this many years ago. */
export const MAX_PERSON_AGE = 120;
/** A French driving licence (B) can be obtained from 17 (conduite encadrée). */
export const MIN_LICENCE_AGE = 17;
export const VEHICLE_EFFECTIVE_WINDOW_MONTHS = 6;
export const HOLDER_NAME_MIN = 2;
export const HOLDER_NAME_MAX = 40;
export const TERMINATION_COMMENT_MAX = 500;
export const FAQ_PAGE_SIZE = 10;
export const FAQ_SEARCH_ANALYTICS_DELAY_MS = 3_000;
export const CONSENT_COOKIE_DAYS = 360;
/**
 * The two consent cookies (docs/product/account.md "Cookies"): written by the portal
 * (apps/web/src/lib/analytics/consent.ts), read by the server that draws the first screen, which
 * draws the cookie banner exactly when the browser will.
 */
export const CONSENT_COOKIES = {
  /** Performance (analytics) consent: 'true' or 'false'. */
  performance: 'espace_consent_performance',
  /** Required cookies: always 'true' once the customer has made a choice. */
  required: 'espace_consent_required',
} as const;
export const ACCOUNT_DELETION_LOGOUT_DELAY_MS = 3_000;
/** A forgotten-password link works once, within this many minutes (docs/decisions/0001-embedded-identity-provider.md). */
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const COPYRIGHT_START_YEAR = 2020;

/**
 * Phone numbers shown to customers. They come from the ranges that the French telecom
 * regulator (Arcep) reserves for fiction (01 99 00 xx xx), so no real line is ever called.
 */
export const PHONE_NUMBERS = {
  customerService: '01 99 00 12 34',
  urgentVehicleChange: '01 99 00 56 78',
  /** Assistance after an accident or a breakdown, day and night (docs/product/claims.md). */
  assistance: '01 99 00 24 24',
} as const;

/**
 * The recontact promise (docs/product/contact-and-faq.md « Délai de réponse »: « Recontact promise:
 * within 48 h »), in hours: what the portal promises after a call-back request and a written
 * message (« sous 48h ») and the console's default target delay for a call-back, an e-mail request
 * and a free conversation of the « Messagerie » (DEFAULT_TARGET_HOURS), and after a declared
 * claim, so the promise and the broker's clock agree. The broker's own commitment, not a legal delay.
 */
export const RECONTACT_PROMISE_HOURS = 48;

/** docs/product/policies.md: opening hours of customer service. */
export const CUSTOMER_SERVICE_HOURS =
  'Du lundi au vendredi de 9h00 à 13h00 et de 14h00 à 18h00, appel au prix d’un appel local';

/** Turns a displayed French phone number into a `tel:` URI (E.164). */
export function telHref(displayed: string): string {
  return `tel:+33${displayed.replace(/\s/g, '').replace(/^0/, '')}`;
}
