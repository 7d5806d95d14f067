// A portal of its own for a spec that deletes accounts and changes passwords, so the demo data
// the other specs read stays as seeded: the compiled server on a fresh copy of the seeded data
// folder (global-setup.ts), as every test server, in demo mode without SMTP, its whole log kept so
// a test can read what demo mode writes there (the forgotten-password link).
import { startServer, type PortalServer } from './portal-server';
import { templateDir } from './servers';

export type PrivateServer = PortalServer;

export function startPrivateServer(): Promise<PrivateServer> {
  return startServer(templateDir(), { DEMO_MODE: 'true', LOG_LEVEL: 'info' }, { keepLog: true });
}
