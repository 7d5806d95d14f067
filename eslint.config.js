// One lint configuration for the whole repository (STYLE.md rule 7).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = [
  'policies',
  'documents',
  'account',
  'changes',
  'termination',
  'contact',
  'faq',
  'legal',
  'cookies',
];

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
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web accessibility (STYLE.md rule 6): jsx-a11y's recommended rules on the SPA's JSX.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // Web layers (ARCHITECTURE.md, bulletproof-react): imports flow one way,
  // lib → api, components → features → app, and a feature never imports another feature.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript modules when following imports (no-cycle reads each module's imports).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'apps/web/src',
          zones: [
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
            {
              target: './features',
              from: './app',
              message: 'A feature never imports from app/.',
            },
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature.',
            })),
          ],
        },
      ],
    },
  },
);
