// The composition root (fastify/demo's app.ts): builds the whole application without listening;
// tests call buildApp() and app.inject(), server.ts listens. In order: the start-up tasks
// (start-up.ts) → what every plugin and route reaches (app.db, app.config…) → external plugins
// (errors, slow bodies, compression, headers, docs) → the identity provider (oidc/) → routes:
// health, the authenticated API (routes/api.ts), the SPA and its fallback.
import { API_PREFIX } from '@espace/contract';
import compress from '@fastify/compress';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db, DatabaseHandle } from './db/client';
import { readBrandScript } from './http/brand-script';
import { fastifyOptions } from './http-server';
import identityProvider from './oidc/identity-provider';
import { publicJwks } from './oidc/provider/keys';
import type { SecretKeys } from './platform/secrets/sealed-secrets';
import type { DocumentStorage } from './platform/storage/storage';
import bodyRate from './plugins/body-rate';
import consoleApp from './plugins/console-app';
import errorHandler from './plugins/errors';
import outbox from './plugins/outbox';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import unknownRouteBodies from './plugins/unknown-route-bodies';
import api from './routes/api';
import integrationRoutes from './routes/integration/index';
import consoleRoutes from './routes/console/index';
import healthRoutes from './routes/health';
import { databaseRateLimitStore } from './routes/rate-limit';
import { scheduleSweeps, startUp } from './start-up';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where documents are stored (docs/decisions/0018-documents-streamed-and-sniffed.md). */
    storage: DocumentStorage;
    /** The keys sealing the secrets read back from the database (platform/secrets/). */
    secretKeys: SecretKeys;
    /** Where per-account rate limits count (routes/rate-limit.ts); null: process memory. */
    rateLimitStore: FastifyRateLimitStoreCtor | null;
    /** Set by server.ts on SIGTERM: /readyz answers 503 and responses close their connection. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  /** The process's log (server.ts); false: none; by default one of the configured level. */
  logger?: boolean | FastifyBaseLogger;
  /** Count rate limits in process memory instead of the database (a test that asks for it). */
  rateLimitInMemory?: boolean;
  /** A database server.ts began opening while this module loaded (closed with the app). */
  opening?: Promise<DatabaseHandle>;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Migrations, demo data, storage sweeps, content, provider keys: once per database.
  const { database, storage, secrets, secretKeys, resealed, sweptAtStart } = await startUp(
    config,
    options,
  );

  const app = Fastify(fastifyOptions(config, options.logger));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('secretKeys', secretKeys);
  if (resealed) app.log.info({ resealed }, 'secrets sealed again under the current SECRETS_KEY');
  const inMemory = options.rateLimitInMemory === true;
  app.decorate('rateLimitStore', inMemory ? null : databaseRateLimitStore(database.db));
  scheduleSweeps(app, { rateLimitCounters: !inMemory, sweptAtStart });
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => storage.close?.());
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // While draining, clients open their next connection elsewhere (through the balancer).
  // Callback-style hooks on every request: no promise per request (docs/decisions/0068-api-reads-one-statement.md).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  // Prometheus metrics on a port of their own (METRICS_PORT), before any route is declared.
  if (config.metrics)
    await app.register(import('./plugins/metrics'), { database, listen: config.metrics });
  await app.register(errorHandler);
  await app.register(outbox);
  // A body slower than MIN_BODY_RATE is cut with 408 (docs/decisions/0053-slow-clients-and-drain.md).
  await app.register(bodyRate, config.http);
  // Answers over 1 KB (JSON, index.html) compressed for the clients that accept it (brotli at
  // quality 4, gzip); the SPA's files are compressed once by the build (plugins/spa.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // The portal's page carries the brand script inline, allowed by its hash (http/brand-script.ts).
  const brandScript = readBrandScript(config.webDist);
  await app.register(securityHeaders, {
    externalIssuer: config.oidc.embedded ? undefined : config.oidc.issuer,
    scriptSources: brandScript ? [brandScript.cspSource] : [],
  });
  // Loaded only when the API documentation is served (start-up time, idle memory).
  if (config.apiDocs)
    await app.register(import('./plugins/openapi'), { publicUrl: config.publicUrl });

  // The embedded provider under /oidc; secrets is undefined when OIDC_ISSUER names another.
  // Another provider: the portal's session as its confidential client (external-portal-session.ts).
  if (secrets) await app.register(identityProvider, { secrets });
  else await app.register(import('./oidc/client-sessions/external-portal-session'));
  await app.register(unknownRouteBodies);

  await app.register(healthRoutes);
  await app.register(api, {
    prefix: API_PREFIX,
    localJwks: secrets ? publicJwks(secrets) : undefined,
  });
  // The integration API for the broker's systems (docs/integration.md), its own token audience.
  await app.register(integrationRoutes, { localJwks: secrets ? publicJwks(secrets) : undefined });
  // The staff console's API for the console app (docs/console.md), its own cookie session.
  await app.register(consoleRoutes);
  // The console's app under /backoffice, for staff with a console session (docs/console.md).
  await app.register(consoleApp, { consoleDist: config.consoleDist });
  await app.register(spa, { webDist: config.webDist, oidc: config.oidc, brandScript });
  return app;
}
