import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.js';
import { pureSchemas } from './vite-pure-schemas.js';

/**
 * The portal runs on Preact through preact/compat (docs/decisions/0083-preact-in-the-portal.md):
 * the source stays written against React's API and types, and these aliases hand the bundler
 * Preact in its place (with the JSX compiled for React's automatic runtime, react/jsx-runtime).
 * Exact-match patterns, so `react-router` and `react-hook-form` stay themselves.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^scheduler$/, replacement: 'preact/compat/scheduler' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  plugins: [pureSchemas(), precompress()],
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    // WEB_OUT_DIR lets parallel test runs build into their own folder (see scripts/start.mjs).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP forbids inline script and style: never inline assets or the module-preload polyfill.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    // bench/bundle-size.ts reads it to sum what the policies page loads.
    manifest: true,
    rolldownOptions: {
      onLog(level, log, report) {
        // Libraries that also serve React Server Components mark modules "use client", which means
        // nothing in a browser-only bundle (@vitejs/plugin-react silenced it the same way).
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        // react-router reads React 19's useOptimistic where it exists and falls back without it;
        // Preact has none.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('`useOptimistic`')) return;
        report(level, log);
      },
      // The libraries every portal screen runs on, in one chunk: fewer files for the first
      // screen (each gzipped apart compresses worse) and one cache entry that changes only when
      // they do. The entry (main.tsx, which only signs in) does not use them.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/interaction': 'http://localhost:3000',
    },
  },
});
