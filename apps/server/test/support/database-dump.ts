// A dump of a database's data as an attacker holding a copy would read it: every row of every
// table of the public schema as text (what pg_dump writes of them), for the tests of secrets at
// rest (docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../src/db/client';

export async function dumpRows(db: Db): Promise<string> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    parts.push(`-- ${name}`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** pg_dump's own dump of the data of the PostgreSQL database at `url`, or undefined without pg_dump. */
export async function pgDump(url: string): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The parts of a Standard Webhooks secret a dump could betray it by: its text, its bytes' base64. */
export function secretForms(secret: string): string[] {
  const body = secret.replace(/^whsec_/, '');
  const bytes = Buffer.from(body, 'base64');
  return [body, bytes.toString('base64url'), bytes.toString('hex')];
}
