// One lint configuration for the whole repository (STYLE.md rule 7).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // A feature never imports another feature (ARCHITECTURE.md, bulletproof-react).
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Imports flow one way: shared (lib, components, api) → features → app.
            { group: ['**/app', '**/app/**'], message: 'A feature never imports from app/.' },
            ...features
              .filter((other) => other !== feature)
              .map((other) => ({
                group: [`**/features/${other}`, `**/features/${other}/**`],
                message: 'A feature never imports another feature.',
              })),
          ],
        },
      ],
    },
  })),
);
