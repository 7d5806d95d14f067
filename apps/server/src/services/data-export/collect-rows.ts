// What the collectors of « Mes données » share: instants as ISO 8601, raw SQL rows.
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/client';

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The rows of `query`, typed by the caller (the statement's columns, read as written). */
export async function rows<T>(db: Db, query: RawBuilder<unknown>): Promise<T[]> {
  return (await query.execute(db)).rows as T[];
}
