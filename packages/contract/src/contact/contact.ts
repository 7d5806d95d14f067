// Contact requests (docs/product/contact-and-faq.md /contact contact calls texts). The browser does not enforce
// these rules (docs/product/contact-and-faq.md "Contact"); the server refuses empty or absurd values with these messages.
import { z } from '../shared/zod';
import { RECONTACT_PROMISE_HOURS } from '../shared/constants';
import { safeMultilineString, safeString } from '../shared/safe-text';

export const CONTACT_PHONE_DIGITS_MIN = 6;
export const CONTACT_PHONE_DIGITS_MAX = 20;
/** Raw input length, separators included: long enough for any real formatting of 20 digits. */
export const CONTACT_PHONE_MAX_LENGTH = 40;
export const CONTACT_TEXT_MAX = 2_000;

const NBSP = '\u00a0';
/** « sous 48h »: the recontact promise (RECONTACT_PROMISE_HOURS), as the portal writes it. */
export const RECONTACT_PROMISE = `sous ${RECONTACT_PROMISE_HOURS}h`;

export const CONTACT_MESSAGES = {
  callbackSuccess: (phone: string) =>
    `Merci pour votre demande${NBSP}! Nous vous recontacterons ${RECONTACT_PROMISE} au numéro ${phone}.`,
  callbackError: 'Malheureusement, une erreur s’est produite lors de votre demande de rappel.',
  mailSuccess: `Merci de votre demande par courriel${NBSP}! Nous vous recontacterons ${RECONTACT_PROMISE}.`,
  /** The written message of /contact opened a conversation of the « Messagerie »: says so. */
  messageStarted: `Votre message ouvre une conversation dans votre «${NBSP}Messagerie${NBSP}»${NBSP}: notre réponse vous y attendra.`,
  /** The success banner's link to that conversation. */
  messageStartedLink: 'Ouvrir la conversation',
  mailError: 'Malheureusement, une erreur s’est produite lors de votre demande pour un courriel',
  phoneInvalid:
    'Veuillez saisir un numéro de téléphone valide (6 à 20 chiffres, indicatif international accepté).',
  textEmpty: 'Veuillez saisir votre message.',
  textTooLong: `Votre message ne doit pas dépasser ${CONTACT_TEXT_MAX} caractères.`,
} as const;

/** Separators people type in a phone number: spaces, dots, dashes, parentheses. */
const PHONE_SEPARATORS = /[\s.\-()]/g;

/** The digits of a typed phone number, or undefined when it is not a plausible number. */
export function phoneDigits(typed: string): string | undefined {
  const compact = typed.trim().replace(PHONE_SEPARATORS, '').replace(/^\+/, '');
  if (!/^\d+$/.test(compact)) return undefined;
  if (compact.length < CONTACT_PHONE_DIGITS_MIN || compact.length > CONTACT_PHONE_DIGITS_MAX)
    return undefined;
  // '000000' has the length of a number but reaches no one.
  if (/^0+$/.test(compact)) return undefined;
  return compact;
}

export const phoneContactSchema = z.object({
  phone: safeString()
    .trim()
    .max(CONTACT_PHONE_MAX_LENGTH, CONTACT_MESSAGES.phoneInvalid)
    .refine((v) => phoneDigits(v) !== undefined, CONTACT_MESSAGES.phoneInvalid),
});
export type PhoneContactRequest = z.infer<typeof phoneContactSchema>;

/**
 * docs/product/contact-and-faq.md sends {text, email}; the email is taken from the signed-in identity on the server,
 * so a body email is accepted for compatibility and ignored.
 */
export const mailContactSchema = z.object({
  text: safeMultilineString()
    .trim()
    .min(1, CONTACT_MESSAGES.textEmpty)
    .max(CONTACT_TEXT_MAX, CONTACT_MESSAGES.textTooLong),
  email: safeString().max(320).optional(),
});
export type MailContactRequest = z.infer<typeof mailContactSchema>;

/** Outbox message types written for customer service. */
export const OUTBOX_TYPES = {
  phoneContact: 'contact.phone',
  mailContact: 'contact.mail',
  /** The customer deleted their online account: the back office erases what it holds for it. */
  accountErasure: 'account.erasure',
  /** The personal address changed at once; the back office updates its own records. */
  personalAddress: 'address.personal',
} as const;
