// The check every API test's answers go through (support/openapi-answers.ts,
// docs/decisions/0142-the-documents-say-what-the-server-does.md) can fail: an answer its
// document does not describe fails the test that received it. Shown on a small app of its own,
// documented by the server's own OpenAPI plugin, whose routes answer what their schemas do not
// say (a body written by hand, a status not declared, a file of another type, a header missing), and on the real app's answer read against its document with one schema
// changed. PGlite only: nothing here depends on the database.
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it as plain } from 'vitest';
import { z } from 'zod';
import openapi from '../../src/plugins/openapi';
import { fileAnswer } from '../../src/http/openapi-operation';
import { apiTest as it } from '../support/api-test';
import { call } from '../support/integration';
import { AnswerChecker, checkAnswersOf } from '../support/openapi-answers';

/** An app whose routes answer what their schemas do not say, its answers checked. */
async function lyingApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openapi, { publicUrl: 'http://localhost:3000' });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = (operationId: string) => ({
    operationId,
    summary: 'Une route qui ne dit pas ce qu’elle fait',
  });
  const answer = z.object({ reference: z.string() });
  // Plain routes: the type provider would not let them answer what their schemas do not say.
  app.get(
    '/api/v1/by-hand',
    { schema: { ...schema('byHand'), response: { 200: answer } } },
    // Bytes written by hand skip the serializer, as the policies read does.
    (_request, reply) => reply.type('application/json').send('{"ref":"DEM-1"}'),
  );
  app.get(
    '/api/v1/teapot',
    { schema: { ...schema('teapot'), response: { 200: answer } } },
    (_request, reply) => reply.code(418 as 200).send({ reference: 'DEM-1' }),
  );
  routes.get(
    '/api/v1/file',
    {
      schema: { ...schema('file'), openapi: fileAnswer(['application/pdf'], 'Le PDF') },
    },
    (_request, reply) =>
      reply.header('content-disposition', 'attachment').type('text/plain').send('%PDF'),
  );
  routes.get(
    '/api/v1/unnamed',
    { schema: { ...schema('unnamed'), openapi: fileAnswer(['application/pdf'], 'Le PDF') } },
    (_request, reply) => reply.type('application/pdf').send(Buffer.from('%PDF-1.7')),
  );
  routes.get(
    '/api/v1/right',
    { schema: { ...schema('right'), response: { 200: answer } } },
    () => ({ reference: 'DEM-1' }),
  );
  await app.ready();
  checkAnswersOf(app);
  return app;
}

describe('answers checked against the served OpenAPI document', () => {
  plain('an answer its document does not describe fails the call that received it', async () => {
    const app = await lyingApp();
    try {
      await expect(app.inject('/api/v1/by-hand')).rejects.toThrow(
        "GET /api/v1/by-hand (byHand) 200 differs from its document: data must have required property 'reference'",
      );
      await expect(app.inject('/api/v1/teapot')).rejects.toThrow(
        'GET /api/v1/teapot (teapot) answered 418, which its document does not declare',
      );
      await expect(app.inject('/api/v1/file')).rejects.toThrow(
        'GET /api/v1/file (file) 200 is text/plain, not application/pdf',
      );
      await expect(app.inject('/api/v1/unnamed')).rejects.toThrow(
        'GET /api/v1/unnamed (unnamed) 200 lacks its header Content-Disposition',
      );
      // What the document says passes; what is no operation is not checked.
      expect((await app.inject('/api/v1/right')).json()).toEqual({ reference: 'DEM-1' });
      expect((await app.inject('/nowhere')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the real app’s answers are checked against the document it serves', async ({
    t,
    integration: { token },
  }) => {
    const missing = await call(t.app, token, 'GET', '/customers/CLI-INCONNU');
    expect(missing.statusCode).toBe(404);
    const served = (await t.app.inject('/backoffice/docs/json')).json<{
      components: { schemas: Record<string, { properties: Record<string, object> }> };
    }>();
    expect(new AnswerChecker(served).check('GET', missing.raw.req.url!, missing)).toEqual([]);
    // The same answer against the document with the error body's message a number.
    served.components.schemas.Error!.properties.error = {
      type: 'object',
      properties: { message: { type: 'number' } },
    };
    expect(new AnswerChecker(served).check('GET', missing.raw.req.url!, missing)).toEqual([
      'GET /backoffice/v1/customers/CLI-INCONNU (getCustomer) 404 differs from its document: data/error/message must be number',
    ]);
  });
});
