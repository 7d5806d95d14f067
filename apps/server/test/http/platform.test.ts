// Health, OpenAPI and security headers on every response, and a start on an initialised database
// that does nothing again (docs/decisions/0012-security-baseline.md and
// docs/decisions/0023-configuration-logs-and-health.md). The SPA's serving: plugins/spa.test.ts;
// the configuration's checks: config/config.test.ts.
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { buildApp } from '../../src/app';
import { DEMO_CUSTOMERS } from '../../src/seed/demo-customers';
import { WORK_CUSTOMERS } from '../../src/seed/demo-work';

describe('platform', () => {
  const it = apiTest;

  it('answers /healthz and /readyz', async ({ t }) => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document generated from the route schemas, with a viewer', async ({
    t,
  }) => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/account/accounts/{accountId}',
        '/api/v1/policy/accounts/{accountId}',
      ]),
    );
    const viewer = await t.app.inject('/api/docs/');
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
  });

  it('sends the security headers on API, provider and page responses', async ({ t }) => {
    for (const url of [
      '/api/v1/policy/accounts/x',
      '/oidc/.well-known/openid-configuration',
      '/',
      '/healthz',
    ]) {
      const { headers } = await t.app.inject(url);
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  // docs/architecture.md: demo data only into an empty database, content only when a file changed,
  // keys only on first start. The API suite relies on it: every file starts on a copy of one
  // initialised template database (test/support/template.ts).
  it('starts again on an initialised database without seeding, loading or generating anything', async ({
    t,
  }) => {
    const db = t.app.db;
    const state = async () => ({
      accounts: await db.selectFrom('accounts').select('id').orderBy('id').execute(),
      documents: await db.selectFrom('downloadable_documents').select('id').orderBy('id').execute(),
      content: await db.selectFrom('content_sources').selectAll().orderBy('path').execute(),
      secrets: await db.selectFrom('app_secrets').selectAll().orderBy('name').execute(),
    });
    const before = await state();
    // The portal's demo customers and the console's (seed/demo-work.ts).
    expect(before.accounts).toHaveLength(DEMO_CUSTOMERS.length + WORK_CUSTOMERS.length);
    const again = await buildApp(t.config, { database: t.database.handle, logger: false });
    await again.close();
    expect(await state()).toEqual(before);
  });
});
