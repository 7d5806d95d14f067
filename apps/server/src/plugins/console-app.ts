// Serves the staff console's app (apps/console/dist, docs/console.md « L’application »),
// registered before the portal's SPA. Enforces:
// - its hashed files (/backoffice/assets/) are cached a year as immutable, the build's .br and .gz
//   copies sent to a browser that accepts them; a missing one is a 404, never a page;
// - its pages (/backoffice and every path under it that is not the integration API, the console
//   API, the API documentation, the console's sign-in or an asset) answer index.html only with a
//   live console session (app.consoleSessions.current), never stored; without one, the console's
//   sign-in starts and comes back to the page asked for (app.consoleSessions.signIn). A
//   customer's session is not a console session;
// - with another identity provider than the embedded one (no app.consoleSessions), a French 503
//   page says so; without a build, a 503 says to build it.
// index.html is sent as built: the app asks /backoffice/api/me who is signed in.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_APP_PATH } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendHtml } from '../http/html';

/** The paths under /backoffice that are not the app's pages (their own routes answer them). */
const NOT_CONSOLE_PAGE = /^\/backoffice\/(v1|api|docs|auth|assets)(\/|$)/;

export const CONSOLE_UNAVAILABLE_HTML = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Console indisponible</title>
    <link rel="stylesheet" href="/brand/brands.css">
    <link rel="stylesheet" href="/brand/auth.css">
  </head>
  <body>
    <main class="auth-page">
      <h1>Console indisponible</h1>
      <p>La console de l’équipe du courtier requiert le fournisseur d’identité intégré du portail\u00a0: elle n’est pas ouverte quand OIDC_ISSUER désigne un autre fournisseur.</p>
    </main>
  </body>
</html>
`;

export default fp(async function consoleApp(app: FastifyInstance, opts: { consoleDist: string }) {
  const indexPath = path.join(opts.consoleDist, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const assets = path.join(opts.consoleDist, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: `${CONSOLE_APP_PATH}/assets/`,
      index: false,
      wildcard: true,
      // The portal's SPA plugin decorates the reply; this one only serves its folder.
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res) {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn(`Console build not found in ${opts.consoleDist}: run "npm run build"`);
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if (NOT_CONSOLE_PAGE.test(url)) return reply.callNotFound();
    const sessions = app.consoleSessions;
    if (!sessions) return sendHtml(reply, 503, CONSOLE_UNAVAILABLE_HTML);
    if (!template)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Console non construite\u00a0: lancez «\u00a0npm run build\u00a0».');
    if (await sessions.current(request))
      return sendHtml(reply.header('vary', 'cookie'), 200, template);
    // request.url starts with /backoffice here (the routes below): a safe way back.
    await sessions.signIn(request, reply, request.url);
    return reply;
  };

  app.get(CONSOLE_APP_PATH, sendPage);
  app.get(`${CONSOLE_APP_PATH}/*`, sendPage);
});
