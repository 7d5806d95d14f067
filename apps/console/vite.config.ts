// The staff console's build (docs/console.md « L’application »): an app of its own, served by
// the server under /backoffice to signed-in staff only (plugins/console-app.ts), so nothing of it
// enters the customer portal's bundle. Same rules as the portal's build: no inline script or style
// (the CSP forbids them), hashed files under assets/ with their .br and .gz copies.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/vite-precompress.js';

export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), precompress()],
  build: {
    // CONSOLE_OUT_DIR lets parallel test runs build into their own folder, like WEB_OUT_DIR.
    outDir: process.env.CONSOLE_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    proxy: {
      '/backoffice/api': 'http://localhost:3000',
      '/backoffice/auth': 'http://localhost:3000',
      '/brand': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
    },
  },
});
