// A portal of its own whose customers come from the bulk import, as a broker puts the portal in
// service (docs/integration.md « Import »): on an empty data folder, `npm run import` of the
// repository's example files (with --invite when asked), then the server on the same folder.
// Both talk to a local SMTP server (mail-server.ts) that keeps what it receives.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailServer, type ReceivedMail } from './mail-server';
import {
  freePort,
  REPO_ROOT,
  SERVER_COMMAND,
  stopChild,
  toolCommand,
  waitUntilReady,
  webEnv,
} from './portal-server';

export interface ImportedPortal {
  url: string;
  mails: ReceivedMail[];
  stop(): Promise<void>;
}

function run([node, ...args]: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(node!, args, { cwd: REPO_ROOT, env, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

export async function startImportedPortal(
  files: string[],
  { invite }: { invite: boolean },
): Promise<ImportedPortal> {
  const mails: ReceivedMail[] = [];
  const smtp = await startMailServer(mails);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-e2e-import-'));
  const env = {
    ...process.env,
    ...webEnv(),
    // The import CLI reads its paths from where npm was run (INIT_CWD): the repository.
    INIT_CWD: REPO_ROOT,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    PORT: String(port),
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: 'portail@espace-assure.test',
    CUSTOMER_SERVICE_EMAIL: 'service-client@courtage.test',
    LOG_LEVEL: 'warn',
  };
  const cleanUp = async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  };
  for (const file of files) {
    const args = [...toolCommand('import'), file, ...(invite ? ['--invite'] : [])];
    const imported = run(args, env);
    const code = await new Promise((resolve) => imported.child.once('exit', resolve));
    if (code !== 0) {
      await cleanUp();
      throw new Error(`npm run import ${file} failed:\n${imported.output()}`);
    }
  }
  const server = run(SERVER_COMMAND, env);
  const stop = async () => {
    await stopChild(server.child);
    await cleanUp();
  };
  try {
    await waitUntilReady(url, server.child, server.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, mails, stop };
}
