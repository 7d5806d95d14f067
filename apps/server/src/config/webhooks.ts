// The webhook part of the configuration (config.ts, docs/integration.md « Webhooks »,
// docs/operations.md): endpoints declared by the operator (WEBHOOK_ENDPOINTS, a JSON array,
// upserted at start-up and disabled once removed), the retry window, the time-out of a send,
// the networks webhooks may reach besides public addresses (WEBHOOK_ALLOWED_NETWORKS,
// webhook-addresses.ts), and whether http to a literal loopback address is accepted
// (development and tests; refused in production).
import { z } from 'zod';
import { booleanFlag } from './boolean-flag';
import {
  literalRefusal,
  parseNetworks,
  refusalText,
  type LiteralPolicy,
  type Network,
  type Resolve,
} from './webhook-addresses';

const endpointSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, {
    error: 'id : 1 à 64 lettres sans accent, chiffres, points, tirets ou soulignés',
  }),
  url: z.url({ protocol: /^https?$/, error: 'url : une URL http(s) complète' }),
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]{22,}={0,2}$/, {
    error: 'secret : whsec_ suivi d’au moins 16 octets en base64',
  }),
  eventTypes: z.array(z.string().min(1)).min(1).optional(),
  description: z.string().max(200).optional(),
});
export type ConfiguredEndpoint = z.infer<typeof endpointSchema>;

const endpointsSchema = z.array(endpointSchema);

export const webhookEnv = {
  /** JSON array of {id, url, secret, eventTypes?, description?} (docs/integration.md). */
  WEBHOOK_ENDPOINTS: z.string().optional(),
  WEBHOOK_RETRY_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(24),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_ALLOW_LOCAL_HTTP: booleanFlag.default(false),
  /** CIDRs webhooks may reach besides public addresses (a receiver on the broker's premises). */
  WEBHOOK_ALLOWED_NETWORKS: z.string().optional(),
};

export interface WebhookConfig {
  webhooks: {
    endpoints: ConfiguredEndpoint[];
    /** A failing delivery is retried until it is this old, then listed as failed. */
    retryMs: number;
    timeoutMs: number;
    /** http to a literal loopback address (http://127.0.0.1, http://[::1]) besides https. */
    allowLocalHttp: boolean;
    /** Networks webhooks may reach besides public unicast addresses. */
    allowedNetworks: Network[];
    /** Tests only: resolves host names instead of the system's resolver. */
    resolve?: Resolve | undefined;
  };
}

function parseEndpoints(text: string | undefined, problems: string[]): ConfiguredEndpoint[] {
  if (!text?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    problems.push('WEBHOOK_ENDPOINTS: un tableau JSON est attendu');
    return [];
  }
  const parsed = endpointsSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`WEBHOOK_ENDPOINTS[${issue.path.join('.')}]: ${issue.message}`);
    return [];
  }
  const ids = parsed.data.map((e) => e.id);
  if (new Set(ids).size !== ids.length)
    problems.push('WEBHOOK_ENDPOINTS: chaque id ne doit figurer qu’une fois');
  return parsed.data;
}

/** What is wrong with a configured endpoint's URL (its scheme, or its address when literal). */
function endpointProblem(endpoint: ConfiguredEndpoint, policy: LiteralPolicy): string | undefined {
  const refusal = literalRefusal(new URL(endpoint.url), policy);
  return refusal && `WEBHOOK_ENDPOINTS[${endpoint.id}]: ${refusalText(refusal)}`;
}

export function webhookConfig(
  e: z.output<z.ZodObject<typeof webhookEnv>> & { NODE_ENV: string },
  problems: string[],
  /** OUTBOX_LEASE_MS: a claimed row must not be taken again while its send may still run. */
  leaseMs: number,
): WebhookConfig {
  const endpoints = parseEndpoints(e.WEBHOOK_ENDPOINTS, problems);
  const allowedNetworks = parseNetworks(e.WEBHOOK_ALLOWED_NETWORKS, problems);
  if (e.WEBHOOK_ALLOW_LOCAL_HTTP && e.NODE_ENV === 'production')
    problems.push(
      'WEBHOOK_ALLOW_LOCAL_HTTP: refusé en production (développement et tests seulement)',
    );
  if (leaseMs <= e.WEBHOOK_TIMEOUT_MS)
    problems.push(
      `WEBHOOK_TIMEOUT_MS: doit rester sous OUTBOX_LEASE_MS (${leaseMs}), sinon un envoi lent peut partir deux fois`,
    );
  const policy = { allowLocalHttp: e.WEBHOOK_ALLOW_LOCAL_HTTP, allowedNetworks };
  for (const endpoint of endpoints) {
    const problem = endpointProblem(endpoint, policy);
    if (problem) problems.push(problem);
  }
  return {
    webhooks: {
      endpoints,
      retryMs: Math.round(e.WEBHOOK_RETRY_HOURS * 3_600_000),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      allowLocalHttp: e.WEBHOOK_ALLOW_LOCAL_HTTP,
      allowedNetworks,
    },
  };
}
