// Runtime settings written by the server into index.html's <meta> tags (no inline script).

function meta(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || fallback;
}

function json(name: string): Record<string, string> | undefined {
  const content = meta(name, '');
  try {
    return content ? (JSON.parse(content) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

export const appConfig = {
  issuer: meta('oidc-issuer', `${window.location.origin}/oidc`),
  clientId: meta('oidc-client-id', 'espace-assure-spa'),
  audience: meta('oidc-audience', 'urn:espace-assure:api'),
  /** 'external' when OIDC_ISSUER names another provider: it owns passwords and sign-in identities. */
  identityProvider: meta('identity-provider', 'embedded') as 'embedded' | 'external',
  /** That provider's account pages (OIDC_ACCOUNT_URL), when configured. */
  accountUrl: meta('oidc-account-url', '') || undefined,
  /** The embedded provider's endpoints, so sign-in needs no discovery request. */
  metadata: json('oidc-metadata'),
};
