// The configuration every API test and the template database (global-setup.ts) are built with:
// demo mode, the repository's content folder, an in-memory database, no log, no SPA build.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: '/nonexistent',
      CONSOLE_DIST: '/nonexistent',
    },
    {
      inMemoryDatabase: true,
      // Documents go to a throw-away folder, never the repository's data folder.
      documentsDir: overrides.documentsDir ?? mkdtempSync(path.join(tmpdir(), 'espace-docs-')),
      ...overrides,
    },
  );
}
