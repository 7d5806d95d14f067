// What the OpenAPI document says of a webhook's deliveries (docs/integration.md « Webhooks »,
// docs/decisions/0142-the-documents-say-what-the-server-does.md): the callback of createWebhook,
// a POST of the event (the component `Event`, one schema per type) to the endpoint's address,
// signed as Standard Webhooks says (platform/webhooks/signature.ts).
import type { OpenApiSchema, OperationDocument } from '../../http/openapi-operation';

const header = (name: string, description: string): OpenApiSchema => ({
  in: 'header',
  name,
  description,
  required: true,
  schema: { type: 'string' },
});

export const webhookDeliveries: OperationDocument = {
  callbacks: {
    event: {
      '{$request.body#/url}': {
        post: {
          operationId: 'deliverEvent',
          summary: 'Un événement, envoyé à l’adresse du webhook et signé (Standard Webhooks)',
          description:
            'Le corps est l’événement du flux, sans son curseur. Vérifier la signature sur les octets reçus, avant de les lire (docs/integration.md «\u00a0Webhooks\u00a0»).',
          parameters: [
            header('webhook-id', 'L’identifiant de l’événement, le même à chaque nouvel essai'),
            header('webhook-timestamp', 'L’heure de l’essai, en secondes depuis 1970 (UTC)'),
            header(
              'webhook-signature',
              '`v1,<signature>`\u00a0; deux, séparées par une espace, pendant une rotation du secret',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
          },
          responses: {
            '2XX': { description: 'Reçu' },
            '4XX': {
              description: 'Un échec\u00a0: l’envoi est retenté, comme sans réponse en 10\u00a0s',
            },
            '5XX': { description: 'Un échec\u00a0: l’envoi est retenté' },
          },
        },
      },
    },
  },
};
