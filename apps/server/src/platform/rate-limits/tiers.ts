// Every rate limit of the server, named, in one table (docs/decisions/0057-rate-limit-tiers.md).
// A limit is used from here and nowhere else: routes take `routeLimit(RATE_LIMITS.x)` as their
// `config.rateLimit` (@fastify/rate-limit, counted in the database: routes/rate-limit.ts), the
// sign-in throttle and the forgotten-password service read their tier's `max` and `windowMs`.
// Every count lives in the database, so all instances share it (docs/architecture.md).
// The product pages that state a limit (docs/product/) point here.

const MINUTE = 60_000;

export interface RateTier {
  /** Requests (or attempts) allowed in one window; the next one is refused. */
  max: number;
  windowMs: number;
  /** What the count is kept for. */
  per:
    | 'account'
    | 'address'
    | 'email'
    | 'device'
    | 'session'
    | 'client and address'
    | 'email and requester';
}

export const RATE_LIMITS = {
  /** Each contract-change and address-change route (a customer changes a few times a year). */
  change: { max: 20, windowMs: 10 * MINUTE, per: 'account' },
  /** The termination request: a few contracts, a few retries each. */
  termination: { max: 30, windowMs: 10 * MINUTE, per: 'account' },
  /** Files sent for a policy's documents. */
  upload: { max: 60, windowMs: 10 * MINUTE, per: 'account' },
  /** Each contact route (call-back, written message). */
  contact: { max: 10, windowMs: 10 * MINUTE, per: 'account' },
  /** Each message write (a conversation started, a message, an attachment). */
  message: { max: 60, windowMs: 10 * MINUTE, per: 'account' },
  /** Each complaint write (a complaint filed, a file attached to it). */
  complaint: { max: 30, windowMs: 10 * MINUTE, per: 'account' },
  /** The password change and the account deletion, each. */
  accountSecurity: { max: 20, windowMs: 15 * MINUTE, per: 'account' },
  /**
   * Each claim-declaration write (a draft opened, a step saved, a photo or constat file sent, the
   * sending): a declaration takes a few dozen, a page reloaded or a file sent again included.
   */
  claim: { max: 60, windowMs: 10 * MINUTE, per: 'account' },
  /** The cookie-consent choice. */
  consent: { max: 30, windowMs: 10 * MINUTE, per: 'account' },
  /** The address search, typed letter by letter. */
  addressSearch: { max: 60, windowMs: MINUTE, per: 'account' },
  /**
   * The sign-in form's, the forgotten-password pages' and the « Première connexion » form's posts,
   * before any password is read or any count of the services below is kept.
   */
  identityForms: { max: 30, windowMs: MINUTE, per: 'address' },
  /** Passwords evaluated per account (email) without a device cookie (sign-in-throttle.ts). */
  signInAccount: { max: 5, windowMs: 15 * MINUTE, per: 'email' },
  /** Passwords evaluated per known device. */
  signInDevice: { max: 5, windowMs: 15 * MINUTE, per: 'device' },
  /** Sign-in attempts per source address, any email (many customers share an address). */
  signInAddress: { max: 30, windowMs: 15 * MINUTE, per: 'address' },
  /** Current-password checks per provider session. */
  currentPassword: { max: 5, windowMs: 15 * MINUTE, per: 'session' },
  /**
   * Forgotten-password mails per account and requester (a known device of the account, else the
   * address); past it requests are answered the same, unsent (services/identity/password-reset.ts).
   */
  resetMails: { max: 3, windowMs: 30 * MINUTE, per: 'email and requester' },
  /** Forgotten-password mails per account to requesters it does not know (no device of it). */
  resetMailsAccount: { max: 10, windowMs: 30 * MINUTE, per: 'email' },
  /** Forgotten-password requests per source address. */
  resetAddress: { max: 10, windowMs: 15 * MINUTE, per: 'address' },
  /**
   * « Première connexion » mails per email; past it requests are answered the same, unsent
   * (services/account/invitation.ts).
   */
  firstAccessMails: { max: 3, windowMs: 30 * MINUTE, per: 'email' },
  /** « Première connexion » requests per source address. */
  firstAccessAddress: { max: 10, windowMs: 15 * MINUTE, per: 'address' },
  /**
   * Client secrets sent to the provider's token endpoint per source address, any client; a
   * right one is taken back (services/integration/token-throttle.ts).
   */
  tokenAddress: { max: 30, windowMs: 15 * MINUTE, per: 'address' },
  /** Client secrets per client id from one source address; a right one is taken back. */
  tokenClient: { max: 10, windowMs: 15 * MINUTE, per: 'client and address' },
} as const satisfies Record<string, RateTier>;

/** A tier as a route's `config.rateLimit` (@fastify/rate-limit takes the window in ms). */
export function routeLimit(tier: RateTier) {
  return { max: tier.max, timeWindow: tier.windowMs };
}
