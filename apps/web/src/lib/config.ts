// Runtime settings written by the server into index.html's <meta> tags (no inline script).
import { pageMeta } from './page-meta';

export const appConfig = {
  /** 'external' when OIDC_ISSUER names another provider: it owns passwords and sign-in identities. */
  identityProvider: (pageMeta('identity-provider') ?? 'embedded') as 'embedded' | 'external',
  /** That provider's account pages (OIDC_ACCOUNT_URL), when configured. */
  accountUrl: pageMeta('oidc-account-url'),
};
