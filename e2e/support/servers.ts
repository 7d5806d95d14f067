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

const stopped = (portal: Promise<OwnPortal>) =>
  portal.then(
    (p) => p.stop(),
    () => undefined,
  );

/**
 * The portals the specs start for themselves (own-portal.ts), held by the worker's fixture so that
 * every spec runs in the same kind of worker: a worker fixture of a spec's own would make
 * Playwright start a worker, a Chromium and a shared server for each such spec. One portal per
 * start function for the worker (the specs that start the same kind share it, as they shared
 * their worker), or one for a spec file alone, stopped when the worker moves on to another file.
 */
export class OwnPortals {
  private readonly byStart = new Map<() => Promise<OwnPortal>, Promise<OwnPortal>>();
  private file: { name: string; portal: Promise<OwnPortal> } | undefined;

  /** The worker's portal that `start` starts, started on first use. */
  shared<P extends OwnPortal>(start: () => Promise<P>): Promise<P> {
    let portal = this.byStart.get(start);
    if (!portal) {
      portal = start();
      this.byStart.set(start, portal);
      // A start that failed is tried again by the next test, not handed its failure.
      portal.catch(() => this.byStart.delete(start));
    }
    return portal as Promise<P>;
  }

  /** The portal of `file` alone, started by `start` for its first test. */
  async forFile<P extends OwnPortal>(file: string, start: () => Promise<P>): Promise<P> {
    await this.leave(file);
    this.file ??= { name: file, portal: start() };
    return this.file.portal as Promise<P>;
  }

  /** Stops the portal of a file other than `file`: the worker has moved on to `file`. */
  async leave(file: string): Promise<void> {
    if (!this.file || this.file.name === file) return;
    const { portal } = this.file;
    this.file = undefined;
    await stopped(portal);
  }

  async stop(): Promise<void> {
    const running = [...this.byStart.values(), ...(this.file ? [this.file.portal] : [])];
    this.byStart.clear();
    this.file = undefined;
    await Promise.all(running.map(stopped));
  }
}
