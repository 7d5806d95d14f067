// In production every line the server writes is a JSON log line (docs/operations.md « Logs »):
// what a library or the server's own start-up writes with `console` (the address banner,
// oidc-provider's notices and warnings, an error before the application exists) becomes a line
// of the server's log at the matching level, on the standard output with the others, instead of
// bare text a log collector cannot parse. server.ts routes the console here first thing when
// NODE_ENV=production; elsewhere the console stays as it is, for people reading a terminal.
import { format } from 'node:util';
import type { Logger as Pino } from 'pino';

type Level = 'info' | 'warn' | 'error' | 'debug';

const LEVELS: Record<'log' | 'info' | 'warn' | 'error' | 'debug' | 'trace', Level> = {
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
  debug: 'debug',
  trace: 'debug',
};

/** `console`'s writing methods, turned into `log`'s lines (an Error argument as `err`). */
export function routeConsoleToLog(log: Pino): void {
  for (const [method, level] of Object.entries(LEVELS) as [keyof typeof LEVELS, Level][]) {
    // eslint-disable-next-line no-console -- what is replaced is each of console's methods
    console[method] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const text = format(...args.filter((arg) => arg !== err));
      if (err) log[level]({ err }, text || err.message);
      else log[level](text);
    };
  }
}
