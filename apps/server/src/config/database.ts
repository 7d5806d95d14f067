// The database part of the configuration (config.ts): PostgreSQL at DATABASE_URL, or PGlite in
// DATA_DIR without it; DATABASE_OWNER_URL, the schema's owner, runs the migrations only, so that
// the server's own role owns no table and cannot alter the staff journal's triggers
// (docs/deployment.md « Database roles », docs/decisions/0139).
import { z } from 'zod';

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

export const databaseEnv = {
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_OWNER_URL: postgresUrl.optional(),
};

export interface DatabaseConfig {
  databaseUrl: string | undefined;
  /** The role that owns the schema and runs the migrations, when not DATABASE_URL's own. */
  databaseOwnerUrl: string | undefined;
}

export function databaseConfig(
  e: z.infer<z.ZodObject<typeof databaseEnv>>,
  problems: string[],
): DatabaseConfig {
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    problems.push('DATABASE_OWNER_URL: seulement avec DATABASE_URL (PGlite n’a qu’un rôle)');
  return { databaseUrl: e.DATABASE_URL, databaseOwnerUrl: e.DATABASE_OWNER_URL };
}
