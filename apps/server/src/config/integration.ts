// The integration API's token settings (docs/integration.md), read with the other variables by
// config.ts: the audience of its tokens, and the operator's own provider when it issues them
// instead of the embedded provider's client credentials; and the staff console's settings
// (config/console.ts), read through this hook to keep config.ts short.
import { z } from 'zod';
import { consoleConfig, consoleEnv, type ConsoleConfig } from './console';

export const integrationEnv = {
  /** The integration API's token audience, distinct from OIDC_AUDIENCE. */
  INTEGRATION_AUDIENCE: z.string().min(1).default('urn:espace-assure:backoffice'),
  /** The operator's own provider for the integration API (issuer + JWKS), instead of /oidc. */
  INTEGRATION_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  INTEGRATION_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Days the events of the pull feed are kept (docs/integration.md « Statuts », feed.ts). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  ...consoleEnv,
};

/** Who issues the integration API's tokens: the operator's provider, or the embedded one (undefined). */
export interface IntegrationConfig {
  audience: string;
  issuer: string | undefined;
  jwksUrl: string | undefined;
  /** Events older than this many days leave the feed with their deliveries (EVENT_RETENTION_DAYS). */
  eventRetentionDays: number;
}

/**
 * The names these variables had before the integration API was called by one name (decision
 * 0095), still read when the new name is unset, so an operator's environment keeps working.
 */
const FORMER_NAMES = {
  BACKOFFICE_AUDIENCE: 'INTEGRATION_AUDIENCE',
  BACKOFFICE_ISSUER: 'INTEGRATION_ISSUER',
  BACKOFFICE_JWKS_URL: 'INTEGRATION_JWKS_URL',
} as const;

export function withFormerNames(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const renamed = Object.entries(FORMER_NAMES).filter(
    ([former, name]) => env[former] !== undefined && env[name] === undefined,
  );
  if (renamed.length === 0) return env;
  return { ...env, ...Object.fromEntries(renamed.map(([former, name]) => [name, env[former]])) };
}

type IntegrationEnv = z.output<z.ZodObject<typeof integrationEnv>>;

export interface WithIntegration extends ConsoleConfig {
  integration: IntegrationConfig;
}

export function integrationConfig(e: IntegrationEnv, problems: string[]): WithIntegration {
  if (!e.INTEGRATION_ISSUER !== !e.INTEGRATION_JWKS_URL)
    problems.push('INTEGRATION_ISSUER: seulement avec INTEGRATION_JWKS_URL, et inversement');
  const issuer = e.INTEGRATION_ISSUER?.replace(/\/$/, '');
  return {
    integration: {
      audience: e.INTEGRATION_AUDIENCE,
      issuer,
      jwksUrl: e.INTEGRATION_JWKS_URL,
      eventRetentionDays: e.EVENT_RETENTION_DAYS,
    },
    ...consoleConfig(e, problems),
  };
}
