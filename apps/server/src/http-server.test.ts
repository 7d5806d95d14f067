// The request log (http-server.ts): one line per request, written when it is answered, with the
// request's method and its URL without secrets, the status and the duration.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { fastifyOptions } from './http-server';

describe('request log', () => {
  it('writes one line per request, when answered, without the secrets of its URL', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const options = fastifyOptions(loadConfig({ LOG_LEVEL: 'info' }));
    const app = Fastify({
      ...options,
      logger: { ...(options.logger as object), stream },
      serverFactory: undefined,
    });
    app.get('/reset', async (_request, reply) => reply.code(204).send());
    await app.inject({ url: '/reset?token=secret-reset-token' });
    await app.close();
    const requestLines = lines.filter((line) => line.req);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/reset?token=[caché]' },
      res: { statusCode: 204 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
  });
});
