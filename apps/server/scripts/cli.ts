// What the server's commands (client.ts, staff.ts, import.ts) share: reading the command line
// (node:util parseArgs: positionals and the named options, an unknown option refused with the
// usage), the caller's folder as the working one, the configured database brought up to date,
// and the exit code of `main`.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../src/config/config';
import { migrate, type DatabaseHandle } from '../src/db/client';
import { allMigrationsApplied } from '../src/db/migrations-applied';
import { openConfiguredDatabase } from '../src/start-up';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A line of the command's output. */
export const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * The command line's positionals and options; an unknown option or one without its value
 * prints `usage` and exits 2, as a missing command does.
 */
export function readCommandLine<const O extends Options>(usage: string, options: O) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
  } catch {
    say(usage);
    process.exit(2);
  }
}

/**
 * npm runs the commands in apps/server: relative paths (a file, DATA_DIR) mean where the command
 * was typed, as for the server started by `npm start` from the repository's root.
 */
export function inCallersFolder(): void {
  process.chdir(process.env.INIT_CWD ?? process.cwd());
}

/** The configured database, its migrations applied when this build has new ones. */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openConfiguredDatabase(config);
  try {
    if (!(await allMigrationsApplied(database.db))) await migrate(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Runs `main` and exits with its code; an error is said on stderr, exit 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
