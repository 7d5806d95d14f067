// Account deletion with its recap, on a phone (docs/product/account.md « Account deletion »,
// docs/decisions/0041-account-deletion-recap.md): Camille owes documents on her newest contract,
// has contracts in force and, once she asks to be called back, a request being handled. The recap
// lists them before the password; the deletion ends on the public « Votre compte a été supprimé »
// page with the customer-service number and no « Se reconnecter », and the old session cookie is refused.
// It deletes an account, so it runs on a portal of its own (support/private-server.ts).
import { addDays, formatDate, todayInParis } from '@espace/contract';
import { DEMO, DEMO_PASSWORD, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import { refuseCookies } from '../support/cookies';
import { privateTest as test } from '../support/own-portal';

const NBSP = '\u00a0';

test.use({ changesData: true, viewport: { width: 375, height: 800 } });

test('the deletion recap lists what is pending, then the account ends on the deleted page', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await expect(page.getByRole('region', { name: 'Être rappelé(e)' })).toBeVisible();
  // The session cookie and the policies read of this account (the page names it), to try them
  // again once the account is deleted.
  const session = (await page.context().cookies()).find((c) => c.name === 'espace-session');
  const accountId = await page.locator('meta[name="portal-account"]').getAttribute('content');
  const policiesUrl = `/api/v1/policy/accounts/${accountId}`;
  await refuseCookies(page);
  const callBack = page.getByRole('region', { name: 'Être rappelé(e)' });
  await callBack.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 78');
  const answer = page.waitForResponse(/\/mail\/phone-contact$/);
  await callBack.getByRole('button', { name: 'Demander un rappel' }).click();
  const { reference } = (await (await answer).json()) as { reference: string };
  await expect(page.getByTestId('banner')).toContainText('Merci pour votre demande');

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Mon compte' }).click();
  await page.getByRole('link', { name: 'Supprimer le Compte' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Supprimer le compte' })).toBeVisible();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continuer vers la suppression' }).click();
  const recapTitle = page.getByRole('heading', {
    level: 3,
    name: 'Avant de supprimer votre compte',
  });
  await expect(recapTitle).toBeFocused();

  const part = (name: string) => page.getByRole('region', { name });
  await expect(part('Ce que fait la suppression')).toContainText(
    'Votre accès en ligne est supprimé',
  );
  await expect(part('Ce que fait la suppression')).toContainText(
    'Vos contrats d’assurance ne sont pas résiliés.',
  );
  // The newest contract started 12 days ago: 30 days from its start, 19 days left today.
  const deadline = formatDate(addDays(todayInParis(), 18));
  const owed = part('Documents encore à fournir').getByRole('listitem');
  await expect(owed.filter({ hasText: 'Permis de conduire' })).toHaveText(
    `Permis de conduire (contrat n°${NBSP}AU2026104512)${NBSP}: à fournir au plus tard le ${deadline} (19 jours restants)`,
  );
  await expect(owed).toHaveCount(3);
  const requests = part('Demandes en cours de traitement').getByRole('listitem');
  await expect(requests).toHaveCount(1);
  await expect(requests).toHaveText(`Demande de rappel, référence ${reference}${NBSP}: Reçue`);
  const contracts = part('Contrats en vigueur, que la suppression ne résilie pas');
  await expect(contracts.getByRole('listitem').first()).toContainText(
    `Contrat n°${NBSP}AU2026104512`,
  );
  await expect(contracts.getByRole('listitem').filter({ hasText: 'AU2019004215' })).toHaveCount(0);
  await expect(contracts.getByRole('listitem').filter({ hasText: 'Suspendu' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'deletion recap');

  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page.getByTestId('banner')).toContainText(`Votre compte a été supprimé${NBSP}!`);

  await expect(
    page.getByRole('heading', { level: 1, name: 'Votre compte a été supprimé' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/accountDeleted$/);
  await expect(page.getByRole('link', { name: '01 99 00 12 34' })).toHaveAttribute(
    'href',
    'tel:+33199001234',
  );
  await expect(page.getByText('Se reconnecter')).toHaveCount(0);
  await expectNoAxeViolations(page, 'account deleted');

  // The old session is dead: its cookie is refused, and the portal asks to sign in again.
  expect(session).toBeDefined();
  const old = await request.get(policiesUrl, {
    headers: { cookie: `espace-session=${session!.value}` },
  });
  expect(old.status()).toBe(401);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
});
