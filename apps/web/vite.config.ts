import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.js';

/**
 * The contract's modules build zod schemas at their top level (`z.object(…)`, `fooSchema.nullable()`)
 * next to the plain rules and texts the SPA uses. Those calls are not known to be side-effect free,
 * so importing one rule (e.g. isTerminated from policy-rules, which reads POLICY_STATES from
 * policy.ts) would keep every schema of the module and all of zod in the entry chunk. Declaring
 * them pure lets an unused schema go; a screen that validates with one still gets it (and zod)
 * in its own chunk.
 */
function zodSchemaBuilders(): string[] {
  const root = path.resolve(import.meta.dirname, '../../packages/contract/src');
  const names = new Set(['z']);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    if (!source.includes("from 'zod'")) continue;
    // Its top-level names: the schemas and the helpers that build them (safeString(), …).
    for (const [, name] of source.matchAll(/^(?:export )?(?:const|function) (\w+)/gm))
      names.add(name!);
  }
  return [...names];
}

export default defineConfig({
  plugins: [react(), precompress()],
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
      treeshake: { manualPureFunctions: zodSchemaBuilders() },
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
});
