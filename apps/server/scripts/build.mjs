// `npm run build -w apps/server`: compiles the server to JavaScript, so production runs
// plain `node apps/server/dist/server.js` and only development uses a TypeScript loader. esbuild
// bundles the server's own sources, the workspace contract package and the migrations (imported
// by db/migrations/index.ts, so they travel inside the bundle), and the npm dependencies too, but
// for those of KEEP_EXTERNAL, which stay imports resolved from node_modules at run time: resolving
// and reading some 400 files of node_modules one by one took a quarter of a restart
// (docs/decisions/0022-compiled-server.md, `npm run bench -- startup`).
// Code splitting keeps each dynamic `import()` of the sources (the application after the
// database began opening, the API documentation, the S3 store, the PDF libraries) in a chunk of
// its own, so what a start does not need is neither loaded nor held in memory. A dynamic
// `import()` of an npm package is never bundled: Node loads it from node_modules on first use,
// exactly as it does for the sources in development and in the in-process tests (a bundled
// CommonJS package split into a chunk of its own exports only `default`, so `const { connect } =
// await import('amqplib')` got undefined in the build alone: docs/decisions/0089-tests-run-the-build.md).
// The command-line tools (`npm run staff`, `client`, `import`) are entries too: they ship, and
// are tested, as the same compiled code as the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Packages that read their own files at run time, beside their code (PGlite's WebAssembly and
 * data, the provider's, Swagger UI's and pdfkit's, pino's transport workers), plus what is only
 * ever loaded on demand and gains nothing from bundling (esbuild in development, the S3 SDK,
 * file-type) and pg's optional native binding. Their own imports resolve from node_modules.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  'oidc-provider',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pdfkit',
  'pino',
  'thread-stream',
  'esbuild',
  '@aws-sdk',
  'file-type',
  'pg-native',
];
const keptExternal = (specifier) =>
  KEEP_EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      keptExternal(args.path) || args.kind === 'dynamic-import'
        ? { path: args.path, external: true }
        : undefined,
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
    // The command-line tools, at the depth of src/ like the server (config.ts's paths).
    staff: path.join(serverRoot, 'scripts/staff.ts'),
    client: path.join(serverRoot, 'scripts/client.ts'),
    import: path.join(serverRoot, 'scripts/import.ts'),
  },
  outdir,
  // dist/server.js, dist/pglite-worker.js, the tools and their chunks side by side in dist/. Chunks are named
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
  // The bundled CommonJS packages `require()` Node's modules and the external packages: an ES
  // module has no `require` of its own, so each chunk makes one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
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
