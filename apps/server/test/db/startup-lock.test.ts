// Instances started at the same moment on one empty database do the once-only work
// once (migrations, demo seed, content load, provider keys: db/startup-lock.ts), and share the
// provider's keys, so a sign-in begun on one instance completes on another.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { spaRedirectUris } from '../../src/oidc/provider/provider';
import { BACKENDS } from '../support/backends';
import { bearer, DEMO, startLogin, submitLogin, subjectOf } from '../support/harness';
import { adminQuery, postgresUrl } from '../support/postgres';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const INSTANCES = 3;
/** Tables the once-only work fills; each must hold what one start leaves (the template's). */
const ONCE_ONLY = [
  'schema_migrations',
  'accounts',
  'credentials',
  'policies',
  'drivers',
  'downloadable_documents',
  'received_files',
  'app_secrets',
  'content_sources',
  'faq_categories',
  'faq_entries',
  'legal_pages',
] as const;

async function counts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ONCE_ONLY) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db);
    result[table] = Number(rows[0]!.n);
  }
  return result;
}

function location(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== 'string') throw new Error(`Expected a redirect, got ${response.statusCode}`);
  const url = new URL(value, 'http://localhost:3000');
  return url.pathname + url.search;
}

describe.each(BACKENDS)('simultaneous first start on %s', (backend) => {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let documentsDir: string;
  let template: TestDatabase;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    documentsDir = await mkdtemp(path.join(tmpdir(), 'espace-docs-'));
    template = await createTestDatabase(backend);
    if (backend === 'postgres') {
      const name = `espace_test_start_${randomBytes(5).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      dropDatabase = () =>
        adminQuery(`drop database if exists ${name} with (force)`).then(() => {});
      // One connection pool per instance, as separate processes would have.
      for (let i = 0; i < INSTANCES; i += 1) {
        handles.push(await openDatabase({ databaseUrl: postgresUrl(name) }));
      }
    } else {
      // PGlite belongs to one process: the instances share it (the in-process lock).
      const shared = await openDatabase({});
      for (let i = 0; i < INSTANCES; i += 1) handles.push(shared);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of new Set(handles)) await handle.close();
    await template.drop();
    await dropDatabase();
    await rm(documentsDir, { recursive: true, force: true });
  });

  it(`${INSTANCES} instances end with one seed, one key set and one copy of the content`, async () => {
    const config = testConfig({ documentsDir });
    apps.push(
      ...(await Promise.all(
        handles.map((database) => buildApp(config, { database, logger: false })),
      )),
    );
    await Promise.all(apps.map((app) => app.ready()));

    expect(await counts(handles[0]!)).toEqual(await counts(template.handle));
    // One seed's documents in the shared store: those to download, and the files demo customers sent.
    const seeded = await counts(handles[0]!);
    expect((await readdir(documentsDir)).length).toBe(
      seeded.downloadable_documents! + seeded.received_files!,
    );
    const jwks = await Promise.all(apps.map((app) => app.inject('/oidc/jwks')));
    expect(new Set(jwks.map((r) => r.body)).size).toBe(1);
  });

  it('a sign-in begun on one instance completes on another', async () => {
    const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
    const config = testConfig({ documentsDir });
    // The authorization request and the login form on A, the password posted to B…
    const { jar, verifier, interaction } = await startLogin(a, config);
    const login = await submitLogin(b, interaction, jar, DEMO.camille, DEMO.password);
    expect(login.statusCode).toBe(303);
    jar.store(login);
    // …the provider resumes on C, and the code is exchanged on A.
    const resume = await c.inject({ url: location(login), headers: { cookie: jar.header() } });
    const code = new URL(location(resume), 'http://localhost:3000').searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await a.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        code_verifier: verifier,
        client_id: config.oidc.clientId,
        redirect_uri: spaRedirectUris(config.publicUrl).redirect,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const accessToken = token.json<{ access_token: string }>().access_token;
    // The token is accepted by every instance.
    for (const app of apps) {
      const account = await app.inject({
        url: `/api/v1/account/accounts/${subjectOf(accessToken)}`,
        headers: bearer(accessToken),
      });
      expect(account.statusCode).toBe(200);
    }
  });
});
