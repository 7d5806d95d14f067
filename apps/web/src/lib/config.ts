// Runtime settings written by the server into index.html's <meta> tags (no inline script).

function meta(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || fallback;
}

export const appConfig = {
  /** 'external' when OIDC_ISSUER names another provider: it owns passwords and sign-in identities. */
  identityProvider: meta('identity-provider', 'embedded') as 'embedded' | 'external',
  /** That provider's account pages (OIDC_ACCOUNT_URL), when configured. */
  accountUrl: meta('oidc-account-url', '') || undefined,
};
