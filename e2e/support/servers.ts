// Which server a browser test talks to. Every server starts on a fresh copy of the seeded data
// (portal-server.ts). The specs that only read share one server per worker; a spec that changes
// data (uploads, contract changes, contact requests) declares it with
// `test.use({ changesData: true })` and gets a server of its own, started for its file and
// stopped after it, so no spec sees another's changes whatever the order the workers run them.
// Its tests run in file order on that server.
import { startServer, type PortalServer } from './portal-server';

/** The seeded data folder global-setup.ts made, which every test server copies. */
export function templateDir(): string {
  const dir = process.env.E2E_TEMPLATE_DIR;
  if (!dir) throw new Error('E2E_TEMPLATE_DIR is unset: global-setup.ts did not run');
  return dir;
}

export class ServerPool {
  private shared: Promise<PortalServer> | undefined;
  private own: { file: string; server: Promise<PortalServer> } | undefined;

  async serverFor(file: string, changesData: boolean): Promise<PortalServer> {
    if (this.own && (!changesData || this.own.file !== file)) {
      await (await this.own.server).stop();
      this.own = undefined;
    }
    if (!changesData) return (this.shared ??= startServer(templateDir()));
    this.own ??= { file, server: startServer(templateDir()) };
    return this.own.server;
  }

  async stop(): Promise<void> {
    const running = [this.shared, this.own?.server].filter((s) => s !== undefined);
    this.shared = undefined;
    this.own = undefined;
    await Promise.all(
      running.map((server) =>
        server.then(
          (s) => s.stop(),
          () => undefined,
        ),
      ),
    );
  }
}
