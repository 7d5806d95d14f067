// Builds the whole application without listening (fastify/demo): tests call buildApp() and
// app.inject(); server.ts listens. Plugins load in order: external (errors, headers, docs) →
// services (database, identity provider) → routes → the SPA and its fallback.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { API_PREFIX, ERROR_CODES, MESSAGES } from '@espace/contract';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import middie from '@fastify/middie';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { clientErrorHandler, createHttpServer } from './http-server';
import { migrate, openDatabase, type Db, type DatabaseHandle } from './db/client';
import { allMigrationsApplied } from './db/migrations-applied';
import { withStartupLock } from './db/startup-lock';
import { seedDemoData } from './seed/seed';
import { purgeExpiredPayloads } from './oidc/adapter';
import { interactionRoutes } from './oidc/interactions';
import {
  generateSigningKeys,
  loadProviderSecrets,
  publicJwks,
  type ProviderSecrets,
} from './oidc/keys';
import { createProvider } from './oidc/provider';
import { portalSessions, type PortalSessions } from './oidc/portal-session';
import authentication from './plugins/authentication';
import bodyRate from './plugins/body-rate';
import { sameOriginCheck } from './plugins/cookie-session';
import errorHandler, { errorBody } from './plugins/errors';
import idempotency from './plugins/idempotency';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import contactRoutes from './routes/account/contact/index';
import accountSecurityRoutes from './routes/account/security/index';
import getAccountRoute from './routes/account/get-account';
import listRequestsRoute from './routes/account/list-requests';
import addressChangeRoutes from './routes/address/index';
import searchAddressesRoute from './routes/address/search-addresses';
import documentRoutes from './routes/document/index';
import contentRoutes from './routes/content/index';
import healthRoutes from './routes/health';
import changeRoutes from './routes/policy/changes/index';
import listPoliciesRoute from './routes/policy/list-policies';
import { TokenValidity } from './services/account/token-validity';
import { purgeExpiredPortalSessions } from './services/account/portal-sessions';
import terminationRoutes from './routes/policy/termination/index';
import { createAddressSearch } from './services/address/create-address-search';
import { redactUrl } from './platform/logger';
import { createDocumentStorage } from './platform/storage/create-storage';
import { secureFolder } from './platform/storage/data-folder';
import { sweepStorage } from './platform/storage/sweep';
import { scheduleIntentSweeps, sweepIntents } from './platform/storage/intents';
import type { DocumentStorage } from './platform/storage/storage';
import { loadContent } from './services/content/content-loader';
import { sweepRateLimitCounters } from './platform/rate-limits/rate-limit-store';
import { databaseRateLimitStore } from './routes/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where documents are stored (docs/decisions/0018-documents-streamed-and-sniffed.md). */
    storage: DocumentStorage;
    /** Where per-account rate limits count (routes/rate-limit.ts); null: process memory. */
    rateLimitStore: FastifyRateLimitStoreCtor | null;
    /** Set by server.ts on SIGTERM: /readyz answers 503 and responses close their connection. */
    lifecycle: { draining: boolean };
  }
}

/** The largest body read before authentication (sign-in forms, the provider's endpoints). */
export const UNAUTHENTICATED_BODY_LIMIT = 65_536;
/** The largest JSON body of an authenticated /api/v1 call (routes may set their own). */
export const API_BODY_LIMIT = 1_048_576;

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

type RawWithRequestId = IncomingMessage & { requestId?: string };

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Count rate limits in process memory instead of the database (a test that asks for it). */
  rateLimitInMemory?: boolean;
  /** A database server.ts began opening while this module loaded (closed with the app). */
  opening?: Promise<DatabaseHandle>;
}

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteInProcess: config.pgliteInProcess,
  });
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  if (!config.inMemoryDatabase) await secureFolder(config.dataDir);
  if (config.inMemoryDatabase || !config.documentsDir.startsWith(config.dataDir + path.sep))
    await secureFolder(config.documentsDir);
  const database = options.database ?? (await (options.opening ?? openConfiguredDatabase(config)));
  const { db } = database;
  const storage = await createDocumentStorage(config);
  // Once per database however many instances start together (db/startup-lock.ts).
  let sweptAtStart = 0;
  const secrets = await withStartupLock(database, async () => {
    // A restart finds every migration applied and skips the migrator; a new database gets its
    // provider keys generated on the thread pool while the migrations run.
    let signingKeys: Promise<ProviderSecrets['jwks']> | undefined;
    if (!(await allMigrationsApplied(db))) {
      if (config.oidc.embedded) {
        signingKeys = generateSigningKeys();
        signingKeys.catch(() => undefined);
      }
      await migrate(db);
    }
    if (config.demoMode) await seedDemoData(db, storage);
    // Objects a killed process stored but never recorded (docs/decisions/0054-storage-intents.md),
    // then, in the folder, files without a row or half written, before anyone connects.
    sweptAtStart = (await sweepIntents(db, storage, config.storage.intentGraceMs)).removed;
    await sweepStorage(db, storage);
    // docs/decisions/0016-content-in-markdown.md: FAQ and legal Markdown into the database (changed files only).
    await loadContent(db, config.contentDir, config.legalIdentity);
    if (!config.oidc.embedded) return undefined;
    return signingKeys ? loadProviderSecrets(db, () => signingKeys) : loadProviderSecrets(db);
  });

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // A forgotten-password link's token never reaches the logs (oidc/password-reset-routes.ts).
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Bodies read before anyone is authenticated stay small; /api/v1 routes, whose
    // token is checked before their body is read, get API_BODY_LIMIT below.
    bodyLimit: UNAUTHENTICATED_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    serverFactory: createHttpServer(config.http),
    // A request accepted while the server closes is answered, not refused with 503 (server.ts).
    return503OnClosing: false,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('rateLimitStore', options.rateLimitInMemory ? null : databaseRateLimitStore(db));
  if (!options.rateLimitInMemory) {
    // Ended windows are dead weight only (the upsert restarts them): a sweep now and then.
    const sweep = setInterval(
      () => void sweepRateLimitCounters(db).catch(() => undefined),
      600_000,
    ).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => storage.close?.());
  const stopIntentSweeps = scheduleIntentSweeps(
    { db, storage, log: app.log },
    config.storage.intentGraceMs,
    sweptAtStart,
  );
  app.addHook('onClose', async () => stopIntentSweeps());
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // While draining, clients open their next connection elsewhere (through the balancer).
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  await app.register(errorHandler);
  // A body slower than MIN_BODY_RATE is cut with 408 (docs/decisions/0053-slow-clients-and-drain.md).
  await app.register(bodyRate, config.http);
  // Answers over 1 KB (JSON, index.html) compressed for the clients that accept it (brotli at
  // quality 4, gzip); the SPA's files are compressed once by the build (plugins/spa.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeaders, {
    externalIssuer: config.oidc.embedded ? undefined : config.oidc.issuer,
  });
  // Loaded only when the API documentation is served (start-up time, idle memory).
  if (config.apiDocs)
    await app.register(import('./plugins/openapi'), { publicUrl: config.publicUrl });

  // An access token lives as long as its provider session (token-validity.ts).
  const tokenValidity = new TokenValidity(db, config.oidc.embedded);
  let localJwks: ReturnType<typeof publicJwks> | undefined;
  // The portal's cookie session (docs/decisions/0065-portal-session-cookie.md).
  let sessions: PortalSessions | undefined;
  if (secrets) {
    localJwks = publicJwks(secrets);
    const provider = createProvider(config, db, secrets);
    // The provider's failures reach the log with the request's id (a misconfigured
    // proxy once made every sign-in fail with nothing logged).
    app.addHook('onRequest', async (request) => {
      (request.raw as RawWithRequestId).requestId = request.id;
    });
    provider.on('server_error', (ctx: { req: IncomingMessage }, err: unknown) => {
      const reqId = (ctx.req as RawWithRequestId).requestId;
      app.log.error({ reqId, err }, 'identity provider error');
    });
    await app.register(middie);
    // Koa's handler answers and reports its own errors; middie only needs it started.
    const oidc = provider.callback();
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse) => void oidc(req, res));
    await app.register(interactionRoutes, {
      provider,
      db,
      config,
      deviceKeys: secrets.cookieKeys,
    });
    sessions = portalSessions(app, {
      db,
      issuer: config.oidc.issuer,
      publicUrl: config.publicUrl,
      keys: secrets.cookieKeys,
      assertSameOrigin: sameOriginCheck(config.publicUrl),
    });
    const purgeExpired = () =>
      Promise.all([purgeExpiredPayloads(db), purgeExpiredPortalSessions(db)]);
    await purgeExpired();
    const purge = setInterval(() => void purgeExpired().catch(() => undefined), 3_600_000).unref();
    app.addHook('onClose', async () => clearInterval(purge));
  }

  // A body sent to an unknown address is refused before a byte of it is parsed (after the
  // provider's middleware, which answers /oidc itself).
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && hasBody(request.headers)) {
      return reply
        .code(404)
        .header('connection', 'close')
        .send(errorBody(ERROR_CODES.notFound, MESSAGES.api.routeNotFound));
    }
  });

  // docs/decisions/0017-offline-addresses.md: the list of communes is read and indexed on first use only
  // (about half a second, once per process): indexing it at start kept about 70 MB of the idle
  // server's memory, and with a national address service it is only the fallback.
  const addressSearch = createAddressSearch({ url: config.addressSearchUrl, log: app.log });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        route.bodyLimit ??= API_BODY_LIMIT;
      });
      await api.register(authentication, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        localJwks,
        tokenValidity,
        cookies: sessions,
      });
      // A write sent again with the same Idempotency-Key is answered once.
      await api.register(idempotency);
      // The two reads every screen starts with carry a (weak) ETag; a client that sends it back
      // in If-None-Match gets 304 and no body when nothing changed.
      await api.register(async (reads) => {
        await reads.register(etag, { weak: true });
        await reads.register(getAccountRoute);
        await reads.register(listPoliciesRoute);
      });
      await api.register(listRequestsRoute);
      await api.register(documentRoutes);
      await api.register(contactRoutes);
      await api.register(accountSecurityRoutes);
      await api.register(contentRoutes);
      await api.register(changeRoutes);
      await api.register(terminationRoutes);
      await api.register(searchAddressesRoute, { search: addressSearch });
      await api.register(addressChangeRoutes, { search: addressSearch });
    },
    { prefix: API_PREFIX },
  );
  await app.register(spa, { webDist: config.webDist, oidc: config.oidc, sessions });
  return app;
}
