// The FAQ (docs/product/contact-and-faq.md /faq paging): the query the client sends and what the server answers.
// Answers are HTML rendered on the server from Markdown with raw HTML disabled.
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';

export const FAQ_QUERY_MAX = 200;
export const FAQ_TEXTS = {
  title: 'FAQ',
  subtitle: 'Comment pouvons-nous vous aider\u00a0?',
  searchLabel: 'Rechercher dans la FAQ',
  allCategories: 'Toutes les catégories',
  showMore: 'Afficher plus',
  noResult: 'pas de résultat',
} as const;

export const faqSlugSchema = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Catégorie inconnue.');

export const faqQuerySchema = z.object({
  category: faqSlugSchema.optional(),
  q: safeString().trim().max(FAQ_QUERY_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type FaqQuery = z.input<typeof faqQuerySchema>;

export const faqCategorySchema = z.object({ slug: z.string(), title: z.string() });
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const faqEntrySchema = z.object({
  id: z.number().int(),
  category: z.string(),
  question: z.string(),
  /** Safe HTML: rendered from Markdown on the server, raw HTML in the source is escaped. */
  answerHtml: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqResponseSchema = z.object({
  categories: z.array(faqCategorySchema),
  entries: z.array(faqEntrySchema),
  /** Matches before paging (limit/offset). */
  total: z.number().int(),
});
export type FaqResponse = z.infer<typeof faqResponseSchema>;
