// A portal of its own, on a fresh copy of the seeded data folder, that mails through a local
// SMTP server (mail-server.ts) and trusts its proxy (TRUST_PROXY): each browser context of a
// spec can come from an address of its own with an X-Forwarded-For header, for the specs of a
// customer under attack (sign-in-protection.spec.ts).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailServer, type ReceivedMail } from './mail-server';
import { SERVER_COMMAND, startPortal } from './portal-server';

export interface MailingPortal {
  url: string;
  /** What the portal mailed. */
  mails: ReceivedMail[];
  stop(): Promise<void>;
}

/** The headers of a browser at `address` behind the portal's proxy. */
export const comingFrom = (address: string) => ({ 'X-Forwarded-For': address });

export async function startMailingPortal(): Promise<MailingPortal> {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error('E2E_TEMPLATE_DIR is unset: global-setup.ts did not run');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'espace-e2e-mailing-'));
  const mails: ReceivedMail[] = [];
  const smtp = await startMailServer(mails);
  const cleanUp = async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await cp(template, dataDir, { recursive: true });
    const server = await startPortal(SERVER_COMMAND, {
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_FROM: 'portail@espace-assure.test',
      CUSTOMER_SERVICE_EMAIL: 'service-client@courtage.test',
    });
    return {
      url: server.url,
      mails,
      async stop() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
