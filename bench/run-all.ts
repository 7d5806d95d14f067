// `npm run bench`: prints the project's performance figures (they are read, not asserted).
import { reportBundleSize } from './bundle-size';
import { reportStartup } from './startup';
import { reportStartupRuntime } from './startup-runtime';
import { reportUploadFigures } from './upload-memory';

reportBundleSize();
await reportStartup();
await reportStartupRuntime();
await reportUploadFigures();
