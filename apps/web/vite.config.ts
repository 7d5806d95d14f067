import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { precompress } from './vite-precompress.js';
import { pureSchemas } from './vite-pure-schemas.js';

// WEB_OUT_DIR lets parallel test runs build into their own folder (see scripts/start.mjs).
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

/** Libraries that also serve React Server Components mark modules "use client", which means
 * nothing here (@vitejs/plugin-react silences it the same way in its own builds). */
const onLog: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onLog'] = (
  level,
  log,
  report,
) => {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
  report(level, log);
};

/**
 * `vite build --ssr src/server-render.tsx` (the second half of `npm run build`): the first
 * screen's renderer for the server (apps/server/src/plugins/spa.ts), in `.ssr/` inside the build,
 * which the server never serves (a dot folder). The libraries stay imports of node_modules; the
 * contract is bundled; the style sheets are the browser build's.
 */
const serverRender: UserConfig = {
  plugins: [react(), pureSchemas()],
  build: {
    outDir: path.join(outDir, '.ssr'),
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { onLog },
  },
};

/** The portal the browser loads. */
const browser: UserConfig = {
  plugins: [react(), pureSchemas(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // The CSP forbids inline script and style: never inline assets or the module-preload polyfill.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    // bench/bundle-size.ts reads it to sum what the policies page loads.
    manifest: true,
    rolldownOptions: {
      onLog,
      // The libraries every portal screen runs on, in one chunk: fewer files for the first
      // screen (each gzipped apart compresses worse) and one cache entry that changes only when
      // they do. The entry (main.tsx, which only signs in) does not use them.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browser));
