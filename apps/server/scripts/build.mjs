// `npm run build -w apps/server`: compiles the server to JavaScript, so production runs
// plain `node apps/server/dist/server.js` and only development uses a TypeScript loader. esbuild
// bundles the server's own sources, the workspace contract package and the migrations (imported
// by db/migrations/index.ts, so they travel inside the bundle); every npm dependency stays an
// import resolved from node_modules at run time (PGlite's WebAssembly, the provider, pg…).
// Code splitting keeps each dynamic `import()` of the sources (the application after the
// database began opening, the API documentation, the S3 store, the PDF libraries) in a chunk of
// its own, so what a start does not need is neither loaded nor held in memory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Bare imports stay external, except the workspace packages (TypeScript sources). */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@espace/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
const outdir = path.join(serverRoot, 'dist');
await build({
  // The embedded database's worker thread is its own entry: db/pglite-worker-dialect.ts starts
  // ./pglite-worker.js next to the bundle.
  entryPoints: {
    server: path.join(serverRoot, 'src/server.ts'),
    'pglite-worker': path.join(serverRoot, 'src/db/pglite-worker.ts'),
    // Used below to make the initialised cluster new databases are copied from.
    'pglite-template': path.join(serverRoot, 'src/db/pglite-template.ts'),
  },
  outdir,
  // dist/server.js, dist/pglite-worker.js and their chunks side by side in dist/. Chunks are named
  // by their content's hash and an earlier build's are left in place: a server still running from
  // that build may load one of them later (the PDF libraries on a first document).
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // dist/ sits as deep as src/, so import.meta.dirname-relative paths (config.ts) still hold in
  // every chunk.
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.info(
  `Serveur compilé dans apps/server/dist en ${Math.round(performance.now() - started)} ms`,
);

// The embedded database's template (db/pglite-template.ts), once per PGlite version: a first
// start then copies it instead of running initdb (about 4 s).
const template = await import(pathToFileURL(path.join(outdir, 'pglite-template.js')).href);
const folder = template.templateFolder(outdir);
if (!existsSync(folder)) {
  const made = performance.now();
  await template.createTemplate(folder);
  console.info(
    `Modèle de base embarquée créé (${path.basename(folder)}) en ${Math.round(performance.now() - made)} ms`,
  );
}
