// Run by lazy-modules.test.ts in a process of its own: builds the application from the
// environment's configuration, as server.ts does, and prints the npm packages loaded through
// Node's CommonJS loader (the module cache) once it is ready.
import { createRequire } from 'node:module';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const app = await buildApp(loadConfig(), { logger: false });
await app.ready();
const packages = new Set(
  Object.keys(createRequire(import.meta.url).cache).flatMap(
    (file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? [],
  ),
);
await app.close();
console.info(JSON.stringify([...packages].sort()));
