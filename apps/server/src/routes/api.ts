// The authenticated API (/api/v1): every route below checks the access token first
// (plugins/authentication.ts), answers a repeated write once (plugins/idempotency.ts) and reads a
// body of at most API_BODY_LIMIT unless it sets its own.
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { CONDITIONAL_READ, documentRoute } from '../http/openapi-operation';
import { refusedBeforeTheHandler } from './responses';
import authentication from '../plugins/authentication';
import idempotency from '../plugins/idempotency';
import { touchSession } from '../services/identity/sign-ins';
import { TokenValidity } from '../services/identity/token-validity';
import { createAddressSearch } from '../services/address/create-address-search';
import contactRoutes from './account/contact/index';
import claimRoutes from './claims/index';
import complaintRoutes from './complaints/index';
import getAccountRoute from './account/get-account';
import getRequestRoute from './account/get-request';
import listRequestsRoute from './account/list-requests';
import accountSecurityRoutes from './account/security/index';
import addressChangeRoutes from './address/index';
import searchAddressesRoute from './address/search-addresses';
import contentRoutes from './content/index';
import documentRoutes from './document/index';
import messageRoutes from './messages/index';
import changeRoutes from './policy/changes/index';
import listPoliciesRoute from './policy/list-policies';
import terminationRoutes from './policy/termination/index';

/** The largest JSON body of an authenticated /api/v1 call (routes may set their own). */
const API_BODY_LIMIT = 1_048_576;

export interface ApiOptions {
  /** The embedded provider's public keys; otherwise the issuer's jwks_uri is discovered. */
  localJwks: JSONWebKeySet | undefined;
}

export default async function api(api: FastifyInstance, { localJwks }: ApiOptions) {
  const { db, config } = api;
  api.addHook('onRoute', (route) => {
    route.bodyLimit ??= API_BODY_LIMIT;
    // 403: a path {accountId} other than the caller's (plugins/authentication.ts).
    refusedBeforeTheHandler(route, route.url.includes(':accountId') ? [403] : []);
  });
  await api.register(authentication, {
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    localJwks,
    // An access token lives as long as its provider session (token-validity.ts).
    tokenValidity: new TokenValidity(db, config.oidc.embedded),
  });
  // A write sent again with the same Idempotency-Key is answered once.
  await api.register(idempotency);
  // The session's last use, listed in 'Mon compte' › « Sécurité » (services/identity/sign-ins.ts).
  api.addHook('onResponse', (request, reply, done) => {
    const sid = request.tokenSid;
    if (sid && reply.statusCode < 400)
      touchSession(db, sid).catch((error: unknown) =>
        request.log.warn({ err: error }, 'session last use not saved'),
      );
    done();
  });
  // The two reads every screen starts with carry a (weak) ETag; a client that sends it back
  // in If-None-Match gets 304 and no body when nothing changed.
  await api.register(async (reads) => {
    reads.addHook('onRoute', (route) => documentRoute(route, CONDITIONAL_READ));
    await reads.register(etag, { weak: true });
    await reads.register(getAccountRoute);
    await reads.register(listPoliciesRoute);
  });
  // docs/decisions/0017-offline-addresses.md: the list of communes is read and indexed on first
  // use only (about half a second, once per process): indexing it at start kept about 70 MB of
  // the idle server's memory, and with a national address service it is only the fallback.
  const addressSearch = createAddressSearch({ url: config.addressSearchUrl, log: api.log });
  await api.register(listRequestsRoute);
  await api.register(getRequestRoute);
  await api.register(documentRoutes);
  await api.register(contactRoutes);
  await api.register(messageRoutes);
  await api.register(accountSecurityRoutes);
  await api.register(contentRoutes);
  await api.register(changeRoutes);
  await api.register(terminationRoutes);
  await api.register(claimRoutes);
  await api.register(complaintRoutes);
  await api.register(searchAddressesRoute, { search: addressSearch });
  await api.register(addressChangeRoutes, { search: addressSearch });
}
