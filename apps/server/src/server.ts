// Starts the portal: configuration, application, listening, and the demo sign-ins.
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './seed/demo-customers';

async function main() {
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
  // PGlite starts in its own thread while this one loads the application's modules
  // (start-up time, bench/startup.ts).
  const { openDatabase } = await import('./db/client');
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.inMemoryDatabase ? undefined : path.join(config.dataDir, 'pglite'),
    pgliteWorker: config.pgliteWorker,
  });
  opening.catch(() => undefined);
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { opening });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const lines = [`Espace Assuré : ${config.publicUrl}`];
  if (config.demoMode) {
    lines.push(`Connexions de démonstration (mot de passe ${DEMO_PASSWORD}) :`);
    for (const c of DEMO_CUSTOMERS) lines.push(`  - ${c.email}`);
  }
  console.info(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
