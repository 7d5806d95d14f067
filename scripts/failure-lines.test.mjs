// The lines `npm test` prints again at its end, read from what Vitest, Playwright and a static
// check really print when a test fails: a format change in either tool fails this test instead of
// leaving the end of a failed gate silent.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuiteFailures } from './failure-lines.mjs';
import { runParallel } from './run-parallel.mjs';

const root = path.resolve(import.meta.dirname, '..');
let dir;

// Inside the repository, so that the spec resolves @playwright/test from its node_modules.
beforeAll(async () => {
  const cache = path.join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(path.join(cache, 'failure-lines-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The environment of a nested run: none of this worker's own Vitest variables. */
const nestedEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));

/** Runs `node args…` in the repository; resolves to its exit code and its output, line by line. */
function node(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: nestedEnv() });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, lines: output.split('\n') }));
  });
}

/** What a suite that printed `lines` reports at the end of the gate. */
function report(lines) {
  const failures = new SuiteFailures();
  for (const line of lines) failures.add(line);
  return failures.report().join('\n');
}

const TESTS = `
  describe('le contrat', () => {
    test('se lit', () => expect(1).toBe(1));
    test('se résilie', () => expect('actif').toBe('résilié'));
  });
`;

describe('what npm test prints again at its end', () => {
  it("keeps Vitest's line for each failed test and its count of errors outside tests, not the passed tests", async () => {
    const project = path.join(dir, 'vitest');
    await mkdir(project);
    await writeFile(path.join(project, 'vitest.config.mjs'), 'export default {};\n');
    await writeFile(
      path.join(project, 'contrat.test.mjs'),
      `import { describe, expect, test } from 'vitest';\n${TESTS}`,
    );
    // An error raised outside any test fails the run without a failed test.
    await writeFile(
      path.join(project, 'hors-test.test.mjs'),
      `import { test } from 'vitest';\ntest('passe', () => void Promise.reject(new Error('x')));\n`,
    );
    const { code, lines } = await node([
      'node_modules/vitest/vitest.mjs',
      'run',
      '--root',
      project,
    ]);
    expect(code).toBe(1);
    const text = report(lines);
    expect(text).toMatch(/^FAIL +contrat\.test\.mjs > le contrat > se résilie$/m);
    expect(text).toMatch(/^Vitest caught 1 unhandled error during the test run\.$/m);
    expect(text).not.toContain('se lit');
  }, 120_000);

  it("keeps Playwright's line for each failed attempt, not the passed tests", async () => {
    const project = path.join(dir, 'playwright');
    await mkdir(project);
    await writeFile(
      path.join(project, 'playwright.config.mjs'),
      `export default { testDir: '.', outputDir: 'results', retries: 1, reporter: [['list']] };\n`,
    );
    await writeFile(
      path.join(project, 'contrat.spec.mjs'),
      `import { expect, test } from '@playwright/test';\nconst describe = (...args) => test.describe(...args);\n${TESTS}`,
    );
    const { code, lines } = await node([
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      path.join(project, 'playwright.config.mjs'),
    ]);
    expect(code).toBe(1);
    const failed = report(lines).split('\n');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatch(/^✘ .*contrat\.spec\.mjs:\d+:\d+ › le contrat › se résilie \(/);
    expect(failed[1]).toMatch(/› le contrat › se résilie \(retry #1\)/);
  }, 120_000);

  it("keeps a failed check's heading and what it printed, not the checks that passed", async () => {
    const failures = new SuiteFailures();
    const failed = await runParallel(
      [
        `node -e "console.log('formaté')"`,
        `node -e "console.log('contrat.ts: 3 erreurs'); process.exit(2)"`,
        `node -e "console.log('typé')"`,
      ],
      1,
      (text) => failures.addText(text),
    );
    expect(failed).toHaveLength(1);
    const text = failures.report().join('\n');
    expect(text).toMatch(/^> node -e .*contrat\.ts.* \(exit 2, .*\)\ncontrat\.ts: 3 erreurs$/);
    expect(text).not.toMatch(/formaté|typé/);
  }, 60_000);

  it('gives the last lines of a suite that failed without a failure line', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `ligne ${i + 1}`);
    const text = report([...lines, 'Error: le serveur de test ne démarre pas']);
    expect(text.split('\n')[0]).toBe('(no failure line: its last lines)');
    expect(text).toContain('ligne 40\nError: le serveur de test ne démarre pas');
    expect(text).not.toContain('ligne 20\n');
  });
});
