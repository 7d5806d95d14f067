// The first-access invitation mail (docs/decisions/0075-first-access-invitation.md): French, in
// the brand skin the link was asked from (colours and name read from the portal's stylesheet,
// as the PDFs do: platform/brand/brand-skins.ts), as HTML and as plain text with the same words.
// The HTML is one table with inline styles (what mail clients render); no image, no script,
// no tracking: the link is the only thing to click. The skin reader (postcss) is loaded with the
// first invitation, not at start (test/lazy-modules.test.ts).
import { FIRST_ACCESS_TEXTS as T, type BrandKey } from '@espace/contract';

export interface InvitationMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c]!);

export async function invitationMail(options: {
  firstName: string;
  link: string;
  brand: BrandKey;
}): Promise<InvitationMail> {
  const { pdfSkin } = await import('../../platform/brand/brand-skins');
  const skin = pdfSkin(options.brand);
  const name = skin.brand;
  const greeting = T.mailGreeting(options.firstName.trim() || '');
  const text = [
    greeting,
    '',
    T.mailIntro(name),
    '',
    `${T.mailAction}\u00a0:`,
    options.link,
    '',
    T.mailValidity,
    '',
    T.mailIgnore,
    '',
    T.mailSignature(name),
  ].join('\n');
  const e = escapeHtml;
  const paragraph = (content: string, color = skin.text) =>
    `<p style="margin:0 0 16px;color:${color};font-size:16px;line-height:1.5">${content}</p>`;
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(T.mailSubject(name))}</title></head>
<body style="margin:0;padding:0;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto">
<tr><td style="background:${skin.primary};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${e(name)}</td></tr>
<tr><td style="padding:24px;border:1px solid ${skin.border};border-top:0">
${paragraph(e(greeting))}
${paragraph(e(T.mailIntro(name)))}
<p style="margin:24px 0"><a href="${e(options.link)}" style="display:inline-block;background:${skin.accent};color:#ffffff;padding:12px 20px;border-radius:6px;font-size:16px;font-weight:bold;text-decoration:none">${e(T.mailAction)}</a></p>
${paragraph(`${e(T.mailValidity)}`, skin.muted)}
${paragraph(`<a href="${e(options.link)}" style="color:${skin.accent};word-break:break-all">${e(options.link)}</a>`, skin.muted)}
${paragraph(e(T.mailIgnore), skin.muted)}
${paragraph(e(T.mailSignature(name)))}
</td></tr>
</table>
</body>
</html>`;
  return { subject: T.mailSubject(name), text, html };
}
