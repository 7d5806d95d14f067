// The « Messagerie » from end to end (docs/product/messages.md, docs/console.md « Messages »):
// Léa, who never wrote, reads the empty « Messagerie »; Camille asks for a call-back, then writes
// to the broker from that request's page with a photo (a file of the wrong type refused in French
// first), leaves in the middle of her message and finds it again (the draft kept on the server):
// her text and photo are one message, which the broker sees as one unread message; an agent reads
// it in the console's « Messages » (and beside the request) and answers with a file; Camille sees
// the unread count in the navigation, reads the answer, sees « Lu le … » under her own messages,
// and replies; the e-mail that tells her carries nothing of the message. « Faire une
// réclamation » under a conversation, answered or not. The contact page leads to a new message on
// a subject. Every screen axe-clean, no sideways scroll at 320 px; screenshots when SCREENS_DIR is
// set.
import type { Browser } from '@playwright/test';
import { DEMO_STAFF, signInStaff } from '../support/console-staff';
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import { integrationTest as test } from '../support/own-portal';
import { askCallBack } from '../support/request-reference';
import {
  CONSOLE_WIDTHS,
  expectNoSidewaysScroll,
  PORTAL_WIDTHS,
  screenshotSkins,
} from '../support/screens';

/** A 1×1 PNG the server's sniffing accepts. */
const PHOTO = {
  name: 'photo-pare-choc.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') };
const FIRST = 'Bonjour, voici la photo du pare-choc abîmé pour ma demande.';
const ANSWER = 'Merci Camille, le garage Dupuis peut vous recevoir jeudi à 14 h.';
const REPLY = 'Parfait, jeudi me convient.';
/** The agent's file: the garage's map. */
const MAP = { ...PHOTO, name: 'plan-garage-dupuis.png' };

test.use({ changesData: true });
test.describe.configure({ mode: 'serial' });

/** The call-back Camille asked for, written about (the later tests run in order). */
const state: { reference?: string; conversationUrl?: string } = {};

async function camilleIn(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  await signIn(page, DEMO.camille, path);
  await refuseCookies(page);
  return { context, page };
}

test('Léa, who never wrote to her broker, reads the empty « Messagerie »', async ({ page }) => {
  await signIn(page, DEMO.lea, '/messages');
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  await expect(
    page.getByText(
      'Vous n’avez pas encore écrit à votre courtier. Commencez par « Nouveau message ».',
    ),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vos conversations' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the empty « Messagerie »');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-empty', PORTAL_WIDTHS);
});

test('Camille writes to the broker from a request, with a photo; her draft is kept', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  const reference = await askCallBack(page, '06 98 76 54 32');
  state.reference = reference;

  // The contact page's written card has its message field.
  const written = page.getByRole('region', { name: 'Par écrit' });
  await expect(written.getByLabel('Votre message')).toBeVisible();
  await expectNoAxeViolations(page, 'the contact page');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-contact', PORTAL_WIDTHS);

  await page.goto(`/account/requests/${reference}`);
  await page.getByRole('link', { name: 'Écrire au courtier' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Écrire au courtier' })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await page.getByLabel('Votre message').fill('Bonjour, voici la photo');
  await expect(page.getByTestId('draft-status')).toHaveText(/Brouillon enregistré à/);

  // She leaves, and comes back: her text is there.
  await page.goto('/');
  await page.goto(`/account/requests/${reference}`);
  await page.getByRole('link', { name: 'Écrire au courtier' }).click();
  await expect(page.getByLabel('Votre message')).toHaveValue('Bonjour, voici la photo');
  await expect(page.getByTestId('draft-status')).toHaveText('Votre brouillon a été retrouvé.');

  // A file of another type is refused in French, before anything is sent.
  await page.getByLabel('Joindre un fichier').setInputFiles(NOTES);
  await expect(page.getByTestId('refused-file')).toContainText(
    'notes.txt\u00a0: Format de fichier non valide',
  );
  await page.getByLabel('Votre message').fill(FIRST);
  await page.getByLabel('Joindre un fichier').setInputFiles(PHOTO);
  await expect(page.getByText(`Fichier joint\u00a0: ${PHOTO.name}`)).toBeVisible();
  await expectNoAxeViolations(page, 'a new message about a request');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-new', PORTAL_WIDTHS);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();

  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  state.conversationUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  // Her text and her photo are one message.
  const messages = page.getByRole('list', { name: 'Les messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.nth(0)).toContainText(FIRST);
  await expect(
    messages.nth(0).getByRole('link', { name: `Télécharger ${PHOTO.name}` }),
  ).toBeVisible();
  await expect(messages.nth(0)).toContainText('Pas encore lu');
  // No answer yet: the complaint is offered in words that fit.
  await expect(page.locator('.conversation__complaint')).toHaveText(
    'Notre réponse se fait attendre ou ne vous satisfait pas ? Faire une réclamation',
  );
  await expect(page.getByRole('link', { name: 'Faire une réclamation' })).toHaveAttribute(
    'href',
    `/complaint?conversation=${state.conversationUrl!.split('/').at(-1)}`,
  );
  await expectNoAxeViolations(page, 'a conversation without an answer');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-conversation-sent', PORTAL_WIDTHS);

  // Sent: the draft is forgotten.
  await page.goto(`/messages/nouveau?demande=${reference}`);
  await expect(page.getByLabel('Votre message')).toHaveValue('');
});

test('an agent reads it in « Messages » and beside the request, and answers', async ({ page }) => {
  const reference = state.reference!;
  await signInStaff(page, 'agent');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Camille Martin');
  await expect(row).toContainText('Dans les temps');
  // One message waiting, her text with its photo; a call-back's target: the portal's « sous 48h ».
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.locator('.age__hours')).toContainText('/ 2\u00a0j');
  await expectNoAxeViolations(page, 'the console’s messages inbox');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-messages', CONSOLE_WIDTHS);

  // Beside the request it belongs to.
  await page.goto(`/backoffice/demandes/${reference}`);
  const beside = page.getByRole('region', { name: 'Messages du client' });
  await expect(beside).toContainText(FIRST);
  await expect(beside.getByRole('link', { name: PHOTO.name })).toBeVisible();

  await beside.getByRole('link', { name: 'Ouvrir la conversation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  await page.getByRole('button', { name: 'M’attribuer la conversation' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/La conversation est attribuée/);
  await page.getByLabel('Votre réponse').fill(ANSWER);
  await page.getByLabel('Joindre un fichier (facultatif)').setInputFiles(MAP);
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/Réponse envoyée/);
  const thread = page.getByRole('list', { name: /^Messages de / });
  await expect(thread.getByRole('listitem').last()).toContainText(DEMO_STAFF.agent.name);
  await expect(
    thread.getByRole('listitem').last().getByRole('link', { name: MAP.name }),
  ).toBeVisible();
  await expect(page.getByLabel('Joindre un fichier (facultatif)')).toHaveValue('');
  await expect(thread.getByRole('listitem').last()).toContainText('Pas encore lu par le client');
  await expectNoAxeViolations(page, 'a conversation in the console');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-conversation', CONSOLE_WIDTHS);
});

test('Camille sees the unread count, reads the answer and replies; the mail says nothing of it', async ({
  browser,
  portal,
}) => {
  const { context, page } = await camilleIn(browser, portal.url, '/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  const messagerie = nav.getByRole('link', { name: /^Messagerie/ });
  await expect(messagerie).toHaveAccessibleName('Messagerie (1 message non lu)');
  await expect(page.getByTestId('messages-unread')).toContainText('1');
  await screenshotSkins(page, 'messages-nav-unread', PORTAL_WIDTHS);

  await messagerie.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: state.reference! });
  await expect(item).toContainText('1 message non lu');
  await expectNoAxeViolations(page, 'the conversations');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-list', PORTAL_WIDTHS);

  await item.getByRole('link').click();
  const messages = page.getByRole('list', { name: 'Les messages' }).getByRole('listitem');
  await expect(messages.last()).toContainText(ANSWER);
  await expect(messages.last()).toContainText('Votre courtier');
  await expect(messages.last().getByRole('link', { name: new RegExp(MAP.name) })).toBeVisible();
  // The agent read hers: « Lu le … » under her own messages.
  await expect(messages.first()).toContainText(/Lu le \d{2}\.\d{2}\.\d{4} à \d{2}:\d{2}/);
  // Read: the count goes.
  await expect(page.getByTestId('messages-unread')).toHaveCount(0);

  await page.getByLabel('Votre message').fill(REPLY);
  await page.getByRole('button', { name: 'Répondre' }).click();
  await expect(messages).toHaveCount(3);
  await expect(messages.last()).toContainText(REPLY);
  await expect(page.getByLabel('Votre message')).toHaveValue('');
  await expectNoAxeViolations(page, 'a conversation');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'messages-conversation', PORTAL_WIDTHS);

  // The mail: a message is waiting, a link to it, none of its words.
  const mail = () =>
    portal.mails.find(
      (m) => m.to.includes(DEMO.camille) && m.data.includes('Votre courtier vous a écrit'),
    );
  await expect.poll(mail, { timeout: 30_000 }).toBeTruthy();
  const body = mail()!.data;
  expect(body).toContain(state.conversationUrl!);
  expect(body).not.toContain('garage Dupuis');
  expect(body).not.toContain('jeudi');
  expect(body).not.toContain(state.reference!);
  await context.close();
});

test('the contact page opens a new message on the subject chosen; no subject is refused', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  await page
    .getByRole('region', { name: 'Par écrit' })
    .getByRole('link', { name: 'Choisir un sujet ou joindre un fichier' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau message' })).toBeVisible();
  await page.getByLabel('Votre message').fill('Quand arrive mon avis d’échéance ?');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByLabel('Sujet')).toBeFocused();
  await expect(
    page.getByText('Choisissez un sujet, ou écrivez depuis la demande concernée.'),
  ).toBeVisible();
  await page.getByLabel('Sujet').selectOption({ label: 'Cotisations et paiements' });
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cotisations et paiements' }),
  ).toBeVisible();
});

test('the journal names what each conversation entry is about: its request, never its id', async ({
  page,
}) => {
  const reference = state.reference!;
  await signInStaff(page, 'supervisor', '/backoffice/journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  const about = `Conversation «\u00a0Demande de rappel – ${reference}\u00a0»`;
  const log = page.getByRole('table');
  for (const action of [
    'Consultation d’une conversation',
    'Attribution d’une conversation',
    'Réponse à un client dans la messagerie',
  ])
    await expect(
      log.getByRole('row').filter({ hasText: action }).first().getByRole('cell').nth(3),
    ).toHaveText(about);
  // No conversation's id (a UUID) on the screen.
  await expect(log).not.toContainText(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
  );
  await expectNoAxeViolations(page, 'the journal with conversation entries');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'audit-conversations', CONSOLE_WIDTHS);
});
