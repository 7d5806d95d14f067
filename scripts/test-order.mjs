// The order Vitest starts test files in (vitest.config.ts): the files that mostly wait first. A
// 10 MB upload at 1 Mbit/s (80 s) and the compiled servers the process tests start leave the
// cores free while they wait; run first, the other files fill those waits. Run last (as on a fresh
// clone, where Vitest knows no durations yet and orders by size), they left the 2-core machine
// idle for the gate's last 80 s (docs/decisions/0165-the-gate-is-budgeted-in-cpu-time.md).

/** The test files that mostly wait, by their path. */
export const WAITING = [/\/test\/http\/slow-clients\.test\.ts$/, /\/test\/process\//];

/** `files` (Vitest's order) with the waiting ones first; each group keeps its order. */
export function waitingFirst(files, pathOf = (file) => file.moduleId) {
  const waits = (file) => WAITING.some((re) => re.test(pathOf(file)));
  return [...files.filter(waits), ...files.filter((file) => !waits(file))];
}
