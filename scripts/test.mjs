// The repository's test commands, in phases whose wall and CPU times are printed as they end and
// together at the end (scripts/cpu-time.mjs; docs/development.md « Tests »):
//   npm test            the full gate CI runs: Chromium present and the builds, side by side; then
//                       the static checks, every unit and API test (PGlite and, when it answers,
//                       PostgreSQL; the compiled server's process tests) and the browser tests
//                       against the compiled server, all three at once (see SUITES below).
//   npm run test:fast   the inner loop: the unit and API tests on PGlite only, without the tests
//                       that start the compiled server as a process (apps/server/test/process/).
//   npm run check       the static checks alone.
// A phase that fails stops the run: what follows would only fail with it. A failed run ends with
// the lines in which each failed suite said what failed (failure-lines.mjs), which its
// interleaved output had left minutes above.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { CHECKS } from './checks.mjs';
import { cpuText, machineCpuSeconds, spawnTimed } from './cpu-time.mjs';
import { SuiteFailures } from './failure-lines.mjs';
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

/** `text` with each of its lines prefixed by `label`, so that suites running together can be told apart. */
const prefixed = (label, text) =>
  text
    .split('\n')
    .map((line, i, lines) => (i === lines.length - 1 && line === '' ? '' : `${label} │ ${line}\n`))
    .join('');

/** The suites that failed, in the order they ended, with what each said failed (failure-lines.mjs). */
const failedSuites = [];

/**
 * Runs `command`, its output prefixed by `label` line by line; resolves to what failed (`[label]`
 * or nothing), the lines that said so and the CPU time it took with every process it started.
 */
function labelled(label, command) {
  return new Promise((resolve) => {
    const { child, cpuSeconds } = spawnTimed(command, { stdio: ['ignore', 'pipe', 'pipe'] });
    const failures = new SuiteFailures();
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        failures.add(line);
        process.stdout.write(prefixed(label, `${line}\n`));
      });
    child.on('close', async (code) =>
      resolve({ failed: code === 0 ? [] : [label], failures, cpu: await cpuSeconds }),
    );
  });
}

/**
 * The gate's three suites, started together once the builds exist. Each alone leaves part of the
 * 2-core machine idle (the browser tests wait on pages, on mail and on time-based codes; the
 * process tests wait on servers starting; each check is one process): run one after another they
 * kept 1.6 to 1.8 cores busy, together 1.9
 * (docs/decisions/0125-the-gate-runs-its-suites-side-by-side.md). Playwright keeps its worker per
 * core; Vitest gets one per core too (the third it takes alone fills waits the browser suite now
 * fills); the checks run one at a time. Each resolves to what failed.
 */
const SUITES = {
  checks: async () => {
    const failures = new SuiteFailures();
    // Each check prints its own CPU time.
    const failed = await runParallel(CHECKS, 1, (text) => {
      failures.addText(text);
      process.stdout.write(prefixed('checks', text));
    });
    return { failed, failures };
  },
  vitest: () => labelled('vitest', `vitest run --maxWorkers=${availableParallelism()}`),
  browser: () => labelled('browser', 'npm test -w e2e'),
};

/**
 * Runs the suite named `label` and prints its time when it ends, with the CPU time of the
 * processes it waited for. Not counted there, but in the phase's machine-wide figure: PostgreSQL,
 * which serves the server tests from outside, and Chromium's renderers, which its zygote forks
 * and no suite waits for (the browser suite prints about 290 CPU-s of the 500 it costs).
 */
async function suite(label) {
  const started = performance.now();
  const { failed, failures, cpu } = await SUITES[label]();
  const outcome = failed.length ? 'FAILED' : 'ok';
  if (failed.length) failedSuites.push([label, failures]);
  const took = [minutes(performance.now() - started), cpuText(cpu)].filter(Boolean).join(', ');
  console.info(`${label} │ ${outcome} in ${took}`);
  return failed;
}

const PHASES = {
  '--full': [
    [
      'Chromium and the builds',
      // Installing Chromium, when it is missing, mostly waits on the network and on dpkg.
      () => runParallel(['node scripts/ensure-chromium.mjs', 'npm run build --silent'], 2),
    ],
    [
      'static checks, unit and API tests, browser tests (side by side)',
      async () => (await Promise.all(Object.keys(SUITES).map(suite))).flat(),
    ],
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
/** Wall time and the machine's CPU time (everything it ran meanwhile, PostgreSQL included). */
const figures = (ms, cpu) => `${minutes(ms).padStart(12)} ${cpuText(cpu).padStart(11)}`;
const times = [];
const started = performance.now();
const cpuAtStart = machineCpuSeconds();
let failed = [];
for (const [name, run] of phases) {
  const phaseStarted = performance.now();
  const cpuBefore = machineCpuSeconds();
  console.info(`\n▶ ${name}`);
  failed = await run();
  const took = performance.now() - phaseStarted;
  const cpu = machineCpuSeconds() - cpuBefore;
  times.push([name, took, cpu, failed.length === 0]);
  console.info(`◀ ${name}: ${failed.length ? 'FAILED' : 'ok'} in ${minutes(took)}`);
  if (failed.length) break;
}
console.info('\nPhases (wall time; CPU time of the whole machine):');
for (const [name, took, cpu, ok] of times)
  console.info(`  ${ok ? 'ok    ' : 'FAILED'} ${figures(took, cpu)}  ${name}`);
console.info(`  total  ${figures(performance.now() - started, machineCpuSeconds() - cpuAtStart)}`);
if (failed.length) {
  for (const [label, failures] of failedSuites) {
    console.info(`\nWhat ${label} reported as failed (in full above):`);
    for (const line of failures.report()) console.info(prefixed(label, line).trimEnd());
  }
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
