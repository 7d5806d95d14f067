// Configuration from environment variables, validated once at start (docs/decisions/0023-configuration-logs-and-health.md).
// A wrong value stops the server with a readable list of everything that is wrong.
import path from 'node:path';
import { z } from 'zod';
import { amqpConfig, amqpEnv, type AmqpConfig } from './amqp';
import { booleanFlag } from './boolean-flag';
import { appsConfig, appsEnv, type AppsConfig } from './apps';
import {
  integrationConfig,
  integrationEnv,
  withFormerNames,
  type WithIntegration,
} from './integration';
import { databaseConfig, databaseEnv, type DatabaseConfig } from './database';
import { mailConfig, mailEnv, type MailConfig } from './mail';
import { metricsConfig, metricsEnv, type MetricsConfig } from './observability';
import { oidcConfig, oidcEnv, oidcProblems, type OidcConfig } from './oidc';
import { secretsConfig, secretsEnv, type SecretsConfig } from './secrets';
import { webhookConfig, webhookEnv, type WebhookConfig } from './webhooks';
import { CLAIM_DRAFT_TTL_DAYS } from '@espace/contract';
import { readLegalIdentity, type LegalIdentity } from './legal-identity';
import { repoRoot } from './repo-root';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  /** Where uploaded and demo documents are stored; never a served folder (decision 5). */
  DOCUMENTS_DIR: z.string().min(1).optional(),
  ...databaseEnv,
  DEMO_MODE: booleanFlag.optional(),
  ...oidcEnv,
  ...appsEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  /** PGlite in the request thread instead of its worker thread (docs/operations.md). */
  PGLITE_IN_PROCESS: booleanFlag.default(false),
  /** SMTP and the outbox relay (config/mail.ts), webhooks (config/webhooks.ts). */
  ...mailEnv,
  ...webhookEnv,
  /** The key sealing the secrets read back from the database (config/secrets.ts). */
  ...secretsEnv,
  CONTENT_DIR: z.string().min(1).optional(),
  /** The national address service's search endpoint (docs/decisions/0017-offline-addresses.md). */
  ADDRESS_SEARCH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** HTTP server limits (docs/operations.md "Time-outs and limits"). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2_000),
  /** Slowest request body accepted, in bytes a second over BODY_RATE_WINDOW_MS (0: off). */
  MIN_BODY_RATE: z.coerce.number().int().min(0).default(1024),
  BODY_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(10_000),
  /** The OpenAPI viewer at /api/docs: on by default except in production. */
  API_DOCS: booleanFlag.optional(),
  ...integrationEnv,
  ...amqpEnv,
  ...metricsEnv,
  /** S3-compatible object store of documents; the folder DOCUMENTS_DIR otherwise. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PREFIX: z.string().default(''),
  /** Longest wait for requests in flight after SIGTERM before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Time /readyz answers 503 before the server stops accepting (the balancer's notice). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Age past which a storage intent without its row is swept (docs/decisions/0054-…). */
  STORAGE_INTENT_GRACE_MS: z.coerce.number().int().min(0).default(900_000),
  /** Days after which an untouched claim draft is purged with its files (docs/product/claims.md). */
  CLAIM_DRAFT_TTL_DAYS: z.coerce.number().int().min(1).default(CLAIM_DRAFT_TTL_DAYS),
  /** Tests only (NODE_ENV=test): pause after each stored object, before its row is committed. */
  TEST_HOLD_AFTER_PUT_MS: z.coerce.number().int().min(0).default(0),
});

export interface Config
  extends
    WithIntegration,
    MailConfig,
    DatabaseConfig,
    AmqpConfig,
    WebhookConfig,
    AppsConfig,
    SecretsConfig,
    MetricsConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Folder of the filesystem document storage; <dataDir>/documents by default. */
  documentsDir: string;
  /** PGlite in memory (tests) instead of DATA_DIR/pglite. */
  inMemoryDatabase: boolean;
  demoMode: boolean;
  oidc: OidcConfig;
  logLevel: string;
  trustProxy: boolean;
  /** PGlite on DATA_DIR runs in the request thread, not its worker (db/pglite-worker-dialect.ts). */
  pgliteInProcess: boolean;
  /** FAQ and legal Markdown (docs/decisions/0016-content-in-markdown.md), loaded into the database at start. */
  contentDir: string;
  /** Géoplateforme geocoding search endpoint (GeocodeJSON, no key) for the place search; the
   * shipped list of communes answers alone without it (docs/decisions/0017-offline-addresses.md). */
  addressSearchUrl: string | undefined;
  /** Whether /api/docs serves the OpenAPI viewer and document (API_DOCS). */
  apiDocs: boolean;
  /** The HTTP server's limits (docs/operations.md "Time-outs and limits"): the deadlines of a
   * request and its headers (408), of idle and silent sockets, and the most sockets at once. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
    /** A body slower than this many bytes a second over bodyRateWindowMs gets 408 (0: off). */
    minBodyRate: number;
    bodyRateWindowMs: number;
  };
  /** Documents in an S3-compatible store instead of `documentsDir` (platform/storage/s3-storage.ts). */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        /** Undefined: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID… or an instance role). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
        prefix: string;
      }
    | undefined;
  /** Graceful shutdown (server.ts): readiness notice, then the bound on requests in flight. */
  shutdown: { delayMs: number; timeoutMs: number };
  /** Storage intents' grace period; a test-only pause after each put (0: none). */
  storage: { intentGraceMs: number; testHoldAfterPutMs: number };
  claims: { draftTtlDays: number };
  /** The broker's legal identity put into content/ (legal-identity.ts). */
  legalIdentity: LegalIdentity;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The brand skins' stylesheet the portal serves: the PDFs read their colours from it too
 * (docs/decisions/0049-releve-mentions-one-pdf-pipeline.md). */
export const BRAND_CSS_PATH = path.join(repoRoot, 'apps/web/public/brand/brands.css');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(withFormerNames(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const problems: string[] = [];
  problems.push(...oidcProblems(e));
  if (e.SMTP_URL && !e.CUSTOMER_SERVICE_EMAIL)
    problems.push('CUSTOMER_SERVICE_EMAIL: requis quand SMTP_URL est défini');
  // Behind a TLS proxy the server sees http: without TRUST_PROXY its secure cookies cannot be
  // set and every sign-in fails.
  if (publicUrl.startsWith('https:') && !e.TRUST_PROXY)
    problems.push(
      'PUBLIC_URL: une adresse https suppose un proxy TLS devant le serveur ; définissez TRUST_PROXY=true (ou servez en http)',
    );
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: les deux ou aucun');
  if ((e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID) && !e.S3_BUCKET)
    problems.push('S3_BUCKET: requis avec S3_ENDPOINT ou S3_ACCESS_KEY_ID');
  // No placeholder reaches a customer; production names every missing legal value.
  const demoMode = e.DEMO_MODE ?? e.NODE_ENV !== 'production';
  const legal = readLegalIdentity(env, demoMode);
  for (const name of legal.missing)
    problems.push(
      `${name}: requis hors mode démo (identité légale du courtier, content/README.md)`,
    );
  const webhooks = webhookConfig(e, problems, e.OUTBOX_LEASE_MS);
  const secrets = secretsConfig(e, problems);
  const database = databaseConfig(e, problems);
  const integration = { ...integrationConfig(e, problems), ...amqpConfig(e), ...webhooks };
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(e.DATA_DIR, 'documents')),
    ...database,
    inMemoryDatabase: false,
    demoMode,
    oidc: oidcConfig(e, publicUrl),
    ...appsConfig(e),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    pgliteInProcess: e.PGLITE_IN_PROCESS,
    ...mailConfig(e),
    ...metricsConfig(e),
    contentDir: path.resolve(e.CONTENT_DIR ?? path.join(repoRoot, 'content')),
    addressSearchUrl: e.ADDRESS_SEARCH_URL,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    ...integration,
    ...secrets,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      minBodyRate: e.MIN_BODY_RATE,
      bodyRateWindowMs: e.BODY_RATE_WINDOW_MS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    storage: {
      intentGraceMs: e.STORAGE_INTENT_GRACE_MS,
      testHoldAfterPutMs: e.NODE_ENV === 'test' ? e.TEST_HOLD_AFTER_PUT_MS : 0,
    },
    claims: { draftTtlDays: e.CLAIM_DRAFT_TTL_DAYS },
    legalIdentity: legal.identity,
    ...overrides,
  };
}
