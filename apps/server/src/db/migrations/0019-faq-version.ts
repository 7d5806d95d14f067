// A version of the FAQ, so that the FAQ read (services/faq.ts) can answer a search it
// answered before while the FAQ has not changed since, whichever instance or program changed it.
// Every statement that writes the categories or the entries (the content loader at start, or
// anyone by hand) draws the next version, by a statement-level trigger in the database.
import { sql, type Kysely } from 'kysely';

/** The tables the FAQ read selects from. */
export const FAQ_TABLES = ['faq_categories', 'faq_entries'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('faq_version')
    // One row: the key can only be true.
    .addColumn('one', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`one`),
    )
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into faq_version (one, version) values (true, 1)`.execute(db);
  await sql`
    create function faq_changed() returns trigger language plpgsql as $$
    begin
      update faq_version set version = version + 1;
      return null;
    end
    $$`.execute(db);
  for (const table of FAQ_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_faq_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function faq_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of FAQ_TABLES)
    await sql`drop trigger if exists ${sql.id(`${table}_faq_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  await sql`drop function if exists faq_changed()`.execute(db);
  await db.schema.dropTable('faq_version').ifExists().execute();
}
