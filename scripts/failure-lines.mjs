// What each suite of `npm test` said failed, printed again at its very end. The three suites run
// side by side for a quarter of an hour, their output interleaved, and a failure is reported
// where it happened: minutes of other output later, a log read from its end (a CI page, a
// terminal's scroll-back) no longer shows it. Kept per suite:
//   - Vitest's summary lines, one per failed test or test file (` FAIL  server test/… > …`), and
//     its count of errors raised outside any test;
//   - Playwright's line for each failed attempt (`✘  12 specs/….spec.ts:3:1 › …`);
//   - a failed static check's heading (`> eslint … (exit 1, …)`, run-parallel.mjs) and what it
//     printed;
// and, for a suite that failed with none of those (a crash, a set-up that threw), its last lines.
import { stripVTControlCharacters } from 'node:util';

const TEST_FAILURE = [
  /^\s*FAIL\s/,
  /^\s*✘\s/,
  /Vitest caught \d+ unhandled errors?/,
  /^\s*Error: No tests found/,
];
const CHECK_HEADING = /^> /;
const CHECK_FAILED = /^> .* \(exit \d+/;

/** Lines kept of a failed check's output, and of a suite's end. */
const CHECK_LINES = 30;
const TAIL_LINES = 15;
/** At most this many failure lines per suite: a suite where everything failed says so in fewer. */
const MOST = 40;

export class SuiteFailures {
  #failures = [];
  #tail = [];
  #checkLinesLeft = 0;
  #dropped = 0;

  /** Takes one line of the suite's output, colours and all. */
  add(raw) {
    const line = stripVTControlCharacters(raw).trimEnd();
    this.#tail.push(line);
    if (this.#tail.length > TAIL_LINES) this.#tail.shift();
    if (CHECK_HEADING.test(line)) this.#checkLinesLeft = 0;
    if (CHECK_FAILED.test(line)) {
      this.#keep(line);
      this.#checkLinesLeft = CHECK_LINES;
    } else if (this.#checkLinesLeft > 0) {
      this.#checkLinesLeft -= 1;
      this.#keep(line);
    } else if (TEST_FAILURE.some((pattern) => pattern.test(line))) this.#keep(line.trim());
  }

  /** Takes output as it was written, several lines at once (a check's, run-parallel.mjs). */
  addText(text) {
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) this.add(line);
  }

  #keep(line) {
    if (this.#failures.length < MOST) this.#failures.push(line);
    else this.#dropped += 1;
  }

  /** What to print once the suite has failed: its failure lines, else its last lines. */
  report() {
    if (this.#failures.length === 0) return ['(no failure line: its last lines)', ...this.#tail];
    const more = this.#dropped ? [`… and ${this.#dropped} more lines above`] : [];
    return [...this.#failures, ...more];
  }
}
