// Every Vitest project runs this first: a console.error during a test fails that test (as in
// epic-stack), because an error that only reaches the console is one that no assertion saw. The
// message is still printed. A test that expects an error says so by mocking it and asserting it:
//   const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
//   …; expect(error).toHaveBeenCalledWith(…);
// (restoreMocks in vitest.config.ts puts the guard back after the test.)
import { format } from 'node:util';
import { afterAll, afterEach, expect } from 'vitest';

const logged: string[] = [];
const print = console.error.bind(console);

console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  print(...args);
};

afterEach(() => {
  expect(logged.splice(0), 'console.error during the test').toEqual([]);
});

// What a hook or a timer left after the last test fails the file.
afterAll(() => {
  expect(logged.splice(0), 'console.error outside any test').toEqual([]);
});
