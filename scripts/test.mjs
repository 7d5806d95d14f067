// The repository's test commands, in phases whose times are printed as they end and together at
// the end (docs/development.md « Tests »):
//   npm test            the full gate CI runs: Chromium present, the static checks and the builds,
//                       all side by side, then every unit and API test (PGlite and, when it answers,
//                       PostgreSQL; the compiled server's process tests), then the browser tests
//                       against the compiled server.
//   npm run test:fast   the inner loop: the unit and API tests on PGlite only, without the tests
//                       that start the compiled server as a process (apps/server/test/process/).
//   npm run check       the static checks alone.
// A phase that fails stops the run: what follows would only fail with it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { CHECKS } from './checks.mjs';
import { runParallel } from './run-parallel.mjs';

const mode = process.argv[2] ?? '--full';

function sh(command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => resolve(code === 0 ? [] : [command]));
  });
}

const PHASES = {
  '--full': [
    [
      'Chromium, static checks and builds',
      // Installing Chromium, when it is missing, mostly waits on the network and on dpkg: it
      // takes a lane of its own beside one lane per core.
      () =>
        runParallel(
          ['node scripts/ensure-chromium.mjs', ...CHECKS, 'npm run build --silent'],
          availableParallelism() + 1,
        ),
    ],
    ['unit and API tests', () => sh('vitest run')],
    ['browser tests', () => sh('npm test -w e2e')],
  ],
  '--fast': [
    [
      'unit and API tests on PGlite, no process tests',
      () => sh("vitest run --exclude '**/test/process/**'", { TEST_BACKENDS: 'pglite' }),
    ],
  ],
  '--check': [['static checks', () => runParallel(CHECKS)]],
};

const phases = PHASES[mode];
if (!phases) {
  console.error(`scripts/test.mjs: unknown mode ${mode} (--full, --fast or --check)`);
  process.exit(2);
}

const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};
const times = [];
const started = performance.now();
let failed = [];
for (const [name, run] of phases) {
  const phaseStarted = performance.now();
  console.info(`\n▶ ${name}`);
  failed = await run();
  const took = performance.now() - phaseStarted;
  times.push([name, took, failed.length === 0]);
  console.info(`◀ ${name}: ${failed.length ? 'FAILED' : 'ok'} in ${minutes(took)}`);
  if (failed.length) break;
}
console.info('\nPhases:');
for (const [name, took, ok] of times)
  console.info(`  ${ok ? 'ok    ' : 'FAILED'} ${minutes(took).padStart(12)}  ${name}`);
console.info(`  total  ${minutes(performance.now() - started).padStart(12)}`);
if (failed.length) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
