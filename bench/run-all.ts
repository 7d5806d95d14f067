// `npm run bench`: prints the project's performance figures (they are read, not asserted).
// `npm run bench -- api` (or `first-screen`, `web`, `startup`, `hardening`, `import`, `events`, `console`, …) runs only the named benches.
// At the end, every figure with a goal (bench/figures.ts) is printed again beside it.
import { reportApi } from './api';
import { reportBundleSize } from './bundle-size';
import { reportConsole } from './console';
import { reportDocumentGeneration } from './documents';
import { reportEvents } from './events';
import { printFigures } from './figures';
import { reportFirstScreen } from './first-screen';
import { reportHardening } from './hardening';
import { reportImport } from './import';
import { reportLighthouse } from './lighthouse';
import { reportStartup } from './startup';
import { reportStartupRuntime } from './startup-runtime';
import { reportUploadFigures } from './upload-memory';
import { reportWeb } from './web';

const BENCHES: Record<string, () => unknown> = {
  bundle: reportBundleSize,
  startup: reportStartup,
  'startup-runtime': reportStartupRuntime,
  upload: reportUploadFigures,
  documents: reportDocumentGeneration,
  hardening: reportHardening,
  api: reportApi,
  'first-screen': reportFirstScreen,
  web: reportWeb,
  lighthouse: reportLighthouse,
  import: reportImport,
  events: reportEvents,
  console: reportConsole,
};
const chosen = process.argv.slice(2);
for (const name of chosen.length ? chosen : Object.keys(BENCHES)) {
  const bench = BENCHES[name];
  if (!bench) throw new Error(`Unknown bench ${name}: ${Object.keys(BENCHES).join(', ')}`);
  await bench();
}
printFigures();
