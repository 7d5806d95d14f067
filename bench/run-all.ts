// `npm run bench`: prints the project's performance figures (they are read, not asserted).
import { reportBundleSize } from './bundle-size';
import { reportDocumentGeneration } from './documents';
import { reportStartup } from './startup';
import { reportUploadFigures } from './upload-memory';

reportBundleSize();
await reportStartup();
await reportUploadFigures();
await reportDocumentGeneration();
