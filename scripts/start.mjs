// `npm start`: builds the SPA, the staff console and the server (compiled to JavaScript,
// apps/server/dist) when a build is missing or older than its sources (scripts/builds.mjs), then
// starts the compiled server (embedded database, identity provider and demo data unless
// configured otherwise). No TypeScript loader here; the tests start this same server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  ROOT,
  SERVER_DIST,
  ensureConsoleBuilt,
  ensureServerBuilt,
  ensureWebBuilt,
} from './builds.mjs';

// WEB_OUT_DIR builds the SPA elsewhere (parallel test runs); the server then serves it from there.
const webOut = process.env.WEB_OUT_DIR
  ? path.resolve(process.env.WEB_OUT_DIR)
  : path.join(ROOT, 'apps/web/dist');
if (process.env.WEB_OUT_DIR) process.env.WEB_DIST = webOut;
ensureWebBuilt(webOut);

const consoleOut = process.env.CONSOLE_OUT_DIR
  ? path.resolve(process.env.CONSOLE_OUT_DIR)
  : path.join(ROOT, 'apps/console/dist');
if (process.env.CONSOLE_OUT_DIR) process.env.CONSOLE_DIST = consoleOut;
ensureConsoleBuilt(consoleOut);

ensureServerBuilt();

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(SERVER_DIST, 'server.js')],
  { cwd: ROOT, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
