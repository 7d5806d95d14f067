// The compiled server's standard output in production (docs/operations.md « Logs »): every line
// is a JSON log line a collector can parse, from the start-up (the address banner, oidc-provider's
// notices, a configuration refused) to the stop; a request is one line, its URL without its
// secrets; the balancer's probes write none.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_IDENTITY_FIELDS } from '../../src/config/legal-identity';
import { SERVER_COMMAND } from '../support/built-server';
import { startPortal, stopped, type Portal } from '../support/portal-process';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://espace.example.test',
  TRUST_PROXY: 'true',
  SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
  LOG_LEVEL: 'info',
  ...Object.fromEntries(
    Object.values(LEGAL_IDENTITY_FIELDS).map(({ env }) => [env, `${env} value`]),
  ),
};

/** Each line of `output`, parsed: a line that is not JSON fails the test, named. */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`Not a JSON line on the standard output: ${line}`);
      }
    });
}

describe('the standard output in production', () => {
  let dataDir: string;
  let portal: Portal;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-production-'));
    portal = await startPortal({ ...PRODUCTION, DATA_DIR: dataDir }, [], (chunk) => {
      output += chunk;
    });
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('is JSON lines from start to stop, one per request, none for the probes', async () => {
    for (let probe = 0; probe < 3; probe++) {
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
    }
    const reset = await fetch(`${portal.url}/interaction/password/reset?token=jeton-secret-123`);
    expect(reset.status).toBe(400);
    expect((await fetch(`${portal.url}/api/v1/nulle-part`)).status).toBe(404);
    await stopped(portal.child, 'SIGTERM');
    expect(portal.child.exitCode).toBe(0);

    const lines = jsonLines(output);
    const messages = lines.map((line) => String(line.msg));
    expect(messages).toContain(`Espace Assuré : ${PRODUCTION.PUBLIC_URL}`);
    expect(messages).toContain('arrêt : fin des requêtes en cours');
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(Number) });
    const urls = lines.flatMap((line) => {
      const url = (line.req as { url?: string } | undefined)?.url;
      return url ? [url] : [];
    });
    expect(urls).toEqual(['/interaction/password/reset?token=[caché]', '/api/v1/nulle-part']);
    expect(output).not.toContain('jeton-secret-123');
  });

  it('is a JSON line when the configuration is refused', async () => {
    const child = spawn(process.execPath, SERVER_COMMAND, {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = jsonLines(stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: expect.stringContaining('SECRETS_KEY') });
    expect(String(lines[0]!.msg)).toMatch(/^Configuration invalide :/);
  });
});
