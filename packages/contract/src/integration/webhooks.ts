// The webhook endpoints of the integration API (docs/integration.md « Webhooks »): what a broker
// sends to declare one, and what it reads back. A secret (`whsec_…`, Standard Webhooks) is shown
// once, when the endpoint is created or its secret rotated; never in a listing.
import { z } from 'zod';
import { EVENT_TYPES } from './events';

export const WEBHOOK_MESSAGES = {
  url: 'L’adresse doit être une URL https complète (https://…).',
  localUrl:
    'L’adresse doit être en https\u00a0; http n’est admis que vers localhost ou 127.0.0.1, et seulement si le serveur l’autorise (WEBHOOK_ALLOW_LOCAL_HTTP).',
  description: 'La description compte au plus 200 caractères.',
  eventTypes: `Les types d’événements sont à choisir parmi ${EVENT_TYPES.join(', ')} (au moins un, ou le champ absent pour tous).`,
  unknown: 'Aucun webhook ne porte cet identifiant.',
  disabled: 'Ce webhook est désactivé\u00a0: son secret ne peut plus changer.',
  configured:
    'Ce webhook est déclaré par la configuration du serveur (WEBHOOK_ENDPOINTS)\u00a0: changez-la plutôt.',
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
