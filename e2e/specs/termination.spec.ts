// Online termination (docs/product/termination.md /contractTermination; Code des
// assurances L113-15-3): three steps from a policy card to the acknowledgement and its PDF
// receipt, the reason clearing the files, the comment counter, keyboard only, 375 px wide.
// These specs record termination requests for camille: they run in the 'changes' project.
import {
  addDays,
  addMonths,
  formatDate,
  saleEffect,
  TERMINATION_MESSAGES,
  todayInParis,
} from '@espace/contract';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { pdfFile } from './documents-support';

const SALE = 'Je vends mon véhicule et suspends mes garanties';
const OTHER = 'Résiliation Autre';
const FOR_SALE = 'AU2025087731';
const FOR_OTHER = 'AU2024061108';
const NOT_SENT = 'AU2023049920';

function card(page: Page, policyNumber: string) {
  return page.getByTestId('policy-card').filter({ hasText: policyNumber });
}

/** Presses Tab until `target` has the focus (keyboard only), failing after 60 presses. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was never reached with Tab');
}

/**
 * Shows the card of `policyNumber` on the home page, which may be on the second page of cards (5
 * per page, docs/product/termination.md): counted once the cards are drawn, since a count taken
 * before would find none and turn to the second page.
 */
async function showCard(page: Page, policyNumber: string) {
  await expect(page.getByRole('heading', { name: 'Mes Polices d’assurance' })).toBeVisible();
  await expect(page.getByTestId('policy-card').first()).toBeVisible();
  if ((await card(page, policyNumber).count()) === 0)
    await page.getByRole('link', { name: 'suivant' }).click();
  await expect(card(page, policyNumber)).toBeVisible();
}

async function openFromCard(page: Page, policyNumber: string) {
  await showCard(page, policyNumber);
  await card(page, policyNumber)
    .getByRole('link', { name: `Résilier votre contrat n° ${policyNumber}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/contractTermination/${policyNumber}$`));
  await expect(page.getByRole('heading', { name: 'RÉSILIER LE CONTRAT' })).toBeVisible();
}

async function expectAcknowledged(page: Page, policyNumber: string) {
  await expect(
    page.getByRole('heading', { name: 'Votre demande de résiliation a été envoyée avec succès.' }),
  ).toBeFocused();
  await expect(page.getByTestId('termination-reference')).toHaveText(/^RES-\d{8}-[A-Z2-9]{6}$/);
  await expect(page.getByTestId('termination-success')).toContainText(`n° ${policyNumber}`);
  await expect(page.getByTestId('termination-success')).toContainText('Date indicative');
  await expectNoAxeViolations(page, 'termination acknowledged');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^Accusé de réception résiliation RES-\d{8}-[A-Z2-9]{6}\.pdf$/,
  );
  return (await page.getByTestId('termination-reference').textContent())!;
}

// Terminations and address changes write: this spec gets a server of its own (servers.ts).
test.use({ changesData: true });

test.describe('terminating a contract', () => {
  test('a sale, from the policy card to the receipt, listed afterwards', async ({ page }) => {
    await signIn(page, DEMO.camille);
    await openFromCard(page, FOR_SALE);
    await expect(page.getByLabel('Contrat', { exact: true })).toHaveValue(FOR_SALE);
    await expect(page.getByLabel('Nom', { exact: true })).toHaveAttribute('readonly', '');
    const submit = page.getByRole('button', { name: 'Résilier ce contrat' });
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page, 'termination form');

    await page.getByLabel('Motif de résiliation').selectOption(SALE);
    await expect(page.getByText('certificat de cession, carte grise barrée')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Charger documents').setInputFiles([pdfFile('cession.pdf', 2)]);
    // One proof for a sale: the picker goes once it is attached.
    await expect(page.getByLabel('Charger documents')).toHaveCount(0);
    // …and the day of the sale (decision 0043).
    await expect(submit).toBeDisabled();
    const saleDate = addDays(todayInParis(), -3);
    await page.getByLabel('Date de la vente').fill(formatDate(saleDate));
    await expect(submit).toBeEnabled();
    await submit.click();

    const dialog = page.getByRole('dialog', { name: 'Confirmer la résiliation' });
    await expect(dialog).toContainText(`Contrat n° ${FOR_SALE}`);
    await expect(dialog).toContainText('Êtes-vous sûr(e)');
    await expectNoAxeViolations(page, 'termination confirmation');
    await dialog.getByRole('button', { name: 'Oui, résilier le contrat' }).click();
    const reference = await expectAcknowledged(page, FOR_SALE);
    await expect(page.getByTestId('termination-success')).toContainText(
      'Suspension des garanties à compter du',
    );
    await expect(page.getByTestId('termination-sale-date')).toHaveText(formatDate(saleDate));

    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await showCard(page, FOR_SALE);
    await expect(card(page, FOR_SALE).getByTestId('termination-requested')).toContainText(
      reference,
    );
    await page.goto('/documents/0');
    await expect(page.getByText(`Accusé de réception résiliation ${reference}.pdf`)).toBeVisible();
  });

  test('another reason, keyboard only, with a comment and two documents', async ({ page }) => {
    await signIn(page, DEMO.camille, `/contractTermination/${FOR_OTHER}`);
    await expect(page.getByRole('heading', { name: 'RÉSILIER LE CONTRAT' })).toBeVisible();
    const reason = page.getByLabel('Motif de résiliation');
    await tabTo(page, reason);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(reason).toHaveValue(OTHER);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/Commentaire/)).toBeFocused();
    await page.keyboard.type('Nouvel assureur après un refus d’avenant.');
    // The operating system's file chooser is outside the page: the files are given to the input.
    await page
      .getByLabel('Charger documents')
      .setInputFiles([pdfFile('refus.pdf', 3), pdfFile('attestation.pdf', 5)]);
    await expect(
      page.getByRole('list', { name: 'Fichiers joints' }).getByRole('listitem'),
    ).toHaveCount(2);
    const submit = page.getByRole('button', { name: 'Résilier ce contrat' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: 'Oui, résilier le contrat' });
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    await expectAcknowledged(page, FOR_OTHER);
    await tabTo(page, page.getByRole('link', { name: 'Retour à l’accueil' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Mes Polices d’assurance' })).toBeVisible();
  });

  test('changing the reason clears the files; the comment counts to 500', async ({ page }) => {
    await signIn(page, DEMO.camille, `/contractTermination/${NOT_SENT}`);
    const reason = page.getByLabel('Motif de résiliation');
    await reason.selectOption(OTHER);
    const picker = page.getByLabel('Charger documents');
    await picker.setInputFiles([pdfFile('a.pdf', 1)]);
    await picker.setInputFiles([pdfFile('b.pdf', 6)]);
    const attached = page.getByTestId('attached-file');
    await expect(attached).toHaveCount(2);
    await expect(picker).toHaveCount(0);
    await attached.first().getByRole('button', { name: 'Retirer a.pdf' }).click();
    await expect(attached).toHaveCount(1);
    await expect(picker).toBeVisible();

    await reason.selectOption(SALE);
    await expect(attached).toHaveCount(0);
    await expect(picker).toBeVisible();

    const comment = page.getByLabel(/Commentaire/);
    await comment.fill('Bonjour');
    await expect(page.getByText('7/500 caractères')).toBeVisible();
    await comment.fill('x'.repeat(500));
    await comment.press('y');
    await expect(page.getByText('500/500 caractères')).toBeVisible();
    await expect(comment).toHaveValue('x'.repeat(500));
  });

  test('a refusal shows the server’s message and keeps the form as typed (docs/product/termination.md)', async ({
    page,
    consoleErrors,
  }) => {
    for (const status of [400, 500, 409]) {
      consoleErrors.expect(failedRequest(/\/terminate(\?brand=\w+)?$/, status));
    }
    const answers = [
      { status: 400, message: 'cession.pdf : Le fichier est vide.' },
      { status: 500, message: 'Erreur de fichier interne' },
      {
        status: 409,
        message: 'Malheureusement, une erreur s’est produite lors du téléchargement du fichier.',
      },
    ];
    let call = 0;
    await page.route(/\/terminate(\?brand=\w+)?$/, (route) => {
      const answer = answers[call++]!;
      return route.fulfill(
        answer.status === 500
          ? { status: 500, body: '' }
          : {
              status: answer.status,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'x', message: answer.message } }),
            },
      );
    });
    await signIn(page, DEMO.camille, `/contractTermination/${NOT_SENT}`);
    await page.getByLabel('Motif de résiliation').selectOption(SALE);
    await page.getByLabel('Date de la vente').fill(formatDate(addDays(todayInParis(), -3)));
    await page.getByLabel('Charger documents').setInputFiles([pdfFile('cession.pdf', 2)]);
    for (const { message } of answers) {
      await page.getByRole('button', { name: 'Résilier ce contrat' }).click();
      await page.getByRole('button', { name: 'Oui, résilier le contrat' }).click();
      await expect(page.getByTestId('banner')).toContainText(message);
      await expect(page.getByTestId('attached-file')).toHaveCount(1);
    }
    await expectNoAxeViolations(page, 'termination refused');
  });

  test('the footer leads to the first contract in force; a terminated one is not found', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Résilier votre contrat' })
      .click();
    await expect(page).toHaveURL(/\/contractTermination\/AU2026104512$/);
    await page.goto('/contractTermination/AU2019004215');
    await expect(page).toHaveURL(/\/not-found$/);
  });

  test('every policy terminated: no way to terminate', async ({ page }) => {
    await signIn(page, DEMO.jean);
    await expect(page.getByTestId('policy-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Résilier votre contrat/ })).toHaveCount(0);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 800 } });
    test('the form fits the screen and passes axe', async ({ page }) => {
      await signIn(page, DEMO.camille, `/contractTermination/${NOT_SENT}`);
      await page.getByLabel('Motif de résiliation').selectOption(OTHER);
      await expect(page.getByLabel('Charger documents')).toBeAttached();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, 'termination form at 375 px');
    });

    test('a sale: the date is asked, and the confirmation shows the dates before sending', async ({
      page,
    }) => {
      await signIn(page, DEMO.camille, `/contractTermination/${NOT_SENT}`);
      await page.getByLabel('Motif de résiliation').selectOption(SALE);
      await page.getByLabel('Charger documents').setInputFiles([pdfFile('cession.pdf', 2)]);
      const submit = page.getByRole('button', { name: 'Résilier ce contrat' });
      const field = page.getByLabel('Date de la vente');
      const today = todayInParis();
      await field.fill(formatDate(addDays(addMonths(today, 1), 1)));
      await field.blur();
      await expect(page.getByText('La date de vente ne peut pas dépasser le')).toBeVisible();
      await expect(submit).toBeDisabled();

      const saleDate = addMonths(today, -1);
      await field.fill(formatDate(saleDate));
      await submit.click();
      const dialog = page.getByRole('dialog', { name: 'Confirmer la résiliation' });
      const { suspensionDate, terminationDate } = saleEffect(saleDate, today);
      await expect(dialog.getByTestId('confirm-contract')).toContainText(`Contrat n° ${NOT_SENT}`);
      await expect(dialog).toContainText('Date de la vente');
      await expect(dialog).toContainText(formatDate(saleDate));
      await expect(dialog.getByTestId('confirm-effective-date')).toHaveText(
        formatDate(suspensionDate),
      );
      await expect(dialog.getByTestId('confirm-termination-date')).toHaveText(
        formatDate(terminationDate),
      );
      await expect(dialog.getByTestId('confirm-basis')).toHaveText(
        TERMINATION_MESSAGES.basis['L121-11'],
      );
      await expectNoAxeViolations(page, 'termination confirmation at 375 px');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();
    });
  });
});
