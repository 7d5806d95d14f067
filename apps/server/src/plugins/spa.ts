// Serves the built SPA (apps/web/dist): hashed assets (assets/) cached for a year as immutable,
// everything else (brand files, index.html) revalidated on each use; the .br and .gz copies
// written by the build (apps/web/vite.config.ts) are sent to a browser that accepts them.
// index.html for every route of the SPA (React Router decides what is unknown and shows
// /not-found), written for the caller (docs/decisions/0065-portal-session-cookie.md): with a live
// portal session, the page names the account in a <meta> tag (no inline script) and its
// `Link` header preloads the account and policies reads, so they start with the page, and the
// policies page comes drawn (first-screen.ts, docs/decisions/0105); without
// one, the page load goes to the provider at once (oidc/client-sessions/portal-session.ts). The sign-in callback
// answers the page itself, no second redirect. The public pages of a sign-out are served as they
// are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  ACCOUNT_DELETED_PATH,
  AUTH_CALLBACK_PATH,
  AUTH_SIGN_IN_PATH,
  ERROR_CODES,
  LOGGED_OUT_PATH,
  MESSAGES,
  todayInParis,
} from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body';
import { sendHtml } from '../http/html';
import type { BrandScript } from '../http/brand-script';
import { firstScreenFiles } from '../http/spa-manifest';
import { safeReturnPath, type PortalSession, type SignedIn } from '../http/portal-sessions';
import { firstReads, type FirstReads } from './first-reads';
import { preloadLinks, renderIndex, type PageFor } from './index-page';
import { consentCookies, keptPages, loadFirstScreenRenderer } from './first-screen';

export interface SpaOptions {
  webDist: string;
  /** The build's brand script, inlined in the page (http/brand-script.ts). */
  brandScript?: BrandScript | undefined;
  oidc: {
    issuer: string;
    clientId: string;
    audience: string;
    embedded: boolean;
    accountUrl?: string | undefined;
  };
}

// /backoffice: the integration API, the console's API and its app (plugins/console-app.ts).
const NOT_SPA = /^\/(api|oidc|interaction|assets|brand|auth|backoffice)(\/|$)|\.[a-z0-9]+$/i;
const PUBLIC_PAGES = new Set([LOGGED_OUT_PATH, ACCOUNT_DELETED_PATH]);
/**
 * Hashed assets never change. The brand files (/brand/: the skin's script, style sheets and
 * logos, read by every page and by the sign-in pages) keep their names: fresh for 5 minutes, then
 * used at once while the browser checks them in the background, so a page never waits on their
 * revalidation (a round trip each, blocking, on a slow network); a new version reaches
 * a browser at its next page. Anything else is revalidated.
 */
function cacheControlOf(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  if (filePath.includes(`${path.sep}brand${path.sep}`))
    return 'public, max-age=300, stale-while-revalidate=604800';
  return 'no-cache';
}

export default fp(async function spa(app: FastifyInstance, opts: SpaOptions) {
  const indexPath = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : undefined;
  // A signed-in page renders the portal at once: its chunks (React, the policies screen) and their
  // style sheets are asked for with the page rather than once the entry has run and imported
  // them (the entry's import finds the style sheets in the page and does not wait again).
  const { scripts: modules, styles } = firstScreenFiles(opts.webDist);
  const renderFirstScreen = await loadFirstScreenRenderer(opts.webDist, app.log);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      index: false,
      wildcard: true,
      // Ours, not send's 'public, max-age=0' which would replace the header set below.
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', cacheControlOf(filePath));
      },
    });
  } else {
    app.log.warn(`SPA build not found in ${opts.webDist}: run "npm run build"`);
  }

  const pages = keptPages();

  /** index.html for `page` (none: a public page) from the build's template. */
  const indexFor = (built: string, page?: PageFor) =>
    renderIndex(built, opts.oidc, page && { ...page, modules, styles }, opts.brandScript);

  /** Sends index.html: a public page, or a signed-in one (`page`, `html`: portalPage). */
  const sendIndex = async (
    reply: FastifyReply,
    signedIn?: { first: FirstReads; html: string | Buffer },
  ) => {
    if (!template)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Application web non construite : lancez "npm run build".');
    if (!signedIn) return sendHtml(reply, 200, indexFor(template), 'no-cache');
    if (signedIn.first.preload.length) reply.header('link', preloadLinks(signedIn.first.preload));
    // A signed-in page carries the customer's data: never stored, like the API's answers.
    reply.header('vary', 'cookie');
    return sendHtml(reply, 200, signedIn.html, 'private, no-store');
  };

  /**
   * The signed-in page of `path`, with the first screen drawn when the server draws that path
   * and the page carries both reads it needs (else the browser draws it, as before). A page
   * drawn is kept as the bytes sent, and sent again while everything it is made of is the same
   * (keptPages).
   */
  const portalPage = async (
    request: FastifyRequest,
    session: PortalSession,
    returnTo?: string,
  ): Promise<{ first: FirstReads; html: string | Buffer }> => {
    const { accountId } = session;
    const first = await firstReads(app, {
      accountId,
      sid: session.providerSid,
      embedded: app.config.oidc.embedded,
    });
    const page: PageFor = { accountId, path: returnTo, first };
    if (!template || first.account === undefined || first.policies === undefined)
      return { first, html: template ? indexFor(template, page) : '' };
    const shown = returnTo ?? request.url;
    const cookie = consentCookies(request.headers.cookie ?? '');
    // The day the screen counts from (the days left to send a document): a page kept from
    // yesterday is not sent today.
    const today = todayInParis();
    const key = pages.keyOf([
      shown,
      returnTo ?? '',
      accountId,
      cookie,
      first.account,
      first.policies.etag,
      today,
    ]);
    const kept = pages.get(key);
    if (kept) return { first, html: kept };
    const screen = await renderFirstScreen({
      path: shown,
      accountId,
      account: first.account,
      policies: first.policies.body.toString('utf8'),
      cookie,
      today,
    });
    const html = indexFor(template, { ...page, screen, drawnOn: today });
    if (screen === undefined) return { first, html };
    const bytes = Buffer.from(html);
    pages.set(key, bytes);
    return { first, html: bytes };
  };

  /** The page of a route of the SPA: for the session's account, else sign-in first. */
  const sendPortal = async (request: FastifyRequest, reply: FastifyReply) => {
    const sessions = app.portalSessions;
    const url = request.url.split('?')[0]!;
    if (PUBLIC_PAGES.has(url)) return sendIndex(reply);
    const session = await sessions.current(request);
    if (session) return sendIndex(reply, await portalPage(request, session));
    const signedIn = await sessions.signIn(request, reply, safeReturnPath(request.url));
    return sendSignedIn(request, reply, signedIn);
  };

  /** The page right after a sign-in, unless the sign-in answered itself. */
  const sendSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedIn | undefined,
  ) => {
    if (!signedIn) return reply;
    return sendIndex(reply, await portalPage(request, signedIn, signedIn.returnTo));
  };

  app.get('/', sendPortal);

  app.get(AUTH_CALLBACK_PATH, async (request, reply) => {
    return sendSignedIn(request, reply, await app.portalSessions.callback(request, reply));
  });

  // Where the SPA sends the browser when its session has ended (a 401), or 'Se reconnecter'.
  app.get<{ Querystring: { returnTo?: string } }>(AUTH_SIGN_IN_PATH, async (request, reply) => {
    const returnTo = safeReturnPath(request.query.returnTo);
    return sendSignedIn(request, reply, await app.portalSessions.signIn(request, reply, returnTo));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(url))
      return sendPortal(request, reply);
    return reply.code(404).send(errorBody(ERROR_CODES.notFound, MESSAGES.api.routeNotFound));
  });
});
