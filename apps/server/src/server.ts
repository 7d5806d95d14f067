// Starts the portal: configuration, application, listening, and the demo sign-ins.
// Only the configuration is loaded before the database begins opening (PGlite's thread starts
// then); the rest of the application loads meanwhile (start-up time, bench/startup.ts).
import nodeModule from 'node:module';
import path from 'node:path';
import { ConfigError, loadConfig } from './config/config';
import { routeConsoleToLog } from './platform/console-to-log';
import { createLog } from './platform/logger';

/** Node 22's cache of compiled modules (absent from Node 20's typings and from Node 20). */
const compileCache = nodeModule as {
  enableCompileCache?: (directory: string) => unknown;
  flushCompileCache?: () => void;
};

/** How long a connection accepted just before the listener closes has to send its request. */
const DRAIN_LINGER_MS = 1_000;

async function main() {
  // What the server creates (database files, keys, documents) is its owner's only.
  process.umask(0o077);
  // The process's log, Fastify's too. In production all the standard output is its JSON lines:
  // what anything writes with `console`, from here on, becomes one (platform/console-to-log.ts).
  const log = createLog();
  if (process.env.NODE_ENV === 'production') routeConsoleToLog(log);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  log.level = config.logLevel;
  // Traces (an OTLP endpoint is set): OpenTelemetry starts before any module it instruments
  // is loaded; without it, none of its code is (platform/telemetry/start.ts).
  const telemetry = config.telemetry
    ? await (await import('./platform/telemetry/start')).startTelemetry(config.telemetry)
    : undefined;
  // On Node 22, the modules' compiled code is kept in the data folder (owner-only) and reused by
  // the next start: some 100 ms less of a restart (docs/decisions/0022-compiled-server.md).
  if (!config.inMemoryDatabase)
    compileCache.enableCompileCache?.(path.join(config.dataDir, 'compile-cache'));
  // PGlite starts in its own thread while this one loads the application's modules.
  const { openDatabase } = await import('./db/client');
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteInProcess: config.pgliteInProcess,
  });
  opening.catch(() => undefined);
  const [{ buildApp }, { stopAccepting }, { collectWhenIdle, favourMemory }] = await Promise.all([
    import('./app'),
    import('./http-server'),
    import('./idle-collection'),
  ]);
  const app = await buildApp(config, { opening, logger: log });
  // After its start-up and after each burst of requests, this thread's garbage is collected once
  // it falls idle, and V8 favours memory until the next burst (idle-collection.ts).
  const idle = collectWhenIdle({ favour: favourMemory });
  app.addHook('onResponse', (_request, _reply, done) => {
    idle.worked();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    idle.stop();
    done();
  });
  // Graceful shutdown (docs/decisions/0053-slow-clients-and-drain.md): /readyz answers
  // 503 at once so the balancer stops sending traffic, and every answer closes its connection;
  // after SHUTDOWN_DELAY_MS the server stops accepting connections, answers every request it
  // accepted, then closes the database and the document store (onClose hooks). Past
  // SHUTDOWN_TIMEOUT_MS the process exits anyway.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'arrêt : fin des requêtes en cours');
    const { delayMs, timeoutMs } = config.shutdown;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    setTimeout(() => {
      app.log.error('arrêt : requêtes encore en cours après le délai, sortie forcée');
      process.exit(1);
    }, timeoutMs).unref();
    // Requests accepted until now are answered, never refused (0053); then the store and the
    // database close (onClose hooks).
    await stopAccepting(app.server, DRAIN_LINGER_MS);
    await app.close();
    await telemetry?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  await app.listen({ port: config.port, host: config.host });
  // Written now rather than at exit, which a killed process never reaches.
  compileCache.flushCompileCache?.();
  idle.afterBurst();
  if (config.storage.testHoldAfterPutMs) {
    const { holdAfterEachPut } = await import('./platform/storage/create-storage');
    holdAfterEachPut(app.storage, config.storage.testHoldAfterPutMs);
  }
  const lines = [`Espace Assuré : ${config.publicUrl}`];
  if (config.demoMode) {
    const { DEMO_CUSTOMERS, DEMO_PASSWORD } = await import('./seed/demo-customers');
    lines.push(`Connexions de démonstration (mot de passe ${DEMO_PASSWORD}) :`);
    for (const c of DEMO_CUSTOMERS) lines.push(`  - ${c.email}`);
  }
  console.info(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
