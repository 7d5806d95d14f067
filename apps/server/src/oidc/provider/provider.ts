// The embedded OpenID Connect provider (oidc-provider), mounted at /oidc.
// It enforces: authorization code flow with PKCE for the SPA (a public client), no consent
// screen for this first-party client, JWT access tokens for the API audience that live
// 5 minutes and carry the provider session id (`sid`, so a password change can keep the session
// that made it, and the API accepts a token only while that session exists), rotating refresh
// tokens, RP-initiated logout that is one click from the SPA (which sends its `id_token_hint`)
// and asks for confirmation otherwise (docs/decisions/0050-logout-asks-unless-hinted.md), ending
// on the SPA's public 'Vous êtes déconnecté(e)' page, or after an account deletion on its public
// « Votre compte a été supprimé » page (docs/decisions/0041-account-deletion-recap.md). No
// DPoP-bound tokens and no userinfo endpoint (docs/decisions/0051-tokens-bound-to-their-session.md).
// Only accounts that still have credentials exist for the provider. A second client, the portal's
// own server (portal-client.ts, confidential, code flow with PKCE, no refresh token), signs the
// browser in for its cookie session (docs/decisions/0065-portal-session-cookie.md); the public
// client stays for clients that hold their own tokens. A third, the staff console's server
// (console-client.ts, console-provider.ts), signs staff in with a second factor; a subject is a
// customer's or a staff member's (`staff:<id>`), never granted to the other kind's clients
// (docs/decisions/0082-staff-sign-in-with-a-second-factor.md).
import { ACCOUNT_DELETED_PATH, AUTH_CALLBACK_PATH, LOGGED_OUT_PATH } from '@espace/contract';
import { createHash } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { createAdapterFactory } from './adapter';
import {
  INTEGRATION_SCOPES,
  integrationResourceServer,
  compareHashedSecrets,
  integrationClientAdapter,
  integrationTokenClaims,
  isIntegrationClient,
} from './integration-clients';
import { CONSOLE_CLIENT_ID, PORTAL_CLIENT_ID, portalClientSecret } from './first-party-clients';
import {
  consoleClient,
  consoleGrantScope,
  consoleResourceServer,
  findStaffAccount,
  interactionPolicyWithKinds,
  isConsoleClient,
  subjectFitsClient,
} from './console-provider';
import { isStaffSubject } from '../../services/staff/staff-accounts';
import type { ProviderSecrets } from './keys';
import { renderLogoutConfirmPage } from './logout-pages';
import { renderErrorPage, renderLoggedOutPage, renderSigningOutPage } from './pages';
import { INTERACTION_PATH } from '../../http/provider-paths';

export { INTERACTION_PATH };

export const ACCESS_TOKEN_TTL_SECONDS = 300;
const OIDC_SCOPES = 'openid profile email';
const API_SCOPE = 'api';

export function spaRedirectUris(publicUrl: string) {
  return {
    redirect: `${publicUrl}${AUTH_CALLBACK_PATH}`,
    postLogout: `${publicUrl}${LOGGED_OUT_PATH}`,
    /** After an account deletion (docs/decisions/0041-account-deletion-recap.md). */
    postDeletion: `${publicUrl}${ACCOUNT_DELETED_PATH}`,
  };
}

export function createProvider(config: Config, db: Db, secrets: ProviderSecrets): Provider {
  const { issuer, clientId, audience } = config.oidc;
  const uris = spaRedirectUris(config.publicUrl);
  const secure = config.publicUrl.startsWith('https:');

  const configuration: Configuration = {
    // Integration clients (client credentials for /backoffice/v1) come from their own table.
    adapter: ((DatabaseAdapter) => (name: string) =>
      name === 'Client' ? integrationClientAdapter(db) : new DatabaseAdapter(name))(
      createAdapterFactory(db),
    ),
    clients: [
      {
        client_id: clientId,
        client_name: 'Espace Assuré',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [uris.redirect],
        post_logout_redirect_uris: [uris.postLogout, uris.postDeletion],
      },
      {
        client_id: PORTAL_CLIENT_ID,
        // Stored as its SHA-256, as every client secret is compared (compareHashedSecrets).
        client_secret: createHash('sha256')
          .update(portalClientSecret(secrets.cookieKeys))
          .digest('hex'),
        client_name: 'Espace Assuré',
        application_type: 'web',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [uris.redirect],
      },
      consoleClient(config.publicUrl, secrets.cookieKeys),
    ],
    jwks: secrets.jwks,
    // A secret only in the Authorization header, where token-throttle.ts counts it first.
    clientAuthMethods: ['client_secret_basic', 'none'],
    // The provider's defaults and the integration clients' scopes (a client's scopes must be known).
    scopes: ['openid', 'offline_access', ...INTEGRATION_SCOPES],
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    async findAccount(_ctx, sub) {
      if (isStaffSubject(sub)) return findStaffAccount(db, sub);
      // A deleted online account has no credentials any more: the provider no longer knows it.
      const account = await db
        .selectFrom('accounts as a')
        .innerJoin('credentials as c', 'c.account_id', 'a.id')
        .select(['a.id', 'c.email', 'a.first_name', 'a.last_name'])
        .where('a.id', '=', sub)
        .executeTakeFirst();
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          given_name: account.first_name,
          family_name: account.last_name,
          name: `${account.first_name} ${account.last_name}`,
        }),
      };
    },
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
      policy: interactionPolicyWithKinds(),
    },
    // First-party clients: the grant is given without a consent screen, to a subject of the
    // client's kind only (staff to the console, customers to the others).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      const firstParty =
        client && [clientId, PORTAL_CLIENT_ID, CONSOLE_CLIENT_ID].includes(client.clientId);
      if (!client || !session?.accountId || !firstParty) return undefined;
      if (!subjectFitsClient(client.clientId, session.accountId)) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      if (isConsoleClient(client.clientId)) {
        grant.addOIDCScope('openid');
        grant.addResourceScope(
          consoleGrantScope.resource(config.publicUrl),
          consoleGrantScope.scope,
        );
      } else {
        grant.addOIDCScope(OIDC_SCOPES);
        grant.addResourceScope(audience, API_SCOPE);
      }
      await grant.save();
      return grant;
    },
    // docs/product/account.md: the SPA refreshes its token; every client that may use refresh tokens gets one.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The API checks a token's provider session by `sid`, the same for all its refreshes
    // (token-validity.ts); an integration token names its client's secret (integration-clients.ts).
    extraTokenClaims: async (_ctx, token) =>
      'sessionUid' in token && typeof token.sessionUid === 'string'
        ? { sid: token.sessionUid }
        : integrationTokenClaims(token),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 1800,
      Grant: 8 * 3600,
      Session: 8 * 3600,
      RefreshToken: 8 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      // The API takes plain Bearer tokens and refuses any `cnf` claim (plugins/authentication.ts).
      dPoP: { enabled: false },
      // The SPA reads the customer from the API; the provider's userinfo is not offered.
      userinfo: { enabled: false },
      revocation: { enabled: true },
      // The broker's systems (oidc/provider/integration-clients.ts, docs/integration.md).
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, client) =>
          isIntegrationClient(client)
            ? config.integration.audience
            : isConsoleClient(client?.clientId)
              ? consoleGrantScope.resource(config.publicUrl)
              : audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          // Each audience to its own clients only: a customer token never opens /backoffice/v1.
          if (isIntegrationClient(client)) {
            if (resource !== config.integration.audience) throw new errors.InvalidTarget();
            return integrationResourceServer(resource, client);
          }
          if (isConsoleClient(client?.clientId))
            return consoleResourceServer(config.publicUrl, resource);
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // One click from the SPA: with an id_token_hint of our client (already verified by the
        // provider) for the signed-in account, the form is submitted by a same-origin script at
        // once; any other request (a link or form from another site) gets a confirmation page.
        logoutSource: (ctx, form) => {
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const hinted =
            hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = hinted ? renderSigningOutPage(form) : renderLogoutConfirmPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderLoggedOutPage();
        },
      },
    },
    renderError: (ctx) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage();
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  compareHashedSecrets(provider);
  return provider;
}
