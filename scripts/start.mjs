// `npm start`: builds the SPA, the staff console and the server (compiled to JavaScript,
// apps/server/dist) when a build is missing or older than its sources, then starts the compiled server (embedded database,
// identity provider and demo data unless configured otherwise). No TypeScript loader here.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// WEB_OUT_DIR builds the SPA elsewhere (parallel test runs); the server then serves it from there.
const outDir = process.env.WEB_OUT_DIR
  ? path.resolve(process.env.WEB_OUT_DIR)
  : path.join(root, 'apps/web/dist');
if (process.env.WEB_OUT_DIR) process.env.WEB_DIST = outDir;
const built = path.join(outDir, 'index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Builds a browser app (production, whatever NODE_ENV the server runs with) when its build is
 * missing or older than its sources. */
function buildIfStale(workspace, index, appSources, outEnv, name) {
  const stale =
    !existsSync(index) || appSources.some((s) => newestMtime(s) > statSync(index).mtimeMs);
  if (!stale) return;
  console.info(`Construction de ${name}…`);
  const env = { ...process.env, NODE_ENV: 'production', ...outEnv };
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('apps/web', built, sources, { WEB_OUT_DIR: outDir }, 'l’application web');

// The staff console (docs/backoffice.md « L’application »); CONSOLE_OUT_DIR like WEB_OUT_DIR.
const consoleOut = process.env.CONSOLE_OUT_DIR
  ? path.resolve(process.env.CONSOLE_OUT_DIR)
  : path.join(root, 'apps/backoffice/dist');
if (process.env.CONSOLE_OUT_DIR) process.env.CONSOLE_DIST = consoleOut;
buildIfStale(
  'apps/backoffice',
  path.join(consoleOut, 'index.html'),
  [
    'apps/backoffice/src',
    'apps/backoffice/index.html',
    'apps/backoffice/vite.config.ts',
    'packages/contract/src',
  ],
  { CONSOLE_OUT_DIR: consoleOut },
  'la console du courtier',
);

const serverBuilt = path.join(root, 'apps/server/dist/server.js');
const serverSources = [
  'apps/server/src',
  'apps/server/scripts/build.mjs',
  'apps/server/package.json',
  'packages/contract/src',
];
if (
  !existsSync(serverBuilt) ||
  serverSources.some((s) => newestMtime(s) > statSync(serverBuilt).mtimeMs)
) {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBuilt], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
