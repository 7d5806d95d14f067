// The first-access invitation mail (docs/decisions/0075-first-access-invitation.md): French, in
// the brand skin the link was asked from, drawn by the one layout of the customers' mails
// (platform/mail/branded-mail.ts: HTML and plain text with the same words, the link the only
// thing to click).
import { FIRST_ACCESS_TEXTS as T, type BrandKey } from '@espace/contract';
import { brandedMail, type BrandedMail } from '../../platform/mail/branded-mail';

export function invitationMail(options: {
  firstName: string;
  link: string;
  brand: BrandKey;
}): Promise<BrandedMail> {
  return brandedMail(options.brand, (name) => ({
    subject: T.mailSubject(name),
    greeting: T.mailGreeting(options.firstName.trim()),
    paragraphs: [{ text: T.mailIntro(name) }],
    links: [{ label: T.mailAction, lead: `${T.mailAction}\u00a0:`, href: options.link }],
    footer: [T.mailValidity, T.mailIgnore],
    signature: T.mailSignature(name),
  }));
}
