// `npm run bench`: prints the project's performance figures (they are read, not asserted).
// `npm run bench -- api` (or `web`, `startup`, `bundle`, `upload`) runs one of them.
import { reportApi } from './api';
import { reportBundleSize } from './bundle-size';
import { reportStartup } from './startup';
import { reportUploadFigures } from './upload-memory';
import { reportWeb } from './web';

const benches: Record<string, () => unknown> = {
  bundle: reportBundleSize,
  startup: reportStartup,
  upload: reportUploadFigures,
  api: reportApi,
  web: reportWeb,
};
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in benches));
if (unknown.length) {
  console.error(`Unknown bench ${unknown.join(', ')}: ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
for (const [name, run] of Object.entries(benches))
  if (only.length === 0 || only.includes(name)) await run();
