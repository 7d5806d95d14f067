// Starts the portal: configuration, application, listening, and the demo sign-ins.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './seed/demo-customers';

async function main() {
  // Issue 12: what the server creates (database files, keys, documents) is its owner's only.
  process.umask(0o077);
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
  const app = await buildApp(config);
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
