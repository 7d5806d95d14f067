// `npm run staff|client|import -- …`: runs the command-line tool compiled with the server
// (apps/server/dist/<tool>.js), built first when missing or older than its sources, so a tool
// runs the same code in production as in the tests (docs/decisions/0089-tests-run-the-build.md).
// While developing, `node --import tsx apps/server/scripts/<tool>.ts …` runs the sources.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_DIST, ensureServerBuilt } from './builds.mjs';

const TOOLS = ['staff', 'client', 'import'];
const [tool, ...args] = process.argv.slice(2);
if (!TOOLS.includes(tool)) {
  console.error(`Outil inconnu : ${tool ?? '(aucun)'} (${TOOLS.join(', ')})`);
  process.exit(2);
}
ensureServerBuilt();
const child = spawn(process.execPath, [path.join(SERVER_DIST, `${tool}.js`), ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
