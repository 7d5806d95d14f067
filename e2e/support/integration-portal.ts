// A portal of its own with an integration client, for the specs that play the broker's back
// office (docs/integration.md « Statuts »): a fresh copy of the seeded data folder, a client
// created there by `npm run client -- create` (with PGlite, while the server is stopped), then
// the server on it; `brokerToken()` gets a token by the client-credentials grant, as a broker
// would. The portal mails through a local SMTP server whose mails the specs read.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailServer, type ReceivedMail } from './mail-server';
import { REPO_ROOT, SERVER_COMMAND, startPortal, toolCommand, webEnv } from './portal-server';

export interface IntegrationPortal {
  url: string;
  /** What the portal mailed (a local SMTP server: mail-server.ts). */
  mails: ReceivedMail[];
  /** A client-credentials access token with backoffice:read and backoffice:write. */
  brokerToken(): Promise<string>;
  /** Moves a request as the broker's back office would (PATCH /backoffice/v1/requests/{ref}). */
  moveRequest(reference: string, change: object): Promise<void>;
  stop(): Promise<void>;
}

const SCOPES = 'backoffice:read,backoffice:write';

function createClient(dataDir: string): Promise<{ clientId: string; secret: string }> {
  const [node, ...args] = toolCommand('client');
  const child = spawn(node!, [...args, 'create', 'Courtier e2e', '--scopes', SCOPES], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...webEnv(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const clientId = /client_id:\s+(\S+)/.exec(output)?.[1];
      const secret = /client_secret:\s+(\S+)/.exec(output)?.[1];
      if (code === 0 && clientId && secret) resolve({ clientId, secret });
      else reject(new Error(`npm run client -- create failed (${code}):\n${output}`));
    });
  });
}

export async function startIntegrationPortal(): Promise<IntegrationPortal> {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error('E2E_TEMPLATE_DIR is unset: global-setup.ts did not run');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-e2e-broker-'));
  const mails: ReceivedMail[] = [];
  const smtp = await startMailServer(mails);
  const closeMail = () => new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  try {
    await cp(template, dataDir, { recursive: true });
    const { clientId, secret } = await createClient(dataDir);
    const server = await startPortal(SERVER_COMMAND, {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_FROM: 'portail@espace-assure.test',
      CUSTOMER_SERVICE_EMAIL: 'service-client@courtage.test',
    });
    const portal: IntegrationPortal = {
      url: server.url,
      mails,
      async brokerToken() {
        const response = await fetch(`${server.url}/oidc/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            scope: SCOPES.replace(',', ' '),
          }).toString(),
        });
        if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { access_token: string }).access_token;
      },
      async moveRequest(reference, change) {
        const response = await fetch(`${server.url}/backoffice/v1/requests/${reference}`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${await portal.brokerToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(change),
        });
        if (response.status !== 200)
          throw new Error(`PATCH ${reference}: ${response.status} ${await response.text()}`);
      },
      async stop() {
        await server.stop();
        await closeMail();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    return portal;
  } catch (error) {
    await closeMail();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
