// The API tests' fixture (Vitest's test.extend): a test names what it needs and gets it, built
// once per file and backend instead of the preamble each file repeated (createTestApp in a
// beforeAll, a sign-in or two, t.close() in an afterAll):
//
//   import { apiTest as it } from '../../support/api-test';
//   describe.each(BACKENDS)('… on %s', (backend) => {
//     it.override({ backend });
//     it('…', async ({ t, camille: { token, accountId } }) => { … });
//   });
//
// - `t`: the real app (buildApp) on the file's own copy of the run's template database
//   (test-database.ts), as createTestApp gives it, on `backend` (PGlite unless the describe
//   overrides it) with `appConfig` (configuration overrides, none unless the describe sets some);
// - `mail`: the local SMTP server standing in for the mail server of `t`, which a describe asks
//   for with `smtp` (`it.override({ backend, smtp: SMTP })`): its app sends there, `from` and `to`
//   as `smtp` says, and each app has its own, so `mail.received` is that app's mail only;
// - `port`: `t` listening on a real socket (127.0.0.1, a free port), for what only a real
//   connection shows;
// - `camille`, `jean`, `lea`: that demo customer signed in on `t` through the real
//   authorization-code flow (signIn): the tokens, the access token, the account id, its bearer
//   header;
// - `integration`: an integration client with read and write scopes, and its token;
// - `agent`, `supervisor`: a staff member with a console session (staffSignedIn);
// - `once(key, build, dispose?)`: what the file builds once on its app, e.g. records every test
//   reads, or a receiver the app sends to (disposed of before the apps close).
//
// Each is built when a test first asks for it, then kept for the other tests of the same top-level
// describe, backend and overrides (they share an app as they shared the preamble's), and
// everything is closed after the file's last test. A describe extends this test with its own
// fixtures (helpers that use `t`, say) through `apiTest.extend(…)`.
import type { AddressInfo } from 'node:net';
import type { StaffRole } from '@espace/contract';
import { test, type RunnerTestCase, type RunnerTestSuite } from 'vitest';
import type { Config } from '../../src/config/config';
import type { BackendName } from './backends';
import { staffSignedIn, type ConsoleStaff } from './console';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
  type Tokens,
} from './harness';
import { integrationToken } from './integration';
import { startMailServer } from './mail-server-stand-in';

/** The local SMTP server standing in for the mail server, and what it received. */
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The senders and the broker's address of an app that mails (`smtp` without its url). */
export interface Mailer {
  from: string;
  to: string;
}

/** The portal's sender and the broker's customer service, as the tests' apps mail. */
export const SMTP: Mailer = Object.freeze({
  from: 'portail@espace-assure.test',
  to: 'service-client@courtage-horizon.test',
});

/** A demo customer signed in on the test's app. */
export interface Customer {
  tokens: Tokens;
  /** The access token. */
  token: string;
  /** The account id, the access token's subject. */
  accountId: string;
  /** `authorization: Bearer <access token>`. */
  headers: { authorization: string };
}

type DemoCustomer = 'camille' | 'jean' | 'lea';

/**
 * The apps of one test file: one per top-level describe (as each had its preamble), backend and
 * configuration overrides.
 */
class FileApps {
  private readonly apps = new Map<object, Map<string, Map<object, Promise<TestApp>>>>();
  private readonly built = new WeakMap<TestApp, Map<string, Promise<unknown>>>();
  private readonly mails = new WeakMap<TestApp, MailServer>();
  private readonly disposals: (() => Promise<void>)[] = [];

  app(
    scope: object,
    backend: BackendName,
    overrides: Partial<Config>,
    smtp: Mailer | null,
  ): Promise<TestApp> {
    let byBackend = this.apps.get(scope);
    if (!byBackend) this.apps.set(scope, (byBackend = new Map()));
    // One app per backend and sender: the mail of `smtp.from` goes to a stand-in of its own.
    const kind = `${backend} ${smtp ? `${smtp.from} ${smtp.to}` : 'no mail'}`;
    let byOverrides = byBackend.get(kind);
    if (!byOverrides) byBackend.set(kind, (byOverrides = new Map()));
    let app = byOverrides.get(overrides);
    if (!app) {
      app = smtp ? this.mailing(backend, overrides, smtp) : createTestApp(backend, overrides);
      byOverrides.set(overrides, app);
    }
    return app;
  }

  /** An app that mails to a stand-in of its own, closed with it. */
  private async mailing(backend: BackendName, overrides: Partial<Config>, smtp: Mailer) {
    const mail = await startMailServer();
    const url = `smtp://127.0.0.1:${mail.port}`;
    const t = await createTestApp(backend, { ...overrides, smtp: { url, ...smtp } });
    this.mails.set(t, mail);
    const close = t.close.bind(t);
    t.close = async () => {
      await close();
      await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    };
    return t;
  }

  /** The mail server `t` sends to. */
  mail(t: TestApp): MailServer {
    const mail = this.mails.get(t);
    if (!mail) throw new Error('this app has no mail server: override `smtp` (api-test.ts)');
    return mail;
  }

  /** `build()` once per app and key; its promise afterwards; `dispose` it with the apps. */
  once<T>(
    t: TestApp,
    key: string,
    build: () => Promise<T>,
    dispose?: (value: T) => Promise<void>,
  ): Promise<T> {
    let values = this.built.get(t);
    if (!values) this.built.set(t, (values = new Map()));
    let value = values.get(key) as Promise<T> | undefined;
    if (!value) {
      values.set(key, (value = build()));
      if (dispose) this.disposals.push(() => value!.then(dispose));
    }
    return value;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.disposals.splice(0).map((dispose) => dispose()));
    const apps = [...this.apps.values()].flatMap((byBackend) =>
      [...byBackend.values()].flatMap((byOverrides) => [...byOverrides.values()]),
    );
    this.apps.clear();
    const settled = await Promise.allSettled(apps);
    await Promise.all(
      settled.map((app) => (app.status === 'fulfilled' ? app.value.close() : undefined)),
    );
  }
}

/** The top-level describe of a test, or its file for a test outside any. */
function topDescribe(test: RunnerTestCase): object {
  let suite: RunnerTestSuite | undefined = test.suite;
  while (suite?.suite && suite.suite !== test.file) suite = suite.suite;
  return suite ?? test.file;
}

/** No overrides: the one object, so that every describe without any shares the file's app. */
const NO_OVERRIDES: Partial<Config> = Object.freeze({});

const customer = (files: FileApps, t: TestApp, who: DemoCustomer) =>
  files.once(t, `customer:${who}`, async (): Promise<Customer> => {
    const tokens = await signIn(t.app, t.config, DEMO[who]);
    const token = tokens.access_token;
    return { tokens, token, accountId: subjectOf(token), headers: bearer(token) };
  });

const staff = (files: FileApps, t: TestApp, role: StaffRole) =>
  files.once(t, `staff:${role}`, () => staffSignedIn(t.app, role));

export const apiTest = test
  .extend('backend', 'pglite' as BackendName)
  .extend('appConfig', NO_OVERRIDES)
  .extend('smtp', null as Mailer | null)
  // Vitest reads the fixtures a fixture uses from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('files', { scope: 'file' }, ({}, { onCleanup }) => {
    const files = new FileApps();
    onCleanup(() => files.close());
    return files;
  })
  .extend('t', ({ files, backend, appConfig, smtp, task }) =>
    files.app(topDescribe(task), backend, appConfig, smtp),
  )
  .extend('mail', ({ files, t }) => files.mail(t))
  .extend('port', ({ files, t }) =>
    files.once(t, 'port', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      return (t.app.server.address() as AddressInfo).port;
    }),
  )
  .extend('once', ({ files, t }) => {
    return <T>(key: string, build: () => Promise<T>, dispose?: (value: T) => Promise<void>) =>
      files.once(t, key, build, dispose);
  })
  .extend('camille', ({ files, t }) => customer(files, t, 'camille'))
  .extend('jean', ({ files, t }) => customer(files, t, 'jean'))
  .extend('lea', ({ files, t }) => customer(files, t, 'lea'))
  .extend('integration', ({ files, t }) =>
    files.once(t, 'integration', () => integrationToken(t.app)),
  )
  .extend('agent', ({ files, t }): Promise<ConsoleStaff> => staff(files, t, 'agent'))
  .extend('supervisor', ({ files, t }): Promise<ConsoleStaff> => staff(files, t, 'supervisor'));
