// Child process of upload-memory.ts: the real app on an in-memory database with the demo data,
// listening on a free port, so the parent can watch this process's memory alone. It signs
// camille in through the real OIDC flow and sends the parent what it needs to upload.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { DEMO, signIn, subjectOf } from '../apps/server/test/support/harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'espace-bench-upload-'));
const config = loadConfig(
  {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
  },
  { inMemoryDatabase: true },
);
const app = await buildApp(config, { logger: false });
const tokens = await signIn(app, config, DEMO.camille);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({
  port: (app.server.address() as AddressInfo).port,
  token: tokens.access_token,
  accountId: subjectOf(tokens.access_token),
  dataDir,
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
