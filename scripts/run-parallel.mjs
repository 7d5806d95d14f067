// Runs independent commands side by side, as many at a time as the machine has cores (each of
// tsc, eslint and prettier uses one), so that a group of checks takes the time of its longest lane
// instead of the sum. Each command's output is printed whole when it ends, never interleaved.
//   node scripts/run-parallel.mjs 'cmd 1' 'cmd 2' …   (exit code non-zero when any failed)
//   import { runParallel } from './run-parallel.mjs'  (resolves to the failed commands)
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { cpuText, spawnTimed } from './cpu-time.mjs';

function run(command) {
  return new Promise((resolve) => {
    const { child, cpuSeconds } = spawnTimed(command, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', async (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks), cpu: await cpuSeconds }),
    );
  });
}

/**
 * Runs the commands in as many lanes as cores; resolves to the commands that failed. Each
 * command's output goes to `write` whole when it ends (standard output by default).
 */
export async function runParallel(
  commands,
  lanes = availableParallelism(),
  write = (text) => process.stdout.write(text),
) {
  const queue = [...commands];
  const failed = [];
  async function lane() {
    for (let command = queue.shift(); command; command = queue.shift()) {
      const started = performance.now();
      const { code, output, cpu } = await run(command);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const outcome = [code === 0 ? 'ok' : `exit ${code}`, `${seconds} s`, cpuText(cpu)];
      write(`> ${command} (${outcome.filter(Boolean).join(', ')})\n`);
      write(output.toString());
      if (code !== 0) failed.push(command);
    }
  }
  await Promise.all(Array.from({ length: Math.min(lanes, commands.length) }, lane));
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failed = await runParallel(process.argv.slice(2));
  if (failed.length) {
    console.error(`Failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
