// Which server a browser test talks to. Every server starts on a fresh copy of the seeded data
// (portal-server.ts). The specs that only read share one server per worker; a spec that changes
// data (uploads, contract changes, contact requests) declares it with
// `test.use({ changesData: true })` and gets a server of its own, started for its file and
// stopped after it, so no spec sees another's changes whatever the order the workers run them.
// Its tests run in file order on that server. The specs that need a portal configured otherwise
// (own-portal.ts) get it from OwnPortals.
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

/** A portal a spec starts for itself (own-portal.ts). */
interface OwnPortal {
  url: string;
  stop(): Promise<void>;
}

/**
 * The portal a spec file starts for itself (own-portal.ts), held by a worker fixture every spec
 * shares: a worker fixture of a spec's own would make Playwright start a worker, a Chromium and a
 * shared server for it. Started for the file's first test and stopped when the worker moves on to
 * another file, so that no spec sees another's changes (a staff password reset, a deleted
 * account), as with the servers above.
 */
export class OwnPortals {
  private file: { name: string; portal: Promise<OwnPortal> } | undefined;

  /** The portal of `file`, started by `start` for its first test. */
  async forFile<P extends OwnPortal>(file: string, start: () => Promise<P>): Promise<P> {
    await this.leave(file);
    this.file ??= { name: file, portal: start() };
    return this.file.portal as Promise<P>;
  }

  /** Stops the portal of a file other than `file`: the worker has moved on to `file`. */
  async leave(file: string): Promise<void> {
    if (this.file && this.file.name !== file) await this.stop();
  }

  async stop(): Promise<void> {
    const portal = this.file?.portal;
    this.file = undefined;
    // A portal that failed to start failed its test already.
    await portal?.then(
      (p) => p.stop(),
      () => undefined,
    );
  }
}
