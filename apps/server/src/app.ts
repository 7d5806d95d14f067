// Builds the whole application without listening (fastify/demo): tests call buildApp() and
// app.inject(); server.ts listens. Plugins load in order: external (errors, headers, docs) →
// services (database, identity provider) → routes → the SPA and its fallback.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { API_PREFIX } from '@espace/contract';
import middie from '@fastify/middie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrate, openDatabase, type Db, type DatabaseHandle } from './db/client';
import { seedDemoData } from './seed/seed';
import { purgeExpiredPayloads } from './oidc/adapter';
import { interactionRoutes } from './oidc/interactions';
import { loadProviderSecrets, publicJwks } from './oidc/keys';
import { createProvider } from './oidc/provider';
import authentication from './plugins/authentication';
import errorHandler from './plugins/errors';
import idempotency from './plugins/idempotency';
import openapi from './plugins/openapi';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';
import contactRoutes from './routes/account/contact/index';
import accountSecurityRoutes from './routes/account/security/index';
import getAccountRoute from './routes/account/get-account';
import addressChangeRoutes from './routes/address/index';
import searchAddressesRoute from './routes/address/search-addresses';
import documentRoutes from './routes/document/index';
import contentRoutes from './routes/content/index';
import healthRoutes from './routes/health';
import changeRoutes from './routes/policy/changes/index';
import listPoliciesRoute from './routes/policy/list-policies';
import { TokenValidity } from './services/account-security/token-validity';
import terminationRoutes from './routes/policy/termination/index';
import { createAddressSearch } from './services/address/create-address-search';
import { redactUrl } from './services/logger';
import { createDocumentStorage } from './services/storage/create-storage';
import type { DocumentStorage } from './services/storage/storage';
import { loadContent } from './services/content-loader';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where documents are stored (ARCHITECTURE.md decision 5). */
    storage: DocumentStorage;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'pglite'),
    }));
  const { db } = database;
  await migrate(db);
  const storage = await createDocumentStorage(config);
  if (config.demoMode) await seedDemoData(db, storage);
  // ARCHITECTURE.md decision 6: FAQ and legal Markdown into the database (changed files only).
  await loadContent(db, config.contentDir, config.legalIdentity);

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
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(errorHandler);
  await app.register(securityHeaders, {
    externalIssuer: config.oidc.embedded ? undefined : config.oidc.issuer,
  });
  await app.register(openapi, { publicUrl: config.publicUrl });

  // The per-account "not before" of access tokens, shared by the authentication plugin and the
  // services that move it (password change, account deletion, forgotten password).
  const tokenValidity = new TokenValidity(db);
  let localJwks: ReturnType<typeof publicJwks> | undefined;
  if (config.oidc.embedded) {
    const secrets = await loadProviderSecrets(db);
    localJwks = publicJwks(secrets);
    const provider = createProvider(config, db, secrets);
    await app.register(middie);
    // Koa's handler answers and reports its own errors; middie only needs it started.
    const oidc = provider.callback();
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse) => void oidc(req, res));
    await app.register(interactionRoutes, { provider, db, config, tokenValidity });
    await purgeExpiredPayloads(db);
    const purge = setInterval(
      () => void purgeExpiredPayloads(db).catch(() => undefined),
      3_600_000,
    ).unref();
    app.addHook('onClose', async () => clearInterval(purge));
  }

  // ARCHITECTURE.md decision 7: the list of communes is read on first use, or once listening,
  // so that neither the start nor the first customer waits for it (tests never listen).
  const addressSearch = createAddressSearch({ url: config.addressSearchUrl, log: app.log });
  app.addHook('onListen', async () => {
    addressSearch.prepare().catch((err: unknown) => app.log.error({ err }, 'address data'));
  });

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(authentication, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        localJwks,
        tokenValidity,
      });
      // Issue 15: a write sent again with the same Idempotency-Key is answered once.
      await api.register(idempotency);
      await api.register(getAccountRoute);
      await api.register(listPoliciesRoute);
      await api.register(documentRoutes);
      await api.register(contactRoutes);
      await api.register(accountSecurityRoutes, { tokenValidity });
      await api.register(contentRoutes);
      await api.register(changeRoutes);
      await api.register(terminationRoutes);
      await api.register(searchAddressesRoute, { search: addressSearch });
      await api.register(addressChangeRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(spa, { webDist: config.webDist, oidc: config.oidc });
  return app;
}
