// The staff console end to end (docs/console.md): an agent enrols the second factor and signs
// in; processes a customer's call-back to « Traitée » with a message, which the customer (in a
// browser of their own) reads in 'Mes demandes' and receives by e-mail (a local SMTP server);
// asks for a missing document, which the customer finds owed on the documents screen; a
// supervisor finds those reads and actions in the audit log and its CSV; an agent has no
// Journal and its API refuses them; a customer's session does not open the console. Every
// screen axe-clean, no horizontal scroll at 320 px; screenshots at 375, 768 and 1280 px in both
// skins go to SCREENS_DIR when it is set (e2e/support/screens.ts).
import type { Browser, Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import { enrolAndSignIn, signInStaff, DEMO_STAFF } from '../support/console-staff';
import { DEMO, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import { startIntegrationPortal } from '../support/integration-portal';
import { onPortalOfTheFile } from '../support/own-portal';
import { referenceIn } from '../support/request-reference';
import { openChange, today, daysFrom, french } from './changes-helpers';
import { expectNoSidewaysScroll, screenshotSkins, CONSOLE_WIDTHS } from '../support/screens';

const POLICY = 'AU2025087731'; // Camille's Renault Clio V, Inès a secondary driver
const DONE_MESSAGE = 'Nous vous avons rappelé ce matin, votre question est réglée.';
const DOCUMENT = 'Relevé d’information';
/** A one-page PDF with a line of text, which the browser's viewer shows in the preview. */
const PDF = {
  name: 'attestation-employeur.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj',
      '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 420 200]/Contents 4 0 R',
      '/Resources<</Font<</F1 5 0 R>>>>>> endobj',
      '4 0 obj <</Length 52>> stream',
      'BT /F1 20 Tf 30 100 Td (Attestation employeur) Tj ET',
      'endstream endobj',
      '5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj',
      'trailer <</Root 1 0 R>>',
      '%%EOF',
    ].join('\n'),
  ),
};
/** A 1×1 PNG the server's sniffing accepts. */
const PNG = {
  name: 'photo-carte-grise.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

const test = onPortalOfTheFile(startIntegrationPortal);
test.use({ changesData: true });

/** The two references the customer sends, kept for the later tests (they run in order). */
const sent: { callBack?: string; removal?: string } = {};

/** Camille in a browser of her own, signed in on `path` unless the test signs her in itself. */
async function customer(browser: Browser, baseURL: string, path?: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  if (path) {
    await signIn(page, DEMO.camille, path);
    await refuseCookies(page);
  }
  return { context, page };
}

/** Opens a request from the inbox, as an agent finds it. */
async function openFromInbox(page: Page, reference: string) {
  await page.getByRole('link', { name: 'Demandes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
}

test('an agent enrols the second factor and signs in to the console', async ({ page }) => {
  await enrolAndSignIn(page, 'agent', async (step) => {
    await expectNoAxeViolations(page, `the sign-in's ${step} page`);
  });
  await expect(page).toHaveURL(/\/backoffice\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText([
    'Demandes',
    'Messages',
    'Réclamations',
    'Clients',
  ]);
  await expectNoAxeViolations(page, 'the inbox');
});

test('an agent processes a call-back to « Traitée »: the customer reads it and gets the e-mail', async ({
  page,
  browser,
  portal,
}) => {
  const camille = await customer(browser, portal.url, '/contact');
  const card = camille.page.getByRole('region', { name: 'Être rappelé(e)' });
  await card.getByLabel('Votre numéro de téléphone').fill('06 98 76 54 32');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  const reference = await referenceIn(camille.page.getByTestId('banner'));
  sent.callBack = reference;

  await signInStaff(page, 'agent');
  // Filters in the URL: the kind, open ones only, unassigned.
  await page.getByLabel('Genre').selectOption({ label: 'Demande de rappel' });
  await page.getByLabel('Attribuée à').selectOption({ label: 'Non attribuées' });
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/kind=call_back/);
  await expect(page).toHaveURL(/agent=none/);
  // The last results stay on screen, faded and marked busy, until the filtered ones arrive: axe
  // would measure the faded text's contrast.
  await expect(page.locator('.inbox-results')).toHaveAttribute('aria-busy', 'false');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Reçue');
  await expect(row).toContainText(/Dans les temps|Bientôt dû|En retard/);
  await expectNoAxeViolations(page, 'the filtered inbox');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'inbox', CONSOLE_WIDTHS);
  // The URL alone gives the same page.
  await page.reload();
  await expect(page.getByLabel('Genre')).toHaveValue('call_back');

  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Demande de rappel ${reference}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // What the customer asked, in the customer's own words of the detail.
  const asked = page.getByRole('region', { name: 'Ce que le client a demandé' });
  await expect(asked.getByRole('term')).toHaveText(['Numéro à rappeler']);
  await expect(asked.getByRole('definition')).toHaveText(['06 98 76 54 32']);
  await page.getByRole('button', { name: 'M’attribuer la demande' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/La demande est attribuée/);
  await expect(page.getByText(`Attribuée à ${DEMO_STAFF.agent.name}`)).toBeVisible();

  await page.getByLabel('Nouveau statut').selectOption({ label: 'Traitée' });
  await page.getByLabel('Message au client').fill(DONE_MESSAGE);
  await page.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/Statut changé\u00a0: Traitée/);
  await expect(page.getByTestId('feedback')).toBeFocused();
  await expect(page.getByText('Cette demande est close')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Historique' });
  await expect(timeline.getByRole('listitem').last()).toContainText(DONE_MESSAGE);
  await expectNoAxeViolations(page, 'a processed request');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'request', CONSOLE_WIDTHS);

  // The customer's side: 'Mes demandes', then the e-mail through the SMTP server.
  await camille.page.goto('/account/requests');
  const theirs = camille.page.getByRole('row').filter({ hasText: reference });
  await expect(theirs).toContainText('Traitée');
  await expect(theirs).toContainText(DONE_MESSAGE);
  const mail = () =>
    portal.mails.find((m) => m.data.includes(reference) && m.data.includes('Traitée'));
  await expect.poll(mail, { timeout: 30_000 }).toBeTruthy();
  expect(mail()!.to).toEqual([DEMO.camille]);
  expect(mail()!.data).toContain(DONE_MESSAGE);
  await camille.context.close();
});

test('an agent asks for a missing document: the customer finds it owed', async ({
  page,
  browser,
  portal,
}) => {
  const camille = await customer(browser, portal.url);
  await openChange(camille.page, POLICY, 'Retirer un conducteur');
  await camille.page
    .getByLabel('Conducteur du contrat à retirer')
    .selectOption({ label: 'Mme Inès Martin (né(e) le 21.03.2006)' });
  await camille.page
    .getByLabel('Quand voudriez-vous que cela prenne effet ?')
    .fill(french(daysFrom(today(), 3)));
  await camille.page.getByRole('button', { name: 'Retirer un conducteur' }).click();
  const reference = await referenceIn(camille.page.getByTestId('banner'));
  sent.removal = reference;

  await signInStaff(page, 'agent');
  await openFromInbox(page, reference);
  await page.getByLabel('Nouveau statut').selectOption({ label: 'En attente de pièces' });
  // The document's name is required with this status: said under its field.
  await page.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(page.getByLabel('Nom de la pièce')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Nom de la pièce').fill(DOCUMENT);
  await page
    .getByLabel('Message au client')
    .fill('Merci de nous envoyer votre relevé d’information.');
  await page.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/En attente de pièces/);
  await expectNoAxeViolations(page, 'a request awaiting a document');

  // The customer's file, read-only: the document owed on the contract.
  await page.getByRole('link', { name: /Camille Martin/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Camille Martin' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Documents à fournir/ })).toContainText(DOCUMENT);
  await expectNoAxeViolations(page, 'the customer’s file');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'customer', CONSOLE_WIDTHS);

  await camille.page.goto(`/account/requests/${reference}`);
  await expect(camille.page.locator('.request-status')).toContainText('En attente de pièces');
  await camille.page
    .locator('.request-status')
    .getByRole('link', { name: 'Documents à fournir' })
    .click();
  await expect(camille.page).toHaveURL(/\/documents\/1$/);
  await expect(camille.page.getByText(DOCUMENT).first()).toBeVisible();
  await camille.context.close();
});

test('an agent previews the PDF and the image a customer sent, and can download them', async ({
  page,
  browser,
  portal,
}) => {
  const camille = await customer(browser, portal.url, '/');
  const accountId = await camille.page
    .locator('meta[name="portal-account"]')
    .getAttribute('content');
  const upload = `/api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile`;
  const files = [PDF, PNG];
  for (const file of files) {
    const sentFile = await camille.page.request.post(upload, {
      headers: { 'x-espace-request': '1' },
      multipart: { fileType: 'autre', upfile: file },
    });
    expect(sentFile.status(), await sentFile.text()).toBe(201);
  }
  await camille.context.close();

  await signInStaff(page, 'agent', '/backoffice/?kind=documents');
  const sentRows = page
    .getByRole('row')
    .filter({ hasText: 'Camille Martin' })
    .filter({ hasText: 'Document envoyé' });
  await expect(sentRows).toHaveCount(2);
  const seen: string[] = [];
  for (const index of [0, 1]) {
    await page.goto('/backoffice/?kind=documents');
    await sentRows.nth(index).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Document envoyé');
    await expect(page.getByRole('heading', { level: 2, name: 'Fichiers (1)' })).toBeVisible();
    const file = (await page.getByText(PNG.name).count()) ? PNG : files[0]!;
    seen.push(file.name);
    const preview =
      file.mimeType === 'application/pdf'
        ? page.locator(`iframe[title="Aperçu de ${file.name}"]`)
        : page.getByRole('img', { name: `Aperçu de ${file.name}` });
    await expect(preview).toBeVisible();
    const link = page.getByRole('link', { name: `Télécharger ${file.name}` });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe(file.mimeType);
    expect(answer.headers()['content-disposition']).toMatch(/^inline/);
    await expectNoAxeViolations(page, `a request with ${file.name}`);
    await screenshotSkins(page, `files-${file === PNG ? 'image' : 'pdf'}`, CONSOLE_WIDTHS);
  }
  expect(seen.sort()).toEqual(files.map((f) => f.name).sort());
});

test('customer search finds a customer by plate and by name; the box follows back and forward', async ({
  page,
}) => {
  await signInStaff(page, 'agent', '/backoffice/clients');
  const box = page.getByLabel('Rechercher un client');
  await box.fill('Martin');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/q=Martin/);
  await expect(page.getByRole('row').filter({ hasText: 'Camille Martin' })).toBeVisible();
  await box.fill('gh-482-kl');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/q=gh-482-kl/);
  await expect(page.getByRole('row').filter({ hasText: 'GH-482-KL' })).toContainText(
    'Camille Martin',
  );
  // Back: the box says what the results are for, as the inbox's filters do; forward again.
  await page.goBack();
  await expect(page).toHaveURL(/q=Martin/);
  await expect(box).toHaveValue('Martin');
  await expect(page.getByRole('table')).toHaveAccessibleName(/pour «\s*Martin\s*»/);
  await page.goForward();
  await expect(box).toHaveValue('gh-482-kl');
  await expect(page.getByRole('table')).toHaveAccessibleName(/pour «\s*gh-482-kl\s*»/);
  // A search too short is refused under the box; back then shows the box as the URL has it.
  await box.fill('x');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(box).toHaveAccessibleDescription(/2 caractères/);
  await expect(page).toHaveURL(/q=gh-482-kl/);
  await page.goBack();
  await expect(box).toHaveValue('Martin');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'the customer search');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'customers', CONSOLE_WIDTHS);
});

test('a supervisor sees the reads and actions in the audit log, and exports it', async ({
  page,
}) => {
  await enrolAndSignIn(page, 'supervisor');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText([
    'Demandes',
    'Messages',
    'Réclamations',
    'Clients',
    'Tableau de bord',
    'Journal',
    'Équipe',
  ]);
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  const log = page.getByRole('table');
  for (const reference of [sent.callBack!, sent.removal!]) {
    const rows = log.getByRole('row').filter({ hasText: reference });
    // The member by name, their e-mail on hover.
    await expect(
      rows
        .filter({ hasText: 'Consultation d’une demande' })
        .first()
        .getByTitle(DEMO_STAFF.agent.email),
    ).toHaveText(DEMO_STAFF.agent.name);
    await expect(rows.filter({ hasText: 'Changement de statut' }).first()).toBeVisible();
  }
  await expect(
    log.getByRole('row').filter({ hasText: 'Attribution d’une demande' }).first(),
  ).toBeVisible();
  await expect(
    log.getByRole('row').filter({ hasText: 'Consultation d’un dossier client' }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the audit log');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'audit', CONSOLE_WIDTHS);

  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')) ?? '',
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(sent.callBack!);

  await nav.getByRole('link', { name: 'Équipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expectNoAxeViolations(page, 'the team');
  await screenshotSkins(page, 'team', CONSOLE_WIDTHS);
});

test('an agent has no Journal, the audit API refuses them, and they sign out', async ({ page }) => {
  await signInStaff(page, 'agent');
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Journal' }),
  ).toHaveCount(0);
  const refused = await page.request.get('/backoffice/api/audit');
  expect(refused.status()).toBe(403);
  expect((await page.request.get('/backoffice/api/audit.csv')).status()).toBe(403);
  // « Se déconnecter » ends the session: the console asks for the password again.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByLabel('Adresse e-mail professionnelle')).toBeVisible();
  expect((await page.request.get('/backoffice/api/me')).status()).toBe(401);
});

test('a customer’s session does not open the console', async ({ page }) => {
  await signIn(page, DEMO.camille);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/backoffice/');
  // The console's own sign-in, not the console.
  await expect(page.getByRole('heading', { level: 1, name: /Console du courtier/ })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail professionnelle')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  expect((await page.request.get('/backoffice/api/me')).status()).toBe(401);
});
