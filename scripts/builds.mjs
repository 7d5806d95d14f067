// The builds `npm start`, the command-line tools and the tests share: each is made again when it
// is missing or older than its sources, and only then (docs/decisions/0089-tests-run-the-build.md).
// What runs is always the compiled server of apps/server/dist, never its TypeScript sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');

function newestMtime(target) {
  const full = path.join(ROOT, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** True when `built` is missing or older than one of `sources` (paths from the repository). */
export function isStale(built, sources) {
  return !existsSync(built) || sources.some((s) => newestMtime(s) > statSync(built).mtimeMs);
}

/** Runs `npm run build -w workspace` (production), or exits with its status. */
function runBuild(workspace, env, what) {
  // On standard error, so that a tool's own output (a client's secret) stays alone on stdout.
  console.error(`Construction ${what}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The SPA, built in `outDir` (WEB_OUT_DIR when several runs share the machine). */
export function ensureWebBuilt(outDir) {
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ];
  // The browser's build and the first screen's renderer for the server (.ssr/), made together.
  const built = [path.join(outDir, 'index.html'), path.join(outDir, '.ssr/server-render.js')];
  if (built.some((file) => isStale(file, sources)))
    runBuild('apps/web', { NODE_ENV: 'production', WEB_OUT_DIR: outDir }, 'de l’application web');
}

/** The staff console (docs/console.md « L’application »), CONSOLE_OUT_DIR like WEB_OUT_DIR. */
export function ensureConsoleBuilt(outDir) {
  const sources = [
    'apps/console/src',
    'apps/console/index.html',
    'apps/console/vite.config.ts',
    'packages/contract/src',
  ];
  if (isStale(path.join(outDir, 'index.html'), sources))
    runBuild(
      'apps/console',
      { NODE_ENV: 'production', CONSOLE_OUT_DIR: outDir },
      'de la console du courtier',
    );
}

export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/contract/src',
];

/** The compiled server and its tools (apps/server/dist). */
export function ensureServerBuilt() {
  if (isStale(path.join(SERVER_DIST, 'server.js'), SERVER_SOURCES))
    runBuild('apps/server', {}, 'du serveur');
}
