// What the tests that start a process run: the compiled server and command-line tools of
// apps/server/dist, the very files `npm start` and `npm run staff|client|import` run
// (docs/decisions/0089-tests-run-the-build.md). global-setup.ts builds them when stale.
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** `node` and its arguments to run the compiled server, as scripts/start.mjs does. */
export const SERVER_COMMAND = ['--enable-source-maps', path.join(DIST, 'server.js')];

/** The arguments of `node` to run a compiled tool, as `npm run <tool>` does. */
export function toolCommand(tool: 'staff' | 'client' | 'import'): string[] {
  return ['--enable-source-maps', path.join(DIST, `${tool}.js`)];
}
