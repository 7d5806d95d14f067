// Paths, parameters and answers of the integration API (/backoffice/v1, docs/integration.md).
// Every record is addressed by the broker's own identifiers; every answer carries the record's
// version, also sent as its ETag, for If-Match.
import { z } from '../shared/zod';
import { recordIdField } from './fields';

export const INTEGRATION_PREFIX = '/backoffice/v1';
/** Where the integration API's OpenAPI document is served, beside /api/docs. */
export const INTEGRATION_DOCS_PATH = '/backoffice/docs';

/** Every path of the integration API, under INTEGRATION_PREFIX. */
export const INTEGRATION_ROUTES = {
  customer: '/customers/:customerNumber',
  invitation: '/customers/:customerNumber/invitation',
  contract: '/contracts/:contractNumber',
  owedDocument: '/contracts/:contractNumber/owed-documents/:documentId',
  owedDocumentStatus: '/contracts/:contractNumber/owed-documents/:documentId/status',
  document: '/contracts/:contractNumber/documents/:documentId',
  events: '/events',
  request: '/requests/:reference',
  requestFile: '/requests/:reference/files/:fileId',
  webhooks: '/webhooks',
  webhook: '/webhooks/:webhookId',
  webhookRotation: '/webhooks/:webhookId/rotate-secret',
  webhookFailures: '/webhooks/:webhookId/failures',
  conversations: '/conversations',
  conversation: '/conversations/:conversationId',
  conversationMessages: '/conversations/:conversationId/messages',
  conversationFile: '/conversations/:conversationId/files/:fileId',
} as const satisfies Record<string, string>;

/** The two scopes an integration client may hold. */
export const INTEGRATION_SCOPE = { read: 'backoffice:read', write: 'backoffice:write' } as const;

export const customerParamsSchema = z.object({ customerNumber: recordIdField });
export const contractParamsSchema = z.object({ contractNumber: recordIdField });
export const contractDocumentParamsSchema = z.object({
  contractNumber: recordIdField,
  documentId: recordIdField,
});

/** Every record's version, also its ETag (`"3"`), for If-Match. */
export const recordVersionField = z
  .number()
  .int()
  .describe('Version de l’enregistrement\u00a0; son ETag est ce nombre entre guillemets');
const readBase = { version: recordVersionField };

export const documentReadSchema = z.object({
  documentId: z.string(),
  contractNumber: z.string(),
  fileName: z.string(),
  title: z.string().nullable(),
  issuedOn: z.iso.date(),
  contentType: z.string(),
  size: z.number().int().describe('Taille du PDF en octets'),
  sha256: z.string().describe('Empreinte SHA-256 du PDF, en hexadécimal'),
  ...readBase,
});
export type DocumentRead = z.infer<typeof documentReadSchema>;

/** What a write answers: whether it changed anything, and the record's version after it. */
export const writeResultSchema = z.object({
  changed: z.boolean().describe('false quand le même enregistrement avait déjà été reçu'),
  created: z.boolean(),
  ...readBase,
});
export type WriteResult = z.infer<typeof writeResultSchema>;
