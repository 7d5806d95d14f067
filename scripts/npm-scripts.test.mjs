// The README's fast-loop commands hand what follows `--` to the tool they run: `npm run test:e2e --
// -g '<title>'` must reach Playwright, not npm (which reads `-g` as « global » and refuses to run
// a workspace's script). Only listed, not run: the browser is not started.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

it('npm run test:e2e passes its flags to Playwright', () => {
  const run = spawnSync('npm', ['run', 'test:e2e', '--', '--list', '-g', 'faq\\.spec'], {
    cwd: ROOT,
    encoding: 'utf8',
    // Any executable stands in for Chromium: listing the tests never starts it.
    env: { ...process.env, CHROMIUM_PATH: process.execPath },
  });
  expect(run.stderr).not.toContain('npm error');
  expect(run.status).toBe(0);
  const listed = run.stdout.split('\n').filter((line) => line.includes(' › '));
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.every((line) => line.includes('faq.spec.ts'))).toBe(true);
  expect(run.stdout).toMatch(/Total: \d+ tests? in 1 file/);
}, 60_000);
