// The console a broker's team works in all day (docs/console.md): an agent finds Camille's
// requests by reference, by name and by plate typed without dashes (the search in the address,
// kept on reload); carries out a driver change and a bank-details change from what the page
// shows (the licence number, the new IBAN revealed on demand); validates one of Camille's
// documents and declares another « Non conforme » with a reason, which Camille reads in her
// portal and receives by e-mail (a local SMTP server); a supervisor reads who did what by name in
// the journal (the agent's search, the IBAN revealed, the documents checked, « Reçue → En cours
// de traitement ») and the dashboard with its chart and figures. Every screen axe-clean, no
// sideways scroll at 320 px; screenshots at 375, 768 and 1280 px when SCREENS_DIR is set.
import type { Browser, Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import { DEMO_STAFF, enrolAndSignIn, signInStaff } from '../support/console-staff';
import { DEMO, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import { startIntegrationPortal } from '../support/integration-portal';
import { onPortalOfTheFile } from '../support/own-portal';
import { CONSOLE_WIDTHS, expectNoSidewaysScroll, screenshotSkins } from '../support/screens';
import { daysFrom, today } from './changes-helpers';

const PEUGEOT = 'AU2026104512'; // GH-482-KL: « Permis de conduire » owed, « Carte grise » sent
const CLIO = 'AU2025087731'; // its bank details change
const NEW_IBAN = 'FR7630004000031234567890143';
const REASON = 'La carte grise est illisible : envoyez une photo nette, recto et verso.';
const MOVED = 'Nous ajoutons Hugo à votre contrat dès demain.';
const PDF = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF',
  ),
});

const test = onPortalOfTheFile(startIntegrationPortal);
test.use({ changesData: true });

/** What Camille sent, kept for the later tests (they run in order). */
const sent: { driver?: string; payment?: string } = {};

/** Camille in a browser of her own, signed in, and her own API calls (the portal's headers). */
async function camille(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  await signIn(page, DEMO.camille, '/');
  await refuseCookies(page);
  const accountId = await page.locator('meta[name="portal-account"]').getAttribute('content');
  const base = `/api/v1/policy/accounts/${accountId}`;
  const headers = { 'x-espace-request': '1' };
  return { context, page, accountId: accountId!, base, headers };
}

async function search(page: Page, q: string) {
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname.endsWith('/api/requests') &&
      new URL(r.url()).searchParams.get('q') === q,
  );
  await page.getByLabel('Rechercher une demande').fill(q);
  await page.getByRole('button', { name: 'Rechercher et filtrer' }).click();
  await expect(page).toHaveURL(
    new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, '(\\+|%20)')}`),
  );
  // The last results stay on screen, marked busy, until this search's arrive: busy or not, the
  // page shows the last ones until its answer is in.
  await answered;
  await expect(page.locator('.inbox-results')).toHaveAttribute('aria-busy', 'false');
}

const inboxRows = (page: Page) => page.getByRole('table').getByRole('rowheader');
const inboxRefs = (page: Page) => inboxRows(page).allInnerTexts();

test('an agent finds Camille’s requests by reference, by name and by plate without dashes', async ({
  page,
  browser,
  portal,
}) => {
  const customer = await camille(browser, portal.url);
  const driver = await customer.page.request.post(`${customer.base}/${PEUGEOT}/driver`, {
    headers: customer.headers,
    data: {
      salutation: 'Mr',
      firstName: 'Hugo',
      lastName: 'Martin',
      birthDate: '2003-05-17',
      bonus: '1',
      relationToCustomer: 'Enfant',
      driverLicenseNr: '22AB51234',
      driverLicensePermDate: '2022-06-30',
      effectiveDate: daysFrom(today(), 2),
    },
  });
  expect(driver.status(), await driver.text()).toBe(200);
  sent.driver = ((await driver.json()) as { reference: string }).reference;
  const policies = (await (await customer.page.request.get(customer.base)).json()) as {
    policyNumber: string;
    paymentDetails: { id: string; paymentMethod: string } | null;
  }[];
  const clio = policies.find((p) => p.policyNumber === CLIO)!.paymentDetails!;
  const payment = await customer.page.request.put(`${customer.base}/${CLIO}/payment-details`, {
    headers: customer.headers,
    data: {
      id: clio.id,
      paymentMethod: clio.paymentMethod,
      bankAccount: { iban: NEW_IBAN, ownerName: 'Mme Camille Martin', changeHolder: false },
    },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  sent.payment = ((await payment.json()) as { reference: string }).reference;
  await customer.context.close();

  await enrolAndSignIn(page, 'agent');
  await search(page, sent.driver);
  await expect(inboxRows(page)).toHaveText([sent.driver]);
  await expectNoAxeViolations(page, 'the inbox searched by reference');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'inbox-search', CONSOLE_WIDTHS);
  // The address keeps the search (the rows are waited for: they arrive after the field is filled).
  await page.reload();
  await expect(page.getByLabel('Rechercher une demande')).toHaveValue(sent.driver);
  await expect(inboxRows(page)).toHaveText([sent.driver]);

  await search(page, 'camille martin');
  await expect(page.getByRole('rowheader', { name: sent.payment })).toBeVisible();
  expect(await inboxRefs(page)).toEqual(expect.arrayContaining([sent.driver, sent.payment]));
  await search(page, 'gh482kl');
  await expect(page.getByRole('rowheader', { name: sent.driver })).toBeVisible();
  expect(await inboxRefs(page)).not.toContain(sent.payment);

  // The customers' search leads from a reference to its request.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await page.getByLabel('Rechercher un client').fill(sent.payment.toLowerCase());
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('link', { name: `Ouvrir la demande ${sent.payment}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(sent.payment);
});

test('an agent carries out a driver change and a bank-details change from what the page shows', async ({
  page,
}) => {
  await signInStaff(page, 'agent', `/backoffice/demandes/${sent.driver}`);
  const asked = page.getByRole('region', { name: 'Ce que le client a demandé' });
  await expect(asked.getByRole('definition').filter({ hasText: '22AB51234' })).toBeVisible();
  await expect(asked).toContainText('M. Hugo Martin');
  await expect(asked).toContainText('30.06.2022');
  await page.getByLabel('Nouveau statut').selectOption({ label: 'En cours de traitement' });
  await page.getByLabel('Message au client').fill(MOVED);
  await page.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/En cours de traitement/);
  const history = page.getByRole('list', { name: 'Historique' });
  await expect(history.getByRole('listitem').last()).toContainText(
    `${DEMO_STAFF.agent.name} a passé la demande en cours de traitement.`,
  );
  await expect(history.getByRole('listitem').last()).toContainText(MOVED);
  await expectNoAxeViolations(page, 'a driver change');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'request-driver', CONSOLE_WIDTHS);

  await page.goto(`/backoffice/demandes/${sent.payment}`);
  const bank = page.getByRole('region', { name: 'Ce que le client a demandé' });
  await expect(bank).toContainText('FR•• •••• •••• •••• •••• •••0 143');
  await expect(bank).not.toContainText('FR76 3000 4000');
  await expect(bank).toContainText('Mme Camille Martin');
  await bank.getByRole('button', { name: 'Afficher l’IBAN complet' }).click();
  await expect(bank).toContainText('FR76 3000 4000 0312 3456 7890 143');
  await expect(bank).toContainText('Affichage enregistré dans le journal.');
  await expectNoAxeViolations(page, 'a bank-details change, IBAN revealed');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'request-iban', CONSOLE_WIDTHS);
});

test('an agent validates one document and refuses another: Camille reads both and is mailed', async ({
  page,
  browser,
  portal,
}) => {
  const customer = await camille(browser, portal.url);
  const upload = `/api/v1/document/accounts/${customer.accountId}/policy/${PEUGEOT}/uploadfile`;
  for (const name of ['permis-recto.pdf', 'permis-verso.pdf']) {
    const answer = await customer.page.request.post(upload, {
      headers: customer.headers,
      multipart: { fileType: 'permis', upfile: PDF(name) },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }

  await signInStaff(page, 'agent', '/backoffice/clients/CLI-00100231');
  const owed = page.getByRole('region', { name: /Documents à fournir/ });
  const permis = owed
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Permis de conduire — AU2026104512/ }) });
  await expect(permis.getByRole('link', { name: 'Ouvrir permis-recto.pdf' })).toBeVisible();
  await expectNoAxeViolations(page, 'the customer’s documents to check');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'customer-documents', CONSOLE_WIDTHS);
  await permis.getByRole('button', { name: 'Valider le document' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(
    /«\u00a0Permis de conduire\u00a0» est validé/,
  );
  await expect(permis).toContainText(`par ${DEMO_STAFF.agent.name}`);

  const carte = owed
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Carte grise — AU2026104512/ }) });
  await carte.getByRole('button', { name: 'Déclarer non conforme' }).click();
  await expect(carte.getByLabel('Motif de non-conformité')).toHaveAttribute('aria-invalid', 'true');
  await carte.getByLabel('Motif de non-conformité').fill(REASON);
  await carte.getByRole('button', { name: 'Déclarer non conforme' }).click();
  await expect(page.getByTestId('feedback')).toHaveText(/non conforme/);
  await expect(carte).toContainText(`Motif\u00a0: ${REASON}`);

  // Camille's documents screen, at once; and her two e-mails.
  await customer.page.goto('/documents/1');
  const card = customer.page.getByTestId('provide-card').filter({ hasText: 'GH-482-KL' });
  await expect(card.getByRole('listitem').filter({ hasText: 'Permis de conduire' })).toContainText(
    'Validé',
  );
  const refused = card.getByRole('listitem').filter({ hasText: 'Carte grise' });
  await expect(refused).toContainText('Non conforme');
  await expect(refused).toContainText(REASON);
  const mailed = (words: string) => () =>
    portal.mails.find((m) => m.to.includes(DEMO.camille) && m.data.includes(words));
  await expect.poll(mailed('de votre contrat AU2026104512'), { timeout: 30_000 }).toBeTruthy();
  await expect.poll(mailed('il est validé'), { timeout: 30_000 }).toBeTruthy();
  await expect.poll(mailed('illisible'), { timeout: 30_000 }).toBeTruthy();
  await customer.context.close();
});

test('a supervisor reads who did what in the journal, and the dashboard', async ({ page }) => {
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
  await nav.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Demandes reçues, closes et en retard par semaine/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: /dernières semaines, en chiffres/ }).getByRole('row'),
  ).toHaveCount(9);
  const kinds = page.getByRole('region', { name: 'Demandes ouvertes par genre' });
  await expect(kinds.getByRole('rowheader', { name: 'Ajout d’un conducteur' })).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'dashboard', CONSOLE_WIDTHS);

  await nav.getByRole('link', { name: 'Journal' }).click();
  await page.getByLabel('Membre de l’équipe').selectOption({ label: DEMO_STAFF.agent.name });
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/staff=/);
  const log = page.getByRole('table');
  const row = (action: string) => log.getByRole('row').filter({ hasText: action }).first();
  await expect(row('Affichage d’un IBAN complet')).toContainText(sent.payment!);
  await expect(row('Affichage d’un IBAN complet').getByTitle(DEMO_STAFF.agent.email)).toHaveText(
    DEMO_STAFF.agent.name,
  );
  await expect(row('Vérification d’un document envoyé')).toContainText(
    `Non conforme\u00a0: «\u00a0${REASON}\u00a0»`,
  );
  await expect(row('Changement de statut')).toContainText(
    `Reçue → En cours de traitement\u00a0: «\u00a0${MOVED}\u00a0»`,
  );
  await expect(row('Recherche de clients')).toContainText(DEMO_STAFF.agent.name);
  // The inbox's searches too: the words and how many were found.
  await expect(row('Recherche de demandes')).toContainText('«\u00a0gh482kl\u00a0»');
  await expectNoAxeViolations(page, 'the journal by name');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'audit-names', CONSOLE_WIDTHS);
});
