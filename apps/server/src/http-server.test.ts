// The request log (http-server.ts): one line per request, written when it is answered, with the
// request's method and its URL without secrets, the status and the duration; an error's message
// and stack without the emails or IBANs it may quote (platform/logger.ts).
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
    app.get('/fails', async () => {
      throw new Error('refus pour lea.bernard@example.fr, IBAN FR76 3000 6000 0112 3456 7890 189');
    });
    await app.inject({ url: '/reset?token=secret-reset-token' });
    expect((await app.inject({ url: '/fails' })).statusCode).toBe(500);
    await app.close();
    const requestLines = lines.filter((line) =>
      /^request (completed|errored)$/.test(String(line.msg)),
    );
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/reset?token=[caché]' },
      res: { statusCode: 204 },
      responseTime: expect.any(Number),
    });
    expect(lines.find((line) => line.err)).toMatchObject({
      err: { message: 'refus pour [caché], IBAN [caché]' },
    });
    const written = JSON.stringify(lines);
    for (const secret of ['secret-reset-token', 'lea.bernard', '3000 6000'])
      expect(written).not.toContain(secret);
  });
});
