// An earlier commit of this repository, checked out and built beside it for a bench to run its
// compiled server (web.ts with BENCH_WEB_VS): a git worktree in
// node_modules/.cache/bench-web-vs/<full sha>, its own `npm ci` and `npm run build`, kept and
// reused by the next run (a `<sha>.built` file beside it says the build finished). The first run
// takes minutes (the install, from npm's cache when it can, and the three builds). It runs npm
// itself, without taking /tmp/espace-heavy.lock: run the whole bench under `flock` instead (a
// nested `flock` on the same file would wait for the bench forever).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.cache/bench-web-vs');

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}) in ${String(options.cwd ?? ROOT)}${result.stderr ? `:\n${String(result.stderr)}` : ''}`,
    );
  return String(result.stdout ?? '').trim();
}

/**
 * The environment of npm in the checkout: the bench's, without what `npm run bench` put there
 * (npm_config_local_prefix and the like would point the nested npm at this repository) nor the
 * variables that move a build's output (WEB_OUT_DIR, CONSOLE_OUT_DIR).
 */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^npm_/i.test(name) && !['INIT_CWD', 'WEB_OUT_DIR', 'CONSOLE_OUT_DIR'].includes(name),
    ),
  );
}

/** The full sha of `ref` in this repository; fails on a name git does not know. */
function commitOf(ref: string): string {
  return run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
}

/** The root of a built checkout of `ref`, made (worktree, `npm ci`, `npm run build`) if needed. */
export function builtCheckout(ref: string): { root: string; sha: string } {
  const sha = commitOf(ref);
  const root = path.join(CACHE, sha);
  const built = `${root}.built`;
  if (existsSync(built) && existsSync(path.join(root, 'apps/server/dist/server.js')))
    return { root, sha };
  const checkedOut =
    existsSync(root) &&
    spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() ===
      sha;
  if (!checkedOut) {
    // A folder left by an interrupted run: git forgets it, then it is made again.
    rmSync(root, { recursive: true, force: true });
    run('git', ['worktree', 'prune']);
    mkdirSync(CACHE, { recursive: true });
    console.info(`Checking out ${ref} (${sha}) in ${root}…`);
    run('git', ['worktree', 'add', '--detach', root, sha]);
  }
  const inCheckout: SpawnSyncOptions = { cwd: root, env: npmEnv(), stdio: 'inherit' };
  console.info(`Installing and building ${ref} in ${root}…`);
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], inCheckout);
  run('npm', ['run', 'build'], inCheckout);
  writeFileSync(built, `${new Date().toISOString()}\n`);
  return { root, sha };
}
