// The configuration every API test and the template database (global-setup.ts) are built with:
// demo mode, the repository's content folder, an in-memory database, no log, no SPA build.
import { loadConfig, type Config } from '../../src/config/config';
import type { ScryptCost } from '../../src/services/identity/passwords';
import { scratchDir } from './scratch';

/**
 * The scrypt cost of the passwords the tests' fixtures store: the demo accounts' in the template
 * database (template.ts) and the staff members createStaff makes (staff.ts). N = 2^10 instead of
 * the portal's 2^15: checking one is the same code (it reads the cost from the stored hash) but
 * takes 4 ms of CPU instead of 130, and the suite signs these accounts in about a thousand
 * times. A password a test sets, or a sign-in's decoy, goes through the portal's own cost.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * Name resolution without the network, for webhook endpoints: `localhost` is 127.0.0.1 (as
 * /etc/hosts says), every other name is unknown, so no test asks a DNS server anything.
 */
export async function offlineResolve(hostname: string) {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig(
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
      documentsDir: overrides.documentsDir ?? scratchDir('espace-docs-'),
      ...overrides,
    },
  );
  return { ...config, webhooks: { resolve: offlineResolve, ...config.webhooks } };
}
