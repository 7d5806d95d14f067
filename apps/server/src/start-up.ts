// What runs before the first request, and the sweeps that keep running after it. Once per
// database however many instances start together (db/startup-lock.ts): migrations, the secrets
// sealed again under the current key, the demo data, the configured webhook endpoints, the
// storage sweeps, the FAQ and legal pages, the embedded provider's secrets.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config';
import { migrate, openDatabase, type DatabaseHandle } from './db/client';
import { allMigrationsApplied } from './db/migrations-applied';
import { withStartupLock } from './db/startup-lock';
import {
  generateSigningKeys,
  loadProviderSecrets,
  type ProviderSecrets,
} from './oidc/provider/keys';
import { sweepRateLimitCounters } from './platform/rate-limits/rate-limit-store';
import { resealSecrets } from './platform/secrets/reseal';
import type { SecretKeys } from './platform/secrets/sealed-secrets';
import { loadSecretKeys } from './platform/secrets/secret-keys';
import { createDocumentStorage } from './platform/storage/create-storage';
import { secureFolder } from './platform/storage/data-folder';
import { scheduleIntentSweeps, sweepIntents } from './platform/storage/intents';
import type { DocumentStorage } from './platform/storage/storage';
import { sweepStorage } from './platform/storage/sweep';
import { purgeAbandonedDrafts, scheduleDraftPurge } from './services/claims/purge-drafts';
import { purgeEvents, scheduleEventPurge } from './services/events/feed';
import { scheduleJournalChecks } from './services/staff/journal-integrity';
import { purgeExpiredStaffSessions } from './services/identity/staff-sessions';
import { syncConfiguredWebhooks } from './services/events/webhooks';
import { loadContent } from './services/content/content-loader';
import { syncAmqpSubscription } from './services/events/amqp-subscription';
import { seedDemoData } from './seed/seed';
import { sweepDataExports } from './services/data-export/exports';

export interface Started {
  database: DatabaseHandle;
  storage: DocumentStorage;
  /** The embedded provider's keys; undefined when OIDC_ISSUER names another provider. */
  secrets: ProviderSecrets | undefined;
  /** What seals the secrets read back from the database (SECRETS_KEY, previous keys). */
  secretKeys: SecretKeys;
  /** Rows whose secrets this start sealed again under the current key. */
  resealed: number;
  /** Storage intents removed at start (the first periodic sweep counts from there). */
  sweptAtStart: number;
}

export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteInProcess: config.pgliteInProcess,
  });
}

/**
 * The migrations, on the schema owner's own connection when DATABASE_OWNER_URL names one
 * (docs/deployment.md « Database roles »): the server's role then owns no table, so it can
 * neither alter nor disable the staff journal's triggers.
 */
async function migrateAsOwner(config: Config, db: DatabaseHandle['db']): Promise<void> {
  if (!config.databaseOwnerUrl) return migrate(db);
  const owner = await openDatabase({ databaseUrl: config.databaseOwnerUrl });
  try {
    await migrate(owner.db);
  } finally {
    await owner.close();
  }
}

/** Opens the folders, the database and the storage, then runs the start-up tasks under their lock. */
export async function startUp(
  config: Config,
  given: { database?: DatabaseHandle; opening?: Promise<DatabaseHandle> },
): Promise<Started> {
  if (!config.inMemoryDatabase) await secureFolder(config.dataDir);
  if (config.inMemoryDatabase || !config.documentsDir.startsWith(config.dataDir + path.sep))
    await secureFolder(config.documentsDir);
  const database = given.database ?? (await (given.opening ?? openConfiguredDatabase(config)));
  const { db } = database;
  const storage = await createDocumentStorage(config);
  const secretKeys = await loadSecretKeys({
    ...config.secrets,
    dataDir: config.inMemoryDatabase ? undefined : config.dataDir,
  });
  let sweptAtStart = 0;
  let resealed = 0;
  const secrets = await withStartupLock(database, async () => {
    // A restart finds every migration applied and skips the migrator; a new database gets its
    // provider keys generated on the thread pool while the migrations run.
    let signingKeys: Promise<ProviderSecrets['jwks']> | undefined;
    if (!(await allMigrationsApplied(db))) {
      if (config.oidc.embedded) {
        signingKeys = generateSigningKeys();
        signingKeys.catch(() => undefined);
      }
      await migrateAsOwner(config, db);
    }
    // Secrets in clear (before migration 0035) or under a previous key: under SECRETS_KEY now.
    resealed = await resealSecrets(db, secretKeys);
    if (config.demoMode) await seedDemoData(db, storage);
    await syncAmqpSubscription(db, config.amqp); // events to the message broker, or none
    // WEBHOOK_ENDPOINTS into event_subscriptions, once for all instances (docs/integration.md).
    await syncConfiguredWebhooks(db, config.webhooks.endpoints, secretKeys);
    // Objects a killed process stored but never recorded (docs/decisions/0054-storage-intents.md),
    // then, in the folder, files without a row or half written, before anyone connects.
    sweptAtStart = (await sweepIntents(db, storage, config.storage.intentGraceMs)).removed;
    await sweepStorage(db, storage);
    // Claim drafts untouched for the configured time, with their files (docs/product/claims.md).
    await purgeAbandonedDrafts({ db, storage }, config.claims.draftTtlDays);
    // Events past their retention, with their deliveries (docs/integration.md « Statuts »).
    await purgeEvents(db, config.integration.eventRetentionDays);
    // docs/decisions/0016-content-in-markdown.md: FAQ and legal Markdown into the database (changed files only).
    await loadContent(db, config.contentDir, config.legalIdentity);
    if (!config.oidc.embedded) return undefined;
    return signingKeys
      ? loadProviderSecrets(db, secretKeys, () => signingKeys)
      : loadProviderSecrets(db, secretKeys);
  });
  return { database, storage, secrets, secretKeys, resealed, sweptAtStart };
}

/** The periodic sweeps of every instance, stopped when the app closes. */
export function scheduleSweeps(
  app: FastifyInstance,
  { rateLimitCounters, sweptAtStart }: { rateLimitCounters: boolean; sweptAtStart: number },
): void {
  const { db, storage, config } = app;
  if (rateLimitCounters) {
    // Ended windows are dead weight only (the upsert restarts them): a sweep now and then.
    const sweep = setInterval(
      () => void sweepRateLimitCounters(db).catch(() => undefined),
      600_000,
    ).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  const stopIntentSweeps = scheduleIntentSweeps(
    { db, storage, log: app.log },
    config.storage.intentGraceMs,
    sweptAtStart,
  );
  app.addHook('onClose', async () => stopIntentSweeps());
  const stopDraftPurge = scheduleDraftPurge(
    { db, storage, log: app.log },
    config.claims.draftTtlDays,
  );
  app.addHook('onClose', async () => stopDraftPurge());
  const stopEventPurge = scheduleEventPurge(
    { db, log: app.log },
    config.integration.eventRetentionDays,
  );
  app.addHook('onClose', async () => stopEventPurge());
  // Expired console sessions are dead weight only (findStaffSession ignores them): hourly.
  const staffSessions = setInterval(
    () => void purgeExpiredStaffSessions(db).catch(() => undefined),
    3_600_000,
  ).unref();
  app.addHook('onClose', async () => clearInterval(staffSessions));
  // « Mes données »: archives downloaded, expired or of a deleted account go, every 10 minutes.
  const dataExports = setInterval(
    () => void sweepDataExports(db, storage).catch(() => undefined),
    600_000,
  ).unref();
  app.addHook('onClose', async () => clearInterval(dataExports));
  // The staff journal's hash chain, read whole hourly: a break is an error in the log.
  const stopJournalChecks = scheduleJournalChecks(db, app.log);
  app.addHook('onClose', async () => stopJournalChecks());
}
