// Reads of the legal pages (docs/product/legal-and-cookies.md: site rules, terms of use, personal data, accessibility),
// loaded from content/legal by content-loader.ts. Enforces: an unknown slug is NotFoundError.
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';

export async function getLegalPage(db: Db, slug: string) {
  const page = await db
    .selectFrom('legal_pages')
    .select(['title', 'sections'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!page) throw new NotFoundError();
  return page;
}
