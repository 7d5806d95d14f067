// The identity provider's variables, read with the others by config.ts: the embedded provider
// at /oidc (docs/identity-provider.md), or another one named by OIDC_ISSUER, whose confidential
// client the portal is (docs/decisions/0084-external-provider-sessions.md).
import { z } from 'zod';

export const oidcEnv = {
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('espace-assure-spa'),
  /** With OIDC_ISSUER: the portal's confidential client secret at that provider. */
  OIDC_CLIENT_SECRET: z.string().min(16).optional(),
  OIDC_AUDIENCE: z.string().min(1).default('urn:espace-assure:api'),
  /** The external provider's account pages (password, deletion), with OIDC_ISSUER only. */
  OIDC_ACCOUNT_URL: z.url({ protocol: /^https?$/ }).optional(),
};

type OidcEnv = z.output<z.ZodObject<typeof oidcEnv>>;

export interface OidcConfig {
  /** Embedded provider at /oidc unless OIDC_ISSUER names an external one. */
  embedded: boolean;
  issuer: string;
  clientId: string;
  /**
   * With an external provider, the secret of the portal's confidential client there: the
   * server signs customers in with it (docs/identity-provider.md « An external provider »).
   */
  clientSecret: string | undefined;
  audience: string;
  /**
   * With an external provider, where customers change their password or close their sign-in
   * identity; the portal's password and deletion screens send them there (docs/identity-provider.md).
   */
  accountUrl: string | undefined;
}

/** What is wrong in the variables together, in French (config.ts says all at once). */
export function oidcProblems(e: OidcEnv): string[] {
  const problems: string[] = [];
  if (e.OIDC_ACCOUNT_URL && !e.OIDC_ISSUER)
    problems.push('OIDC_ACCOUNT_URL: seulement avec OIDC_ISSUER (fournisseur d’identité externe)');
  // The portal's pages sign customers in as that provider's confidential client.
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_SECRET)
    problems.push(
      'OIDC_CLIENT_SECRET: requis avec OIDC_ISSUER (secret du client confidentiel du portail chez ce fournisseur)',
    );
  if (e.OIDC_CLIENT_SECRET && !e.OIDC_ISSUER)
    problems.push(
      'OIDC_CLIENT_SECRET: seulement avec OIDC_ISSUER (fournisseur d’identité externe)',
    );
  return problems;
}

export function oidcConfig(e: OidcEnv, publicUrl: string): OidcConfig {
  return {
    embedded: !e.OIDC_ISSUER,
    issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    audience: e.OIDC_AUDIENCE,
    accountUrl: e.OIDC_ACCOUNT_URL,
  };
}
