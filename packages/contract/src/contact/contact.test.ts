import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET_HOURS } from '../console/console-work';
import {
  CONTACT_MESSAGES,
  CONTACT_TEXT_MAX,
  mailContactSchema,
  phoneContactSchema,
  phoneDigits,
} from './contact';

describe('phone numbers of a call-back request', () => {
  it.each([
    ['01 99 00 12 34', '0199001234'],
    ['+33 1 99 00 12 34', '33199001234'],
    ['(0)1.99.00.12.34', '0199001234'],
    ['+49-30-1234567', '49301234567'],
  ])('accepts %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
    expect(phoneContactSchema.safeParse({ phone: typed }).success).toBe(true);
  });

  it.each([
    '',
    '   ',
    '12345',
    'appelez-moi',
    '01 99 00 12 34 ext 5',
    '1'.repeat(21),
    '++33123456',
  ])('refuses %j with a French message', (typed) => {
    const result = phoneContactSchema.safeParse({ phone: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTACT_MESSAGES.phoneInvalid);
  });
});

describe('email messages', () => {
  it('trims the text and refuses an empty or over-long one', () => {
    expect(mailContactSchema.parse({ text: '  Bonjour  ' }).text).toBe('Bonjour');
    expect(mailContactSchema.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe(
      CONTACT_MESSAGES.textEmpty,
    );
    expect(
      mailContactSchema.safeParse({ text: 'a'.repeat(CONTACT_TEXT_MAX + 1) }).error?.issues[0]
        ?.message,
    ).toBe(CONTACT_MESSAGES.textTooLong);
    expect(mailContactSchema.safeParse({ text: 'a'.repeat(CONTACT_TEXT_MAX) }).success).toBe(true);
  });

  it('puts the phone number into the call-back success text of docs/product/contact-and-faq.md', () => {
    expect(CONTACT_MESSAGES.callbackSuccess('06 12 34 56 78')).toBe(
      'Merci pour votre demande\u00a0! Nous vous recontacterons sous 48h au numéro 06 12 34 56 78.',
    );
  });

  it('says the recontact promise of docs/product/contact-and-faq.md, the console’s target delay', () => {
    // « Recontact promise: within 48 h »; the e-mail request's success text, word for word.
    expect(CONTACT_MESSAGES.mailSuccess).toBe(
      'Merci de votre demande par courriel\u00a0! Nous vous recontacterons sous 48h.',
    );
    // The console waits for a call-back, a written message and a free conversation (the e-mail
    // request's target) as long as the portal promises.
    expect(CONTACT_MESSAGES.callbackSuccess('x')).toContain(
      `sous ${DEFAULT_TARGET_HOURS.call_back}h`,
    );
    expect(CONTACT_MESSAGES.mailSuccess).toContain(`sous ${DEFAULT_TARGET_HOURS.email_message}h`);
  });
});
