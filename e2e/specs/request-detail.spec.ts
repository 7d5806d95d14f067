// A request followed to its end (docs/product/requests.md « Le détail d’une demande »): a
// call-back asked in the portal is moved by the broker through the integration API
// (PATCH /backoffice/v1/requests/{reference}, a client-credentials token) to « en cours » then
// « traitée » with a message; the customer reads the status and the message in 'Mes demandes'
// and the timeline in the request's detail, and receives the e-mail (a local SMTP server); a
// claim moved through its own steps shows the expertise and the settlement in its timeline; a
// driver removal awaiting a document shows on its policy card and names the document, linked to
// « Documents à fournir »; another reference shows the not-found page; axe clean, no horizontal scroll at 320 px. Screenshots of the list, the
// detail and the card at 375 and 1280 px in both skins go to the test's output folder.
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import { integrationTest as test } from '../support/own-portal';
import { askCallBack } from '../support/request-reference';
import { askDriverRemoval, daysFrom, french, today } from './changes-helpers';
import { expectNoSidewaysScroll, screenshotSkins, PORTAL_WIDTHS } from '../support/screens';

const CLAIM_POLICY = 'AU2026104512'; // Camille's Peugeot 208, in force
const POLICY = 'AU2025087731'; // Camille's Renault Clio V, Inès a secondary driver

test.use({ changesData: true, viewport: { width: 375, height: 800 } });

const CAMILLE_EMAIL = DEMO.camille;
const DONE_MESSAGE = 'Nous vous avons rappelé le 23 novembre, votre question est réglée.';

test('a call-back moved to « traitée » by the broker: the status, the message, the timeline', async ({
  page,
  portal,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  const reference = await askCallBack(page, '06 45 67 89 01');

  await portal.moveRequest(reference, { status: 'in_progress' });
  await page.goto('/account/requests');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('En cours de traitement');

  await portal.moveRequest(reference, { status: 'done', message: DONE_MESSAGE });
  // The customer's e-mail for « Traitée », through the one relay to the SMTP server.
  await expect
    .poll(
      () => portal.mails.find((m) => m.data.includes(reference) && m.data.includes('Traitée')),
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();
  const mail = portal.mails.find((m) => m.data.includes(reference) && m.data.includes('Traitée'))!;
  expect(mail.to).toEqual([CAMILLE_EMAIL]);
  expect(mail.data).toContain(DONE_MESSAGE);
  expect(mail.data).toContain(`/account/requests/${reference}`);

  await page.reload();
  await expect(row).toContainText('Traitée');
  await expect(row).toContainText(`Message de votre courtier\u00a0: ${DONE_MESSAGE}`);
  await expectNoAxeViolations(page, 'Mes demandes with a message');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'list', PORTAL_WIDTHS);

  await row.getByRole('link', { name: `Voir la demande Demande de rappel ${reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/requests/${reference}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Demande de rappel' })).toBeVisible();
  const status = page.locator('.request-status');
  await expect(status).toContainText('Traitée');
  await expect(status).toContainText(DONE_MESSAGE);
  const answers = page.getByRole('definition').filter({ hasText: '06 45 67 89 01' });
  await expect(answers).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Le suivi de votre demande' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Reçue');
  await expect(steps.nth(1)).toContainText('En cours de traitement');
  await expect(steps.nth(2)).toContainText('Traitée');
  await expect(steps.nth(2)).toContainText(DONE_MESSAGE);
  await expect(steps.nth(2).locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} à \d{2}:\d{2}$/);
  await expectNoAxeViolations(page, 'the request’s detail');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'detail', PORTAL_WIDTHS);
});

test('a driver removal awaiting a document: on the policy card, named, linked to the documents', async ({
  page,
  portal,
}) => {
  const reference = await askDriverRemoval(page, POLICY, 'Mme Inès Martin (né(e) le 21.03.2006)');
  await portal.moveRequest(reference, {
    status: 'awaiting_documents',
    message: 'Merci de nous envoyer le relevé d’information de votre ancien assureur.',
    document: { name: 'Relevé d’information', dueOn: daysFrom(today(), 15) },
  });

  await page.goto('/');
  const card = page.getByTestId('policy-card').filter({ hasText: POLICY });
  const open = card.getByTestId('policy-requests');
  await expect(open.getByRole('heading', { level: 3 })).toHaveText('1 demande en cours');
  await expect(open).toContainText('Retrait d’un conducteur\u00a0: En attente de pièces');
  await expectNoAxeViolations(page, 'the policy card with a request being handled');
  await screenshotSkins(page, 'card', PORTAL_WIDTHS);

  await open.getByRole('link', { name: 'Retrait d’un conducteur' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/requests/${reference}$`));
  const status = page.locator('.request-status');
  await expect(status).toContainText('En attente de pièces');
  await expect(status).toContainText(
    `Pièce attendue\u00a0: Relevé d’information, à envoyer avant le ${french(daysFrom(today(), 15))}.`,
  );
  await expect(page.getByRole('definition').filter({ hasText: 'Mme Inès Martin' })).toBeVisible();
  await expectNoAxeViolations(page, 'a request awaiting a document');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'awaiting', PORTAL_WIDTHS);
  await status.getByRole('link', { name: 'Documents à fournir' }).click();
  await expect(page).toHaveURL(/\/documents\/1$/);
  await expect(page.getByText('Relevé d’information').first()).toBeVisible();
});

test('a reference that is not the customer’s shows the not-found page', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 404/);
  await signIn(page, DEMO.camille, '/account/requests/DEM-00000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
});

test('a claim followed by the broker: the expertise, then the settlement, in its timeline', async ({
  page,
  portal,
}) => {
  await signIn(page, DEMO.camille);
  await refuseCookies(page);
  // The claim is declared through the portal's own API with the page's session (the guided
  // flow has its own specs: claims.spec.ts, claims-theft.spec.ts).
  const accountId = await page.locator('meta[name="portal-account"]').getAttribute('content');
  const write = { 'x-espace-request': '1', 'content-type': 'application/json' };
  const policies = (await (
    await page.request.get(`/api/v1/policy/accounts/${accountId}`)
  ).json()) as { policyNumber: string; drivers?: { id: string }[] }[];
  const claimed = policies.find((p) => p.policyNumber === CLAIM_POLICY)!;
  const driverId = (claimed.drivers ?? [])[0]!.id;
  const drafts = `/api/v1/claim/accounts/${accountId}/drafts`;
  const draft = (await (
    await page.request.post(drafts, { headers: write, data: { policyNumber: CLAIM_POLICY } })
  ).json()) as { id: string };
  const answers: [string, unknown][] = [
    ['kind', { kind: 'broken_glass' }],
    [
      'when',
      {
        occurredOn: daysFrom(today(), -1),
        occurredAt: '08:30',
        place: { label: 'Rue de Rivoli, 75001 Paris' },
      },
    ],
    [
      'circumstances',
      {
        description: 'Un gravillon a fissuré le pare-brise sur l’autoroute.',
        glass: { pane: 'windscreen', damage: 'crack' },
      },
    ],
    ['parties', { thirdParty: null, witnesses: [] }],
    ['injuries', { injuries: false }],
    ['driver', { driver: 'policy', driverId }],
    ['vehicle', { drivable: true, location: 'Devant mon domicile' }],
  ];
  for (const [step, body] of answers) {
    const saved = await page.request.put(`${drafts}/${draft.id}/steps/${step}`, {
      headers: write,
      data: body,
    });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBeLessThan(300);
  }
  const sent = await page.request.post(`${drafts}/${draft.id}/submit`, {
    headers: { 'x-espace-request': '1' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  const expertDay = daysFrom(today(), 3);
  await portal.moveRequest(reference, { status: 'under_review' });
  await portal.moveRequest(reference, {
    status: 'expert_appointed',
    message: 'L’expert passera voir le véhicule.',
    expertise: { date: expertDay, expert: 'Cabinet Expertis' },
  });
  await portal.moveRequest(reference, {
    status: 'settled',
    settlement: { amount: 412.5, franchise: 90 },
  });

  await page.goto(`/account/requests/${reference}`);
  const timeline = page.getByRole('list', { name: 'Le suivi de votre demande' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Déclaré');
  await expect(steps.nth(1)).toContainText('En cours d’instruction');
  await expect(steps.nth(2)).toContainText('Expertise planifiée');
  await expect(steps.nth(2)).toContainText('Cabinet Expertis');
  await expect(steps.nth(2)).toContainText(french(expertDay));
  await expect(steps.nth(3)).toContainText('Indemnisé');
  await expect(steps.nth(3)).toContainText('412,50\u00a0€');
  await expect(steps.nth(3)).toContainText('90,00\u00a0€');
  await expectNoAxeViolations(page, 'a claim’s timeline');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'claim', PORTAL_WIDTHS);
});
