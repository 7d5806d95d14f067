// Security headers on every response, including the identity provider's pages (helmet writes
// them on the raw response): a CSP without inline script or style, HSTS, nosniff,
// frame-ancestors 'none', a strict referrer policy (docs/decisions/0012-security-baseline.md) and a
// Permissions-Policy denying every powerful feature the portal does not use; geolocation and passkeys only to
// the portal itself, for a claim's place when the customer asks (docs/product/claims.md). The
// staff console's pages may frame this origin alone, for its PDF previews (docs/console.md).
// helmet builds them once, at start, into a list of headers each response gets (@fastify/helmet
// built its middleware again for every request: docs/decisions/0068-api-reads-one-statement.md).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/** Every powerful feature the portal does not use, denied to it and to anything it embeds; geolocation to the portal alone. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  // « Utiliser ma position » on a claim's place step; never to anything the portal embeds.
  .concat('geolocation=(self)')
  // Passkeys: added in 'Mon compte' › « Sécurité », used on the sign-in page, this origin alone
  // (docs/decisions/0116-passkeys-through-the-embedded-provider.md).
  .concat('publickey-credentials-create=(self)', 'publickey-credentials-get=(self)')
  .join(', ');

/** The console app's pages (plugins/console-app.ts). */
const CONSOLE_PAGE = /^\/backoffice(?!\/(v1|api|docs|auth|assets)(\/|$))(\/|\?|$)/;

export default fp(async function securityHeaders(
  app: FastifyInstance,
  opts: {
    externalIssuer?: string | undefined;
    /** Inline scripts allowed by their hash (`'sha256-…'`): the portal's brand script. */
    scriptSources?: string[];
  },
) {
  const issuerOrigin = opts.externalIssuer ? new URL(opts.externalIssuer).origin : undefined;
  const options = (frameSrc: string[]): Parameters<typeof helmet>[0] => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.scriptSources ?? [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // The SPA calls this origin alone, whichever the provider: the server is the external
        // provider's client (docs/decisions/0084-external-provider-sessions.md). A sign-in sent
        // from the portal's form may end at the provider's, hence form-action.
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(issuerOrigin ? [issuerOrigin] : [])],
        frameAncestors: ["'none'"],
        frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const headers = helmetHeaders(options(["'none'"]));
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  // The console's pages preview a request's PDF in a frame of this origin (docs/console.md
  // « Demandes »); the file itself says who may frame it (http/attachment.ts).
  const consoleHeaders = helmetHeaders(options(["'self'"]));
  consoleHeaders.push(['permissions-policy', PERMISSIONS_POLICY]);
  const headersFor = (url: string) => (CONSOLE_PAGE.test(url) ? consoleHeaders : headers);
  // On the raw response, so the provider's own pages (answered by its middleware) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.url)) reply.raw.setHeader(name, value);
    done();
  });
});

/** The headers helmet sets with these options, read once from a response it writes them on. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => void headers.push([name.toLowerCase(), value]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, () => undefined);
  return headers;
}
