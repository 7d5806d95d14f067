// CPU time, as `npm test` prints it beside wall time (docs/development.md « Tests »): a gate on the
// 2-core machine is as long as its CPU time over two, so a phase's cost is its CPU seconds.
//   spawnTimed(command, options)  a shell command, and the CPU time it and every process it
//                                 started and waited for took (the shell's `times`, once it ends)
//   machineCpuSeconds()           the machine's busy CPU time so far (/proc/stat), to subtract
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `0m1.650000s` (dash) or `0m1.618s` (bash) in seconds. */
const seconds = (text) => {
  const [, m, s] = /^(\d+)m([\d.]+)s$/.exec(text) ?? [];
  return m === undefined ? Number.NaN : Number(m) * 60 + Number(s);
};

/**
 * The children's line of `times` (user, then system time) as seconds: what the command and its
 * descendants took, those a parent waited for (a test's server, a Vitest worker, Chromium).
 */
export function parseTimes(report) {
  const children = report.trim().split('\n')[1]?.trim().split(/\s+/) ?? [];
  const [user, system] = children.map(seconds);
  return user !== undefined && system !== undefined ? user + system : Number.NaN;
}

/**
 * Spawns `command` in a shell with `options` (whose `stdio` lists the first three), and resolves
 * `cpuSeconds` when it closes; the shell ends with the command's exit code. `times` writes to a
 * fourth descriptor of its own, so that the command's output is left as it is.
 */
export function spawnTimed(command, options) {
  // In a subshell of its own, so that an `exit` in the command still leaves `times` to run.
  const script = `(\n${command}\n)\n__status=$?\ntimes >&3\nexit $__status`;
  const child = spawn(script, { ...options, shell: true, stdio: [...options.stdio, 'pipe'] });
  let report = '';
  child.stdio[3].on('data', (chunk) => (report += chunk));
  const cpuSeconds = new Promise((resolve) => child.on('close', () => resolve(parseTimes(report))));
  return { child, cpuSeconds };
}

/** The machine's busy CPU seconds since it started (Linux: /proc/stat), or NaN elsewhere. */
export function machineCpuSeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq] = ticks.map(Number);
    // The kernel counts in USER_HZ, 100 a second on Linux.
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return Number.NaN;
  }
}

/** « 812 CPU-s », or nothing where it could not be measured. */
export const cpuText = (cpu) => (Number.isFinite(cpu) ? `${Math.round(cpu)} CPU-s` : '');
