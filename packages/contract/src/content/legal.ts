// The legal pages (docs/product/contact-and-faq.md "Legal pages") served from content/legal Markdown.
import { z } from '../shared/zod';

export const LEGAL_SLUGS = [
  'rules',
  'personalInformation',
  'generalConditions',
  'accessibility',
] as const;
export const legalSlugSchema = z.enum(LEGAL_SLUGS);
export type LegalSlug = z.infer<typeof legalSlugSchema>;

export const legalPageSchema = z.object({
  title: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      /** Safe HTML rendered on the server (raw HTML in the Markdown is escaped). */
      html: z.string(),
    }),
  ),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
