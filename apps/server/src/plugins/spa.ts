// Serves the built SPA (apps/web/dist): hashed assets (assets/) cached for a year as immutable,
// everything else (brand files, index.html) revalidated on each use; the .br and .gz copies
// written by the build (apps/web/vite.config.ts) are sent to a browser that accepts them.
// index.html for every route of the SPA (React Router decides what is unknown and shows
// /not-found). The OIDC
// settings the SPA needs are written into index.html's <meta> tags, so no inline script is
// needed and the same build works against any identity provider.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body';
import { AUTH_STYLESHEET_PATH, escapeHtml, SIGN_IN_SCRIPT_PATH } from '../http/html';

export interface SpaOptions {
  webDist: string;
  oidc: {
    issuer: string;
    clientId: string;
    audience: string;
    embedded: boolean;
    accountUrl?: string | undefined;
  };
}

const NOT_SPA = /^\/(api|oidc|interaction|assets|brand)(\/|$)|\.[a-z0-9]+$/i;

/** What the SPA needs of the provider's discovery document (oidc-client-ts `metadata`). */
const METADATA_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'end_session_endpoint',
  'revocation_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
];

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

export function renderIndex(
  template: string,
  oidc: SpaOptions['oidc'],
  metadata?: Record<string, unknown>,
): string {
  const meta = `<meta name="oidc-issuer" content="${escapeHtml(oidc.issuer)}">
    <meta name="oidc-client-id" content="${escapeHtml(oidc.clientId)}">
    <meta name="oidc-audience" content="${escapeHtml(oidc.audience)}">
    <meta name="identity-provider" content="${oidc.embedded ? 'embedded' : 'external'}">${
      oidc.accountUrl
        ? `\n    <meta name="oidc-account-url" content="${escapeHtml(oidc.accountUrl)}">`
        : ''
    }${
      metadata
        ? `\n    <meta name="oidc-metadata" content="${escapeHtml(JSON.stringify(metadata))}">`
        : ''
    }`;
  // A page load without tokens goes on to the embedded provider's sign-in page: its style sheet
  // and script are fetched meanwhile, not one round trip after that page.
  const prefetch = oidc.embedded
    ? [AUTH_STYLESHEET_PATH, SIGN_IN_SCRIPT_PATH]
        .map((href) => `\n    <link rel="prefetch" href="${href}">`)
        .join('')
    : '';
  return template.replace('<!--app-config-->', meta + prefetch);
}

export default fp(async function spa(app: FastifyInstance, opts: SpaOptions) {
  const indexPath = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexPath);
  const template = built ? readFileSync(indexPath, 'utf8') : undefined;
  // The embedded provider's endpoints go into the page (read once from its own discovery
  // document), so the SPA starts sign-in and exchanges the code without a discovery round trip.
  // With an external provider the SPA discovers them itself.
  let index: Promise<string> | undefined;
  const page = () =>
    (index ??= (async () => {
      if (!opts.oidc.embedded) return renderIndex(template!, opts.oidc);
      const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
      const document = discovery.json<Record<string, unknown>>();
      // The injected request has no public host: each endpoint's path on the issuer's origin.
      const origin = new URL(opts.oidc.issuer).origin;
      const metadata = Object.fromEntries(
        METADATA_FIELDS.filter((k) => typeof document[k] === 'string').map((k) => {
          const url = new URL(document[k] as string);
          return [k, k === 'issuer' ? opts.oidc.issuer : origin + url.pathname];
        }),
      );
      return renderIndex(template!, opts.oidc, metadata);
    })().catch((err: unknown) => {
      // Served without the endpoints (the SPA discovers them) and tried again next time.
      app.log.error({ err }, 'provider metadata for index.html');
      index = undefined;
      return renderIndex(template!, opts.oidc);
    }));
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

  const sendIndex = async (reply: FastifyReply) => {
    if (!template)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Application web non construite : lancez "npm run build".');
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await page());
  };

  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(url))
      return sendIndex(reply);
    return reply.code(404).send(errorBody(ERROR_CODES.notFound, MESSAGES.api.routeNotFound));
  });
});
