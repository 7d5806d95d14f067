// The webhook endpoints of the integration API (docs/integration.md « Webhooks »): what a broker
// sends to declare one, and what it reads back. A secret (`whsec_…`, Standard Webhooks) is shown
// once, when the endpoint is created or its secret rotated; never in a listing.
import { z } from '../shared/zod';
import { EVENT_TYPES } from './events';

export const WEBHOOK_MESSAGES = {
  url: 'L’adresse doit être une URL https complète (https://…).',
  localUrl:
    'L’adresse doit être en https\u00a0; http n’est admis que vers une adresse de boucle locale écrite en chiffres (127.0.0.1, [::1]), et seulement si le serveur l’autorise (WEBHOOK_ALLOW_LOCAL_HTTP).',
  description: 'La description compte au plus 200 caractères.',
  eventTypes: `Les types d’événements sont à choisir parmi ${EVENT_TYPES.join(', ')} (au moins un, ou le champ absent pour tous).`,
  unknown: 'Aucun webhook ne porte cet identifiant.',
  disabled: 'Ce webhook est désactivé\u00a0: son secret ne peut plus changer.',
  configured:
    'Ce webhook est déclaré par la configuration du serveur (WEBHOOK_ENDPOINTS)\u00a0: changez-la plutôt.',
} as const;

/** What a refused address is, by the name of its range (ipaddr.js's, on the server). */
const ADDRESS_RANGES: Record<string, string> = {
  loopback: 'une adresse de boucle locale (la machine elle-même)',
  unspecified: 'une adresse non spécifiée (la machine elle-même)',
  private: 'une adresse de réseau privé',
  uniqueLocal: 'une adresse de réseau privé IPv6 (unique locale)',
  linkLocal: 'une adresse de lien local (dont le service de métadonnées d’un cloud)',
  carrierGradeNat: 'une adresse partagée d’opérateur (CGNAT)',
  multicast: 'une adresse de multidiffusion',
  broadcast: 'l’adresse de diffusion',
  rfc6052: 'une adresse IPv4 traduite dans IPv6 (NAT64)',
  rfc6145: 'une adresse IPv4 traduite dans IPv6',
  '6to4': 'une adresse IPv4 transportée dans IPv6 (6to4)',
  teredo: 'une adresse IPv4 transportée dans IPv6 (Teredo)',
  ipv4Compatible: 'une adresse IPv4 écrite dans IPv6 (::/96, forme abandonnée)',
};

/** Why an endpoint's address is refused: `host` as written, `address` the one it reaches. */
export function webhookAddressRefused(host: string, address: string, range: string): string {
  const what =
    ADDRESS_RANGES[range] ?? 'une adresse réservée (documentation, tests ou usage particulier)';
  const subject = host === address ? `L’adresse ${address} est` : `${host} désigne ${address},`;
  return `${subject} ${what}\u00a0: les webhooks ne partent que vers des adresses publiques, ou vers les réseaux que le serveur autorise (WEBHOOK_ALLOWED_NETWORKS).`;
}

/**
 * Why a delivery failed, as `lastError` of the endpoint's failures says it (besides an address
 * refused, `webhookAddressRefused`, and the errors of the connection itself).
 */
export const WEBHOOK_DELIVERY_ERRORS = {
  eventGone: 'L’événement de cet envoi n’existe plus.',
  endpointDisabled: 'Le webhook a été désactivé ou supprimé.',
  answered: (status: number) =>
    `Le webhook a répondu HTTP ${status}\u00a0: seule une réponse 2xx vaut réception.`,
} as const;

export const WEBHOOK_URL_MAX = 2000;

export const webhookCreateSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.url })
    .trim()
    .max(WEBHOOK_URL_MAX, { error: WEBHOOK_MESSAGES.url })
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.url })),
  description: z
    .string({ error: WEBHOOK_MESSAGES.description })
    .trim()
    .max(200, { error: WEBHOOK_MESSAGES.description })
    .optional(),
  eventTypes: z
    .array(z.enum(EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventTypes }), {
      error: WEBHOOK_MESSAGES.eventTypes,
    })
    .min(1, { error: WEBHOOK_MESSAGES.eventTypes })
    .optional()
    .describe('Les types voulus\u00a0; absent\u00a0: tous'),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookParamsSchema = z.object({
  webhookId: z.string().trim().min(1).max(80),
});

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()).nullable().describe('null\u00a0: tous les types'),
  source: z.enum(['config', 'api']).describe('config\u00a0: déclaré par WEBHOOK_ENDPOINTS'),
  createdAt: z.iso.datetime({ offset: true }),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  previousSecretUntil: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('Jusqu’à quand l’ancien secret signe aussi, après une rotation'),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().describe('whsec_…\u00a0: montré cette fois seulement'),
});

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookFailureSchema = z.object({
  eventId: z.string().describe('Le webhook-id des envois'),
  type: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  failedAt: z.iso.datetime({ offset: true }),
});

export const webhookFailuresSchema = z.object({ failures: z.array(webhookFailureSchema) });
