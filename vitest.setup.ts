// Every Vitest project runs this first: a console.error during a test fails that test (as in
// epic-stack), because an error that only reaches the console is one that no assertion saw. The
// message is still printed. A test that expects an error says so by mocking it and asserting it:
//   const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
//   …; expect(error).toHaveBeenCalledWith(…);
// (restoreMocks in vitest.config.ts puts the guard back after the test.)
import { format } from 'node:util';
import { afterAll, afterEach, expect } from 'vitest';

// Installed once per process: without isolation (the server project) this file runs again for
// every test file, and must not wrap console.error in itself again.
const GUARD = Symbol.for('espace.console-error-guard');
const scope = globalThis as typeof globalThis & { [GUARD]?: string[] };

function install(): string[] {
  const logged: string[] = [];
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    print(...args);
  };
  return logged;
}

const logged = (scope[GUARD] ??= install());

afterEach(() => {
  expect(logged.splice(0), 'console.error during the test').toEqual([]);
});

// What a hook or a timer left after the last test fails the file.
afterAll(() => {
  expect(logged.splice(0), 'console.error outside any test').toEqual([]);
});
