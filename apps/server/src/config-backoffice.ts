// The integration API's token settings (docs/integration.md), read with the other variables by
// config.ts: the audience of its tokens, and the operator's own provider when it issues them
// instead of the embedded provider's client credentials; and the staff console's settings
// (config-console.ts), read through this hook to keep config.ts short.
import { z } from 'zod';
import { consoleConfig, consoleEnv, type ConsoleConfig } from './config-console';

export const backofficeEnv = {
  /** The integration API's token audience, distinct from OIDC_AUDIENCE. */
  BACKOFFICE_AUDIENCE: z.string().min(1).default('urn:espace-assure:backoffice'),
  /** The operator's own provider for the integration API (issuer + JWKS), instead of /oidc. */
  BACKOFFICE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  BACKOFFICE_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Days the events of the pull feed are kept (docs/integration.md « Statuts », feed.ts). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  ...consoleEnv,
};

/** Who issues the integration API's tokens: the operator's provider, or the embedded one (undefined). */
export interface BackofficeConfig {
  audience: string;
  issuer: string | undefined;
  jwksUrl: string | undefined;
  /** Events older than this many days leave the feed with their deliveries (EVENT_RETENTION_DAYS). */
  eventRetentionDays: number;
}

type BackofficeEnv = z.output<z.ZodObject<typeof backofficeEnv>>;

export interface WithBackoffice extends ConsoleConfig {
  backoffice: BackofficeConfig;
}

export function backofficeConfig(e: BackofficeEnv, problems: string[]): WithBackoffice {
  if (!e.BACKOFFICE_ISSUER !== !e.BACKOFFICE_JWKS_URL)
    problems.push('BACKOFFICE_ISSUER: seulement avec BACKOFFICE_JWKS_URL, et inversement');
  const issuer = e.BACKOFFICE_ISSUER?.replace(/\/$/, '');
  return {
    backoffice: {
      audience: e.BACKOFFICE_AUDIENCE,
      issuer,
      jwksUrl: e.BACKOFFICE_JWKS_URL,
      eventRetentionDays: e.EVENT_RETENTION_DAYS,
    },
    ...consoleConfig(e, problems),
  };
}
