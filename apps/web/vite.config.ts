import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * react-router's production build: its package exports only the build with development warnings
 * (their messages are built on every render, and weigh), and its own Vite plugin, which we do not
 * use, points builds at this one. Undefined if a later version moves it (the default then).
 */
const routerProduction = (() => {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(
    /[\\/]dist[\\/]development[\\/]index\.m?js$/,
    `${path.sep}dist${path.sep}production${path.sep}index.mjs`,
  );
  return production !== development && existsSync(production) ? production : undefined;
})();

/** What both builds resolve alike. */
const resolve: UserConfig['resolve'] = routerProduction
  ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] }
  : {};

/**
 * `vite build --ssr src/server-render.tsx` (the second half of `npm run build`): the first
 * screen's renderer for the server (apps/server/src/plugins/spa.ts), in `.ssr/` inside the build,
 * which the server never serves (a dot folder). Everything it imports is bundled in it (below),
 * so it loads wherever the build is (WEB_OUT_DIR may be outside the repository, where no
 * node_modules is; docs/decisions/0128); the style sheets are the browser build's.
 */
const serverRender: UserConfig = {
  plugins: [react(), pureSchemas()],
  resolve,
  // Every library in the renderer, React and the router in their production builds whatever
  // NODE_ENV the server runs with (`npm start` sets none): their development builds render
  // several times slower, and warn.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: path.join(outDir, '.ssr'),
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { onLog },
  },
};

/** What the entry's chunk leaves to the forms' screens: zod, and the contract's module that configures it. */
const WITH_THE_FORMS =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]shared[\\/]zod(-messages)?\.ts$/;

/** The portal the browser loads. */
const browser: UserConfig = {
  plugins: [react(), pureSchemas(), precompress()],
  resolve,
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
      // The first screen in three files (docs/decisions/0114-the-first-screen-before-its-script.md):
      // each file is a request, and a cost of the page's main thread before it parses the body.
      // - `react`: the libraries every screen runs on, one cache entry that changes only when
      //   they do;
      // - the entry's chunk: every module the entry (main.tsx) imports statically ('$initial'),
      //   rather than a dozen small chunks shared with later screens (which import them from it);
      //   but for the validation library and the contract's module that configures it
      //   (shared/zod.ts: jitless, French messages), which stay with the forms' screens;
      // - the query library, in a chunk of its own that every screen but the first loads.
      // Only the modules a group names are captured (not their imports as well), so that the
      // contract's barrel does not bring the validation library into the entry.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            {
              name: 'portal',
              tags: ['$initial'],
              test: (id) => !WITH_THE_FORMS.test(id),
              priority: 1,
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
