// What a generated client reads in the two OpenAPI documents beside the JSON answers (issue 73,
// docs/decisions/0142-the-documents-say-what-the-server-does.md): the files answered as bytes
// with their media types, the bodies Fastify does not validate (multipart uploads with their
// fields in order and their limits, the integration API's raw PDF), the answers without a body,
// the headers read and answered, the records and each event type's data as named schemas. The
// answers themselves are checked against the same documents by every API test
// (support/openapi-answers.ts). PGlite only: the documents come from the routes alone.
import { EVENT_TYPES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';

// The documents as JSON, read field by field as a generated client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
interface Document {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
}

const byOperation = (document: Document) =>
  new Map(
    Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => [operation.operationId as string, operation]),
    ),
  );

const BINARY = { schema: { type: 'string', format: 'binary' } };
const FILES = { 'application/pdf': BINARY, 'image/png': BINARY, 'image/jpeg': BINARY };

describe('what the OpenAPI documents declare beside the JSON answers', () => {
  const it = apiTest.extend('documents', ({ t, once }) =>
    once('documents', async () => {
      const read = async (url: string) => (await t.app.inject(url)).json<Document>();
      return {
        customer: await read('/api/docs/json'),
        integration: await read('/backoffice/docs/json'),
      };
    }),
  );

  it('declares every download as bytes of its media types, under its name', ({ documents }) => {
    const customer = byOperation(documents.customer);
    const integration = byOperation(documents.integration);
    const expected: [Map<string, Json>, string, object][] = [
      [customer, 'downloadDocument', FILES],
      [customer, 'downloadMessageFile', FILES],
      [customer, 'readClaimFile', FILES],
      [customer, 'downloadDataExport', { 'application/zip': BINARY }],
      [customer, 'downloadComplaintAnswer', { 'application/pdf': BINARY }],
      [integration, 'downloadRequestFile', FILES],
      [integration, 'downloadMessageFile', FILES],
    ];
    for (const [operations, id, content] of expected) {
      const ok = operations.get(id)!.responses['200'];
      expect(ok.content, id).toEqual(content);
      expect(ok.headers['Content-Disposition'].required, id).toBe(true);
    }
  });

  it('declares the uploads’ multipart fields in order, with their limits, and the raw PDF', ({
    documents,
  }) => {
    const customer = byOperation(documents.customer);
    const fields: Record<string, string[]> = {
      uploadDocument: ['fileType', 'upfile'],
      attachMessageFile: ['text', 'file'],
      startConversationWithFile: ['topic', 'requestReference', 'text', 'file'],
      attachClaimFile: ['file'],
      attachComplaintFile: ['reference', 'file'],
    };
    for (const [id, names] of Object.entries(fields)) {
      const body = customer.get(id)!.requestBody;
      const form = body.content['multipart/form-data'];
      expect(Object.keys(form.schema.properties), id).toEqual(names);
      expect(form.schema.properties[names.at(-1)!], id).toMatchObject(BINARY.schema);
      expect(body.description, id).toContain('au plus 10 Mo');
      expect(body.description, id).toContain('pdf, png, jpeg ou jpg');
      expect(body.description, id).toContain(`Ordre des parties\u00a0: ${names.join(', ')}.`);
    }
    const put = byOperation(documents.integration).get('putDocument')!;
    expect(put.requestBody.content).toEqual({ 'application/pdf': BINARY });
  });

  it('declares the answers without a body without content', ({ documents }) => {
    const empty = [documents.customer, documents.integration].flatMap((document) =>
      [...byOperation(document).entries()].filter(([, o]) => o.responses['204']),
    );
    expect(empty.map(([id]) => id).sort()).toEqual(
      [
        'checkIban',
        'changePassword',
        'deleteAccount',
        'deleteContract',
        'deleteCustomer',
        'deleteDocument',
        'deleteOwedDocument',
        'deleteWebhook',
        'removeClaimFile',
        'removePasskey',
        'removeSecondFactor',
        'setConsent',
        'stepUp',
        'validateAddress',
      ].sort(),
    );
    // Ending sessions answers the passkeys they added (decision 0141): 200 with a body.
    const customer = byOperation(documents.customer);
    for (const id of ['endSession', 'endOtherSessions'])
      expect(Object.keys(customer.get(id)!.responses['200'].content)).toEqual(['application/json']);
    for (const [id, operation] of empty)
      expect(operation.responses['204'].content, id).toBe(undefined);
    const account = byOperation(documents.customer).get('getAccount')!;
    expect(account.responses['304'].content).toBe(undefined);
  });

  it('declares the headers the APIs read and answer', ({ documents }) => {
    const integration = byOperation(documents.integration);
    const header = (operation: Json, name: string) =>
      (operation.parameters as Json[]).find((p) => p.in === 'header' && p.name === name);
    for (const id of ['putCustomer', 'putContract', 'putOwedDocument', 'putDocument']) {
      const put = integration.get(id)!;
      expect(header(put, 'If-Match'), id).toBeDefined();
      expect(put.responses['201'].headers.ETag.required, id).toBe(true);
      expect(put.responses['412'], id).toBeDefined();
    }
    for (const id of ['getCustomer', 'getContract', 'getOwedDocument', 'getDocument'])
      expect(integration.get(id)!.responses['200'].headers.ETag.required, id).toBe(true);
    const customer = byOperation(documents.customer);
    const addDriver = customer.get('addDriver')!;
    expect(header(addDriver, 'Idempotency-Key')).toBeDefined();
    expect(addDriver.responses['200'].headers['Idempotent-Replayed']).toBeDefined();
    expect(addDriver.responses['429'].headers['Retry-After'].required).toBe(true);
    expect(header(customer.get('listPolicies')!, 'If-None-Match')).toBeDefined();
  });

  it('names the records and gives each event type its own data', ({ documents }) => {
    const { schemas } = documents.integration.components;
    expect(Object.keys(schemas.Customer!.properties)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'birthDate', 'email', 'address']),
    );
    expect(Object.keys(schemas.Contract!.properties)).toEqual(
      expect.arrayContaining(['vehicle', 'drivers', 'coverages', 'paymentDetails', 'claims']),
    );
    for (const union of ['Event', 'FeedEvent']) {
      const { mapping } = schemas[union]!.discriminator;
      expect(Object.keys(mapping)).toEqual([...EVENT_TYPES]);
      for (const [type, ref] of Object.entries(mapping as Record<string, string>)) {
        const member = schemas[ref.replace('#/components/schemas/', '')]!;
        expect(member.properties.type.enum).toEqual([type]);
        expect(member.properties.data.$ref, type).toMatch(/^#\/components\/schemas\//);
      }
    }
  });
});
