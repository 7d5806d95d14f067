// The invitation is drawn by the customers' one mail layout (platform/mail/branded-mail.ts):
// the brand's name and colour, the link as a button and in full, the same words in both parts,
// every value escaped.
import { FIRST_ACCESS_TEXTS as T } from '@espace/contract';
import { expect, it } from 'vitest';
import { escapeHtml } from '../../platform/html/escape-html';
import { invitationMail } from './invitation-mail';

it('says the same words as text and as HTML, in the brand skin, escaped', async () => {
  const link = 'https://portail.test/interaction/password/reset?token=abc&brand=vireo';
  const mail = await invitationMail({ firstName: ' Léa <b> ', link, brand: 'vireo' });
  expect(mail.subject).toBe(T.mailSubject('Vireo Assurance'));
  expect(mail.text.split('\n')).toEqual([
    'Bonjour Léa <b>,',
    '',
    T.mailIntro('Vireo Assurance'),
    '',
    `${T.mailAction}\u00a0:`,
    link,
    '',
    T.mailValidity,
    '',
    T.mailIgnore,
    '',
    T.mailSignature('Vireo Assurance'),
  ]);
  expect(mail.html).toContain('Bonjour Léa &lt;b&gt;,');
  expect(mail.html).not.toContain('<b>');
  expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  expect(mail.html).toContain('#24522f'); // Vireo's primary colour, from brands.css
  for (const words of [T.mailIntro('Vireo Assurance'), T.mailAction, T.mailValidity, T.mailIgnore])
    expect(mail.html).toContain(escapeHtml(words));
});
