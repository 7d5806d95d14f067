import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAITING, waitingFirst } from './test-order.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_TESTS = path.join(ROOT, 'apps/server/test');

/** Every test file of the server project, as Vitest names them (absolute paths). */
function serverTestFiles() {
  return readdirSync(SERVER_TESTS, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the order Vitest starts test files in', () => {
  it('puts the waiting files first, each group in the order it was given', () => {
    const files = ['/r/test/routes/a.test.ts', '/r/test/process/b.test.ts', '/r/src/c.test.ts']
      .concat(['/r/test/http/slow-clients.test.ts', '/r/test/process/d.test.ts'])
      .map((moduleId) => ({ moduleId }));
    expect(waitingFirst(files).map((file) => file.moduleId)).toEqual([
      '/r/test/process/b.test.ts',
      '/r/test/http/slow-clients.test.ts',
      '/r/test/process/d.test.ts',
      '/r/test/routes/a.test.ts',
      '/r/src/c.test.ts',
    ]);
  });

  it('still names files that exist: a renamed slow upload or process folder is noticed', () => {
    const files = serverTestFiles();
    const waiting = files.filter((file) => WAITING.some((re) => re.test(file)));
    expect(waiting).toContain(path.join(SERVER_TESTS, 'http/slow-clients.test.ts'));
    // The process tests: every file of test/process/, and they are many.
    const processTests = files.filter((file) =>
      file.startsWith(path.join(SERVER_TESTS, 'process/')),
    );
    expect(processTests.length).toBeGreaterThan(10);
    expect([...waiting].sort()).toEqual(
      [path.join(SERVER_TESTS, 'http/slow-clients.test.ts'), ...processTests].sort(),
    );
  });
});
