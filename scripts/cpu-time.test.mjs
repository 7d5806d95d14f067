import { describe, expect, it } from 'vitest';
import { parseTimes, spawnTimed } from './cpu-time.mjs';

/** Runs `command` through spawnTimed; resolves to its exit code, its output and its CPU time. */
function run(command) {
  const { child, cpuSeconds } = spawnTimed(command, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', async (code) => resolve({ code, output, cpu: await cpuSeconds })),
  );
}

describe('the CPU time npm test prints', () => {
  it('reads the children line of times, as dash and bash print it', () => {
    expect(parseTimes('0m0.000000s 0m0.000000s\n0m1.650000s 0m0.030000s\n')).toBeCloseTo(1.68);
    expect(parseTimes('0m0.002s 0m0.000s\n1m1.618s 0m0.016s\n')).toBeCloseTo(61.634);
    expect(parseTimes('')).toBeNaN();
  });

  it('counts a command and what it started, and leaves its output and exit code as they are', async () => {
    // Busy until it has had 200 ms of CPU, however long a loaded machine makes that take (beside
    // the gate's other suites, seconds: hence the test's limit).
    const busy = `node -e "while (process.cpuUsage().user < 200000);"`;
    const { code, output, cpu } = await run(`${busy} && ${busy} && echo done; exit 3`);
    expect(code).toBe(3);
    expect(output).toBe('done\n');
    expect(cpu).toBeGreaterThan(0.4);
    expect(cpu).toBeLessThan(5);
  }, 60_000);
});
