// `npm start`: builds the SPA and the server (compiled to JavaScript, apps/server/dist) when a
// build is missing or older than its sources, then starts the compiled server (embedded database,
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

const stale = !existsSync(built) || sources.some((s) => newestMtime(s) > statSync(built).mtimeMs);
if (stale) {
  console.info('Construction de l’application web…');
  // Always a production build, whatever NODE_ENV the server runs with.
  const env = { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: outDir };
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

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
