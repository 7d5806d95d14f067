// The one layout of a customer's e-mail in the brand skin: the status and new-document mails
// (docs/decisions/0081-statuses-from-the-broker.md) and the first-access invitation
// (docs/decisions/0075-first-access-invitation.md). The colours and the brand's name are read
// from the portal's stylesheet (platform/brand/brand-skins.ts), one table with inline styles
// (what mail clients render), no image, no script, no tracking. The HTML and the plain text
// carry the same words; every value is escaped. The skin reader (postcss) is loaded with the
// first mail, not at start (test/process/lazy-modules.test.ts).
import type { BrandKey } from '@espace/contract';
import { escapeHtml as e } from '../html/escape-html';

export interface BrandedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs; `quote` marks the broker's own words, shown set apart. */
  paragraphs: { text: string; quote?: boolean }[];
  /** The buttons, each followed in the text by its lead and its address. */
  links: { label: string; lead: string; href: string }[];
  /** The lines after the links, set in the muted colour (a link's validity, « ne répondez pas »). */
  footer: string[];
  signature: string;
}

/** Draws the mail `content(brandName)` gives, in `brand`'s skin. */
export async function brandedMail(
  brand: BrandKey,
  content: (brandName: string) => MailContent,
): Promise<BrandedMail> {
  const { pdfSkin } = await import('../brand/brand-skins');
  const skin = pdfSkin(brand);
  const c = content(skin.brand);
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p.quote ? `«\u00a0${p.text}\u00a0»` : p.text, '']),
    ...c.links.flatMap((link) => [link.lead, link.href, '']),
    ...c.footer.flatMap((line) => [line, '']),
    c.signature,
  ].join('\n');
  const paragraph = (content: string, color = skin.text) =>
    `<p style="margin:0 0 16px;color:${color};font-size:16px;line-height:1.5">${content}</p>`;
  const quote = (content: string) =>
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${skin.accent};color:${skin.text};font-size:16px;line-height:1.5;white-space:pre-line">${content}</blockquote>`;
  const button = (label: string, href: string) =>
    `<p style="margin:24px 0"><a href="${e(href)}" style="display:inline-block;background:${skin.accent};color:#ffffff;padding:12px 20px;border-radius:6px;font-size:16px;font-weight:bold;text-decoration:none">${e(label)}</a></p>`;
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto">
<tr><td style="background:${skin.primary};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${e(skin.brand)}</td></tr>
<tr><td style="padding:24px;border:1px solid ${skin.border};border-top:0">
${paragraph(e(c.greeting))}
${c.paragraphs.map((p) => (p.quote ? quote(e(p.text)) : paragraph(e(p.text)))).join('\n')}
${c.links.map((link) => button(link.label, link.href)).join('\n')}
${c.links.map((link) => paragraph(`${e(link.lead)} <a href="${e(link.href)}" style="color:${skin.accent};word-break:break-all">${e(link.href)}</a>`, skin.muted)).join('\n')}
${c.footer.map((line) => paragraph(e(line), skin.muted)).join('\n')}
${paragraph(e(c.signature))}
</td></tr>
</table>
</body>
</html>`;
  return { subject: c.subject, text, html };
}
