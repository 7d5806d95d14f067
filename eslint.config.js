// One lint configuration for the whole repository.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';

// Server layers (docs/architecture.md): db → platform → services → routes, plugins, oidc, seed → app,
// with http/ (what routes, plugins and oidc share) beside services. A layer imports only from the
// layers before it; contract and config/ sit below them all. The middle layer's folders do not
// import one another, except the routes' scopes registering their plugins.
const server = (folder) => `./apps/server/src/${folder}`;
const serverEntry = [server('app.ts'), server('server.ts'), server('start-up.ts')];
// The domains of services/ that have no business with identity (services/identity/).
const identityOutsiders = readdirSync(new URL('./apps/server/src/services', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !['identity', 'account', 'staff', 'console', 'policies'].includes(name));
const serverLayers = [
  {
    target: server('config'),
    from: [
      server('db'),
      server('platform'),
      server('services'),
      server('http'),
      server('routes'),
      server('plugins'),
      server('oidc'),
      server('seed'),
      ...serverEntry,
    ],
    message: 'config/ reads the environment: it sits below every layer and imports none.',
  },
  {
    target: server('db'),
    from: [
      server('platform'),
      server('services'),
      server('http'),
      server('routes'),
      server('plugins'),
      server('oidc'),
      server('seed'),
    ],
    message: 'db/ is the bottom layer: it imports nothing from the layers above it.',
  },
  {
    target: server('platform'),
    from: [
      server('services'),
      server('http'),
      server('routes'),
      server('plugins'),
      server('oidc'),
      server('seed'),
      ...serverEntry,
    ],
    message:
      'platform/ is shared infrastructure (mail, outbox, storage, limits…): it knows no domain.',
  },
  {
    target: server('services'),
    from: [server('http'), server('routes'), server('plugins'), server('oidc'), server('seed')],
    message: 'Services raise their own errors (services/errors.ts) and know nothing of HTTP.',
  },
  {
    target: server('http'),
    from: [server('services'), server('routes'), server('plugins'), server('oidc'), server('seed')],
    message:
      'http/ holds what routes, plugins and the provider share (error body, HTML, the SPA manifest): it builds on nothing above it.',
  },
  {
    target: server('plugins'),
    from: [server('oidc'), server('routes')],
    message:
      'Plugins never import the provider or routes: what they share with them lives in http/.',
  },
  {
    target: server('oidc'),
    from: [server('plugins'), server('routes')],
    message:
      'The provider never imports plugins or routes: what it shares with them lives in http/.',
  },
  {
    target: server('routes'),
    from: [server('oidc')],
    message: 'Routes never import the provider: app.ts mounts it, routes/api.ts checks its tokens.',
  },
  {
    target: server('seed'),
    from: [server('http'), server('routes'), server('plugins'), server('oidc')],
    message: 'The demo data is written through services and platform/, never through HTTP.',
  },
  {
    target: [server('routes'), server('plugins'), server('oidc'), server('seed')],
    from: serverEntry,
    message: 'Only app.ts and server.ts assemble the application.',
  },
  {
    target: server('routes'),
    from: [server('seed')],
    message: 'Routes read the database through services, never the demo data.',
  },
  {
    target: server('db'),
    from: serverEntry,
    message: 'db/ is the bottom layer: it imports nothing from the layers above it.',
  },
  {
    target: server('services'),
    from: serverEntry,
    message: 'Services never import the application that assembles them.',
  },
  {
    // Identity (passwords, throttle, second factors, passkeys, sessions) is written once for both
    // populations: it stands below them and knows neither.
    target: server('services/identity'),
    from: [server('services/account'), server('services/staff'), server('services/console')],
    message:
      'services/identity/ serves customers and staff alike: it never imports their rooms (account, staff, console).',
  },
  {
    target: identityOutsiders.map((domain) => server(`services/${domain}`)),
    from: server('services/identity'),
    message:
      'Identity is reached from the account, staff and console rooms (and the policies read that checks its session), routes, plugins, oidc/ and seed/, never from another domain.',
  },
];

// The features of an app are its features/ folders: a new one is guarded as soon as it exists.
const featuresOf = (app) =>
  readdirSync(new URL(`./apps/${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** One app's one-way layers (lib → api, components → features → app) and its features apart. */
function appLayers(app, other, otherMessage) {
  return {
    files: [`apps/${app}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `apps/${app}/tsconfig.json` }),
      ],
    },
    rules: {
      // Import cycles: apps/server/test/repository/import-cycles.test.ts, type imports included.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: `apps/${app}/src`,
          zones: [
            { target: '.', from: `../../${other}`, message: otherMessage },
            {
              target: './lib',
              from: ['./api', './components', './features', './app'],
              message: 'lib/ is the shared plumbing: it imports no other layer of the app.',
            },
            {
              target: './api',
              from: ['./components', './features', './app'],
              message: 'api/ (shared queries) builds on lib/ only.',
            },
            {
              target: './components',
              from: ['./api', './features', './app'],
              message: 'components/ (shared UI) builds on lib/ only: screens pass it their data.',
            },
            { target: './features', from: './app', message: 'A feature never imports from app/.' },
            ...featuresOf(app).map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature.',
            })),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web accessibility: jsx-a11y's recommended rules on the SPA's JSX.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The portal and the console (docs/architecture.md, bulletproof-react): imports flow one way,
  // lib → api, components → features → app, a feature never imports another feature, and
  // neither app imports the other.
  appLayers('web', 'console', 'The staff console never enters the portal’s bundle.'),
  appLayers('console', 'web', 'The console imports nothing of the portal.'),
  // Server: imports flow one way between layers (no import cycle: test/repository/import-cycles.test.ts).
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverLayers },
      ],
    },
  },
  // A file is read in one sitting (docs/development.md): 250 lines at most, outside tests, generated
  // code (db/types.ts) and the demo data; the web included.
  {
    files: [
      'apps/server/**/*.{ts,js,mjs}',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
      'packages/**/*.{ts,js,mjs}',
      'bench/**/*.{ts,js,mjs}',
      'scripts/**/*.{ts,js,mjs}',
    ],
    ignores: [
      '**/*.test.{ts,tsx,mjs}',
      'apps/server/test/**',
      'apps/server/src/db/types.ts',
      'apps/server/src/seed/**',
    ],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  // zod is configured once, before any schema is built (jitless: no `eval` probe for the CSP to
  // report; French messages): the contract's schemas take `z` from its one home, and the browser
  // apps build none of their own (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md).
  // Types may come from zod, and tests, which run under no CSP, may build their own.
  {
    files: [
      'packages/contract/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
    ],
    ignores: ['packages/contract/src/shared/zod.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod(/.*)?$',
              allowTypeImports: true,
              message:
                'Build schemas with the `z` of packages/contract/src/shared/zod.ts, configured before any schema exists.',
            },
          ],
        },
      ],
    },
  },
  // Server: db/ and services/ know nothing of HTTP, so a job or a script can call them too.
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/*'],
              message: 'Services take plain arguments; routes speak HTTP.',
            },
          ],
        },
      ],
    },
  },
  // Server: type-aware checks for promises, which a Fastify handler or hook must never drop.
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/scripts/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
);
