// What the collectors of « Mes données » share: instants as ISO 8601, raw SQL rows.
import type { sql } from 'kysely';
import type { Db } from '../../db/client';

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export async function rows<T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}
