import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/interaction': 'http://localhost:3000',
    },
  },
});
