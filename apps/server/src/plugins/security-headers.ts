// Security headers on every response, including the identity provider's pages (helmet writes
// them on the raw response): a CSP without inline script or style, HSTS, nosniff,
// frame-ancestors 'none', a strict referrer policy (docs/decisions/0012-security-baseline.md) and a
// Permissions-Policy denying every powerful feature the portal does not use.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every powerful feature the portal does not use, denied to it and to anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export default fp(async function securityHeaders(
  app: FastifyInstance,
  opts: { externalIssuer?: string },
) {
  const issuerOrigin = opts.externalIssuer ? new URL(opts.externalIssuer).origin : undefined;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(issuerOrigin ? [issuerOrigin] : [])],
        formAction: ["'self'", ...(issuerOrigin ? [issuerOrigin] : [])],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
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
  // On the raw response, like helmet's, so the provider's own pages carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
});
