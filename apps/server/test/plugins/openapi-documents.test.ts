// The two OpenAPI documents integrators generate clients from (docs/integration.md « Générer un
// client »): /api/docs/json, the customer API, and /backoffice/docs/json, the integration API.
// Every operation has the operationId its route's schema names (a generated client's method
// name: renaming one breaks the clients already generated, so the list below is the promise) and
// a French summary, and each document passes the recommended rules of Redocly's linter, used as
// a library, offline, with no error. The documents come from the routes' schemas alone, not
// from the database: PGlite only.
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';

interface Operation {
  operationId?: string;
  summary?: string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const CUSTOMER_API: Record<string, string> = {
  'GET /api/v1/account/accounts/{accountId}': 'getAccount',
  'DELETE /api/v1/account/accounts/{accountId}': 'deleteAccount',
  'GET /api/v1/policy/accounts/{accountId}': 'listPolicies',
  'GET /api/v1/account/accounts/{accountId}/requests': 'listRequests',
  'GET /api/v1/account/accounts/{accountId}/requests/{reference}': 'getRequest',
  'GET /api/v1/document/accounts/{accountId}/policy/{policyNumber}': 'listDocuments',
  'GET /api/v1/document/accounts/{accountId}/policy/{policyNumber}/document/{documentId}':
    'downloadDocument',
  'POST /api/v1/document/accounts/{accountId}/policy/{policyNumber}/uploadfile': 'uploadDocument',
  'POST /api/v1/account/accounts/{accountId}/mail/phone-contact': 'requestCallBack',
  'POST /api/v1/account/accounts/{accountId}/mail/mail-contact': 'sendContactMessage',
  'GET /api/v1/message/accounts/{accountId}/conversations': 'listConversations',
  'POST /api/v1/message/accounts/{accountId}/conversations': 'startConversation',
  'POST /api/v1/message/accounts/{accountId}/conversations/attachments':
    'startConversationWithFile',
  'GET /api/v1/message/accounts/{accountId}/conversations/{conversationId}': 'readConversation',
  'POST /api/v1/message/accounts/{accountId}/conversations/{conversationId}/messages':
    'postMessage',
  'POST /api/v1/message/accounts/{accountId}/conversations/{conversationId}/attachments':
    'attachMessageFile',
  'GET /api/v1/message/accounts/{accountId}/conversations/{conversationId}/files/{fileId}':
    'downloadMessageFile',
  'GET /api/v1/message/accounts/{accountId}/drafts/{slot}': 'readMessageDraft',
  'PUT /api/v1/message/accounts/{accountId}/drafts/{slot}': 'saveMessageDraft',
  'PUT /api/v1/authentication/accounts/{accountId}/password': 'changePassword',
  'PUT /api/v1/consent/accounts/{accountId}/{consent}': 'setConsent',
  'GET /api/v1/authentication/accounts/{accountId}/sessions': 'listSessions',
  'DELETE /api/v1/authentication/accounts/{accountId}/sessions': 'endOtherSessions',
  'DELETE /api/v1/authentication/accounts/{accountId}/sessions/{sessionId}': 'endSession',
  'GET /api/v1/authentication/accounts/{accountId}/passkeys': 'listPasskeys',
  'POST /api/v1/authentication/accounts/{accountId}/passkeys': 'addPasskey',
  'POST /api/v1/authentication/accounts/{accountId}/passkeys/options': 'passkeyRegistrationOptions',
  'DELETE /api/v1/authentication/accounts/{accountId}/passkeys/{passkeyId}': 'removePasskey',
  'GET /api/v1/account/accounts/{accountId}/data-exports': 'getDataExport',
  'POST /api/v1/account/accounts/{accountId}/data-exports': 'requestDataExport',
  'GET /api/v1/account/accounts/{accountId}/data-exports/{exportId}/archive': 'downloadDataExport',
  'GET /api/v1/authentication/accounts/{accountId}/second-factor': 'getSecondFactor',
  'PUT /api/v1/authentication/accounts/{accountId}/second-factor': 'confirmSecondFactor',
  'DELETE /api/v1/authentication/accounts/{accountId}/second-factor': 'removeSecondFactor',
  'POST /api/v1/authentication/accounts/{accountId}/second-factor/enrolment': 'startSecondFactor',
  'POST /api/v1/authentication/accounts/{accountId}/second-factor/recovery-codes':
    'renewRecoveryCodes',
  'POST /api/v1/authentication/accounts/{accountId}/step-up': 'stepUp',
  'POST /api/v1/authentication/accounts/{accountId}/step-up/passkey-options':
    'stepUpPasskeyOptions',
  'GET /api/v1/content/faq': 'listFaqQuestions',
  'GET /api/v1/content/legal/{slug}': 'getLegalPage',
  'POST /api/v1/policy/accounts/{accountId}/{policyNumber}/driver': 'addDriver',
  'DELETE /api/v1/policy/accounts/{accountId}/{policyNumber}/driver': 'removeDriver',
  'PUT /api/v1/policy/accounts/{accountId}/{policyNumber}/vehicle': 'changeVehicle',
  'POST /api/v1/policy/accounts/{accountId}/iban/{iban}': 'checkIban',
  'PUT /api/v1/policy/accounts/{accountId}/{policyNumber}/payment-details': 'changePaymentDetails',
  'POST /api/v1/policy/accounts/{accountId}/{policyNumber}/terminate': 'terminatePolicy',
  'POST /api/v1/claim/accounts/{accountId}/drafts': 'createClaimDraft',
  'GET /api/v1/claim/accounts/{accountId}/drafts': 'listClaimDrafts',
  'GET /api/v1/claim/accounts/{accountId}/drafts/{draftId}': 'getClaimDraft',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/kind': 'saveClaimStepKind',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/when': 'saveClaimStepWhen',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/circumstances':
    'saveClaimStepCircumstances',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/parties': 'saveClaimStepParties',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/injuries': 'saveClaimStepInjuries',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/theft': 'saveClaimStepTheft',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/driver': 'saveClaimStepDriver',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/vehicle': 'saveClaimStepVehicle',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/steps/constat': 'saveClaimStepConstat',
  'PUT /api/v1/claim/accounts/{accountId}/drafts/{draftId}/progress': 'saveClaimDraftProgress',
  'POST /api/v1/claim/accounts/{accountId}/drafts/{draftId}/files/{role}': 'attachClaimFile',
  'GET /api/v1/claim/accounts/{accountId}/drafts/{draftId}/file/{fileId}': 'readClaimFile',
  'DELETE /api/v1/claim/accounts/{accountId}/drafts/{draftId}/file/{fileId}': 'removeClaimFile',
  'POST /api/v1/claim/accounts/{accountId}/drafts/{draftId}/submit': 'submitClaim',
  'POST /api/v1/complaint/accounts/{accountId}/complaints': 'fileComplaint',
  'GET /api/v1/complaint/accounts/{accountId}/complaints/{reference}': 'getComplaint',
  'POST /api/v1/complaint/accounts/{accountId}/complaints/{reference}/files': 'attachComplaintFile',
  'GET /api/v1/complaint/accounts/{accountId}/complaints/{reference}/answer':
    'downloadComplaintAnswer',
  'GET /api/v1/address/search': 'searchAddresses',
  'GET /api/v1/address/search-mode': 'getAddressSearchMode',
  'POST /api/v1/account/accounts/{accountId}/validateAddress': 'validateAddress',
  'PUT /api/v1/account/accounts/{accountId}/address': 'changePersonalAddress',
  'PUT /api/v1/policy/accounts/{accountId}/address/{policyNumber}': 'changeGarageAddress',
};

const INTEGRATION_API: Record<string, string> = {
  'PUT /backoffice/v1/customers/{customerNumber}': 'putCustomer',
  'GET /backoffice/v1/customers/{customerNumber}': 'getCustomer',
  'DELETE /backoffice/v1/customers/{customerNumber}': 'deleteCustomer',
  'PUT /backoffice/v1/contracts/{contractNumber}': 'putContract',
  'GET /backoffice/v1/contracts/{contractNumber}': 'getContract',
  'DELETE /backoffice/v1/contracts/{contractNumber}': 'deleteContract',
  'PUT /backoffice/v1/contracts/{contractNumber}/owed-documents/{documentId}': 'putOwedDocument',
  'PATCH /backoffice/v1/contracts/{contractNumber}/owed-documents/{documentId}/status':
    'checkOwedDocument',
  'GET /backoffice/v1/contracts/{contractNumber}/owed-documents/{documentId}': 'getOwedDocument',
  'DELETE /backoffice/v1/contracts/{contractNumber}/owed-documents/{documentId}':
    'deleteOwedDocument',
  'PUT /backoffice/v1/contracts/{contractNumber}/documents/{documentId}': 'putDocument',
  'GET /backoffice/v1/contracts/{contractNumber}/documents/{documentId}': 'getDocument',
  'DELETE /backoffice/v1/contracts/{contractNumber}/documents/{documentId}': 'deleteDocument',
  'POST /backoffice/v1/customers/{customerNumber}/invitation': 'createInvitation',
  'GET /backoffice/v1/events': 'listEvents',
  'GET /backoffice/v1/requests/{reference}': 'getRequest',
  'PATCH /backoffice/v1/requests/{reference}': 'changeRequestStatus',
  'GET /backoffice/v1/requests/{reference}/files/{fileId}': 'downloadRequestFile',
  'POST /backoffice/v1/webhooks': 'createWebhook',
  'GET /backoffice/v1/webhooks': 'listWebhooks',
  'GET /backoffice/v1/webhooks/{webhookId}': 'getWebhook',
  'DELETE /backoffice/v1/webhooks/{webhookId}': 'deleteWebhook',
  'POST /backoffice/v1/webhooks/{webhookId}/rotate-secret': 'rotateWebhookSecret',
  'GET /backoffice/v1/webhooks/{webhookId}/failures': 'listWebhookFailures',
  'GET /backoffice/v1/conversations': 'listConversations',
  'GET /backoffice/v1/conversations/{conversationId}': 'getConversation',
  'POST /backoffice/v1/conversations/{conversationId}/messages': 'postBrokerMessage',
  'GET /backoffice/v1/conversations/{conversationId}/files/{fileId}': 'downloadMessageFile',
};

/** The linter's warnings the documents are known to give, and why they stay; any other fails. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'info-license': 'the API is the broker’s own, under no licence to state',
  'no-server-example.com':
    'the test’s PUBLIC_URL is localhost; a served document names the portal’s own address',
};

/**
 * The customer API keeps the paths of the product specification (docs/product/README.md), which
 * clients call: …/iban/{iban} and …/address/{policyNumber} beside …/{policyNumber}/…, the literal
 * segment read first (docs/decisions/0142-the-documents-say-what-the-server-does.md, and each
 * operation's description). Those pairs, and no other, are accepted as ambiguous.
 */
const ACCEPTED_AMBIGUOUS_PATHS = [
  '/api/v1/policy/accounts/{accountId}/iban/{iban}',
  '/api/v1/policy/accounts/{accountId}/address/{policyNumber}',
];
const accepted = (p: NormalizedProblem) =>
  p.ruleId in ACCEPTED_WARNINGS ||
  (p.ruleId === 'no-ambiguous-paths' &&
    ACCEPTED_AMBIGUOUS_PATHS.some((path) => p.message.includes(`\`${path}\``)));

const DOCUMENTS = [
  ['the customer API', '/api/docs/json', CUSTOMER_API],
  ['the integration API', '/backoffice/docs/json', INTEGRATION_API],
] as const;

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      ...operation,
    })),
  );

/** What the interface's typography test checks (repository/ui-typography.test.ts), for the summaries. */
const TYPOGRAPHY = [/ [!?:;]/u, /\p{L}[!?;](?=\s|$)/u, /« | »/u, /\p{L}'\p{L}/u];

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;

describe('the OpenAPI documents', () => {
  const it = apiTest.extend('served', ({ t, once }) =>
    once('served', async () => {
      const served = new Map<string, string>();
      for (const [, url] of DOCUMENTS) {
        const response = await t.app.inject(url);
        expect(response.statusCode).toBe(200);
        served.set(url, response.body);
      }
      return served;
    }),
  );

  it.for(DOCUMENTS)(
    '%s: every operation has its stable operationId and a French summary',
    ([_name, url, expected], { served }) => {
      const found = operations(JSON.parse(served.get(url)!) as Document);
      expect(Object.fromEntries(found.map((o) => [o.key, o.operationId]))).toEqual(expected);
      const ids = found.map((o) => o.operationId ?? '');
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      for (const { key, summary } of found) {
        expect(summary, key).toMatch(/^[A-ZÀ-Ý].{9,}[^.]$/u);
        for (const rule of TYPOGRAPHY) expect(summary, key).not.toMatch(rule);
      }
    },
  );

  it.for(DOCUMENTS)(
    '%s passes the recommended rules of the OpenAPI linter',
    async ([_name, url], { t, served }) => {
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({
        source: served.get(url)!,
        absoluteRef: `${t.config.publicUrl}${url}`,
        config,
      });
      const errors = problems.filter((p) => p.severity === 'error').map(describeProblem);
      expect(errors).toEqual([]);
      const unexpected = problems
        .filter((p) => p.severity === 'warn' && !accepted(p))
        .map(describeProblem);
      expect(unexpected).toEqual([]);
    },
  );
});
