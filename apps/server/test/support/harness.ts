// Builds the real app for API tests (no open port) and signs in through the real embedded
// OpenID Connect provider with the authorization-code flow and PKCE, as the SPA does.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config/config';
import { spaRedirectUris } from '../../src/oidc/provider/provider';
import type { BackendName } from './backends';
import { CookieJar } from './cookie-jar';
import { checkAnswersOf } from './openapi-answers';
import { testConfig } from './test-config';
import { scratchDir } from './scratch';
import { copyTemplateDocuments, createTestDatabase, type TestDatabase } from './test-database';

export { CookieJar };

export const DEMO = {
  camille: 'camille.martin@example.fr',
  jean: 'jean.dupont@example.fr',
  lea: 'lea.bernard@example.fr',
  password: 'Demo2026!',
} as const;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A stand-in for the SPA's build: its index.html alone, with what the server writes into: the
 * head's tags, and `#root`, after which the page's reads go.
 */
export function webBuild(): string {
  const dir = scratchDir('espace-web-');
  writeFileSync(
    path.join(dir, 'index.html'),
    '<head><!--app-config--></head><body><div id="root"></div></body>',
  );
  return dir;
}

/**
 * The real app on a copy of the template database and of its documents (template.ts), its
 * answers checked against its OpenAPI documents (openapi-answers.ts).
 */
export async function createTestApp(
  backend: BackendName = 'pglite',
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const [database, documentsDir] = await Promise.all([
    createTestDatabase(backend),
    overrides.documentsDir ?? copyTemplateDocuments(backend),
  ]);
  const config = testConfig({ ...overrides, documentsDir });
  const app = await buildApp(config, { database: database.handle, logger: false });
  await app.ready();
  // Every answer to an API operation is checked against the document the app serves.
  checkAnswersOf(app);
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

function location(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(`Expected a redirect, got ${response.statusCode}: ${response.body}`);
  const url = new URL(value, 'http://localhost:3000');
  return url.pathname + url.search;
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
}

/** Starts an authorization request and returns the login form's path and the cookie jar. */
export async function startLogin(app: FastifyInstance, config: Config) {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: config.oidc.clientId,
    redirect_uri: spaRedirectUris(config.publicUrl).redirect,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const auth = await app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  jar.store(auth);
  const interaction = location(auth);
  const form = await app.inject({
    method: 'GET',
    url: interaction,
    headers: { cookie: jar.header() },
  });
  return { jar, verifier, interaction, form };
}

export async function submitLogin(
  app: FastifyInstance,
  interaction: string,
  jar: CookieJar,
  email: string,
  password: string,
  /** As the form's script sends it: JSON asked for (oidc/provider/pages.ts), `{ location }` answered. */
  script = false,
  /** What else the browser sends (its user agent). */
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: {
      ...headers,
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      ...(script ? { accept: 'application/json' } : {}),
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
}

export async function signIn(
  app: FastifyInstance,
  config: Config,
  email: string,
  password: string = DEMO.password,
): Promise<Tokens> {
  return (await signInSession(app, config, email, password)).tokens;
}

/** Signs in and also returns the browser's cookies (the provider session), e.g. to sign out. */
export async function signInSession(
  app: FastifyInstance,
  config: Config,
  email: string,
  password: string = DEMO.password,
): Promise<{ tokens: Tokens; jar: CookieJar }> {
  const { jar, verifier, interaction } = await startLogin(app, config);
  const login = await submitLogin(app, interaction, jar, email, password);
  jar.store(login);
  const resume = await app.inject({
    method: 'GET',
    url: location(login),
    headers: { cookie: jar.header() },
  });
  jar.store(resume);
  const callback = new URL(location(resume), 'http://localhost:3000');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback}`);
  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: config.oidc.clientId,
      redirect_uri: spaRedirectUris(config.publicUrl).redirect,
    }).toString(),
  });
  if (token.statusCode !== 200)
    throw new Error(`Token request failed: ${token.statusCode} ${token.body}`);
  return { tokens: token.json<Tokens>(), jar };
}

/** The claims of a JWT, unverified (a test reads its own tokens). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

export function subjectOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return payload.sub;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A portal cookie session: the browser's cookies after signing in through the portal. */
export interface PortalBrowser {
  jar: CookieJar;
  /** The index page the callback answered. */
  page: LightMyRequestResponse;
  /** Every response on the way, in order (for counting round trips and reading cookies). */
  responses: LightMyRequestResponse[];
  /** The method and path of each of those requests. */
  steps: string[];
}

/**
 * Signs in as the browser does with the portal's cookie session (oidc/client-sessions/portal-session.ts): the
 * page load goes to the provider, the sign-in form is sent, the callback opens the session.
 * Pass `jar` to continue in a browser that already has cookies (a provider session).
 */
export async function portalSignIn(
  app: FastifyInstance,
  email: string,
  options: {
    jar?: CookieJar;
    path?: string;
    password?: string;
    headers?: Record<string, string>;
    /** The form sent by its script, which goes where the JSON answer says. */
    script?: boolean;
  } = {},
): Promise<PortalBrowser> {
  const jar = options.jar ?? new CookieJar();
  const responses: LightMyRequestResponse[] = [];
  const steps: string[] = [];
  const get = async (url: string) => {
    steps.push(`GET ${url.split('?')[0]}`);
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { ...options.headers, cookie: jar.header() },
    });
    jar.store(response);
    responses.push(response);
    return response;
  };
  let response = await get(options.path ?? '/');
  for (;;) {
    // The sign-in form, answered in place of the page or reached by a redirect.
    const form = /<form method="post" action="(\/interaction\/[^"]+)\/login"/.exec(response.body);
    if (response.statusCode === 200 && form) {
      const interaction = form[1]!;
      steps.push(`POST ${interaction}/login`);
      const password = options.password ?? DEMO.password;
      response = await submitLogin(
        app,
        interaction,
        jar,
        email,
        password,
        options.script,
        options.headers,
      );
      jar.store(response);
      responses.push(response);
      const next = options.script ? response.json<{ location?: string }>().location : undefined;
      if (response.statusCode === 200 && next) {
        const url = new URL(next, 'http://localhost:3000');
        response = await get(url.pathname + url.search);
      }
    } else if (response.statusCode === 303 || response.statusCode === 302) {
      response = await get(location(response));
    } else break;
  }
  return { jar, page: response, responses, steps };
}

/** The account id a portal page names (<meta name="portal-account">). */
export function pageAccount(page: LightMyRequestResponse): string | undefined {
  return /<meta name="portal-account" content="([^"]+)">/.exec(page.body)?.[1];
}
