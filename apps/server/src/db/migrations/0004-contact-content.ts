// Contact requests and editorial content (docs/decisions/0016-content-in-markdown.md and "outbox").
// - outbox: requests for the broker's back office (docs/product/contact-and-faq.md contact calls), mailed when SMTP is
//   configured; `sent_at` stays null until a mail has left.
// - content_sources: one row per Markdown file with its sha256, so only changed files reload.
// - faq_categories / faq_entries: the FAQ with a weighted French tsvector (question A, answer B)
//   filled on insert and a GIN index; legal_pages: the legal pages split into sections.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_unsent_idx').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('content_sources')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('faq_categories')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source_path', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('faq_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) =>
      c.notNull().references('faq_categories.slug').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer_md', 'text', (c) => c.notNull())
    .addColumn('answer_html', 'text', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_entries_search_idx')
    .on('faq_entries')
    .using('gin')
    .column('search')
    .execute();
  await db.schema
    .createIndex('faq_entries_category_idx')
    .on('faq_entries')
    .columns(['category', 'position'])
    .execute();

  await db.schema
    .createTable('legal_pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sections', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['legal_pages', 'faq_entries', 'faq_categories', 'content_sources', 'outbox'])
    await db.schema.dropTable(table).ifExists().execute();
}
