// Configuration from environment variables, validated once at start (ARCHITECTURE.md decision 10).
// A wrong value stops the server with a readable list of everything that is wrong.
import path from 'node:path';
import { z } from 'zod';
import { readLegalIdentity, type LegalIdentity } from './legal-identity';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  /** Where uploaded and demo documents are stored; never a served folder (decision 5). */
  DOCUMENTS_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO_MODE: booleanFlag.optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('espace-assure-spa'),
  OIDC_AUDIENCE: z.string().min(1).default('urn:espace-assure:api'),
  /** The external provider's account pages (password, deletion), with OIDC_ISSUER only. */
  OIDC_ACCOUNT_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.email().optional(),
  CUSTOMER_SERVICE_EMAIL: z.email().optional(),
  CONTENT_DIR: z.string().min(1).optional(),
  /** The national address service's search endpoint (ARCHITECTURE.md decision 7). */
  ADDRESS_SEARCH_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Folder of the filesystem document storage; <dataDir>/documents by default. */
  documentsDir: string;
  databaseUrl: string | undefined;
  /** PGlite in memory (tests) instead of DATA_DIR/pglite. */
  inMemoryDatabase: boolean;
  demoMode: boolean;
  oidc: {
    /** Embedded provider at /oidc unless OIDC_ISSUER names an external one. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    /**
     * With an external provider, where customers change their password or close their sign-in
     * identity; the portal's password and deletion screens send them there (docs/identity-provider.md).
     */
    accountUrl: string | undefined;
  };
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  smtp: { url: string; from: string; to: string } | undefined;
  /** FAQ and legal Markdown (ARCHITECTURE.md decision 6), loaded into the database at start. */
  contentDir: string;
  /**
   * Géoplateforme geocoding search endpoint (GeocodeJSON, no key) for the place search;
   * the shipped list of communes answers alone without it (ARCHITECTURE.md decision 7).
   */
  addressSearchUrl: string | undefined;
  /** The broker's legal identity put into content/ (issue 15; legal-identity.ts). */
  legalIdentity: LegalIdentity;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const problems: string[] = [];
  if (e.OIDC_ACCOUNT_URL && !e.OIDC_ISSUER)
    problems.push('OIDC_ACCOUNT_URL: seulement avec OIDC_ISSUER (fournisseur d’identité externe)');
  if (e.SMTP_URL && !e.CUSTOMER_SERVICE_EMAIL)
    problems.push('CUSTOMER_SERVICE_EMAIL: requis quand SMTP_URL est défini');
  // Issue 15: no placeholder reaches a customer; production names every missing legal value.
  const demoMode = e.DEMO_MODE ?? e.NODE_ENV !== 'production';
  const legal = readLegalIdentity(env, demoMode);
  for (const name of legal.missing)
    problems.push(
      `${name}: requis hors mode démo (identité légale du courtier, content/README.md)`,
    );
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    documentsDir: path.resolve(e.DOCUMENTS_DIR ?? path.join(e.DATA_DIR, 'documents')),
    databaseUrl: e.DATABASE_URL,
    inMemoryDatabase: false,
    demoMode,
    oidc: {
      embedded: !e.OIDC_ISSUER,
      issuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      accountUrl: e.OIDC_ACCOUNT_URL,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.SMTP_FROM ?? 'no-reply@espace-assure.invalid',
          to: e.CUSTOMER_SERVICE_EMAIL!,
        }
      : undefined,
    contentDir: path.resolve(e.CONTENT_DIR ?? path.join(repoRoot, 'content')),
    addressSearchUrl: e.ADDRESS_SEARCH_URL,
    legalIdentity: legal.identity,
    ...overrides,
  };
}
