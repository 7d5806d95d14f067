// 'Mon compte' › « Mes données » (docs/product/data-export.md), on a portal of its own that mails
// through a real SMTP server: Camille asks for a copy of her data with the keyboard, the page
// says when it is ready (a live region), the archive downloads, and the zip holds her data as
// JSON (her contracts, no one else's), its schema and the PDF; the link then works no more, in
// French; the ready mail arrives. Checked with axe, at 320 px, and kept in both skins.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { refuseCookies } from '../support/cookies';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
} from '../support/fixtures';
import { mailingTest as mailing, signInThroughForm } from '../support/own-portal';
import { expectNoSidewaysScroll, PORTAL_WIDTHS, screenshotSkins } from '../support/screens';
import { proveIdentity } from '../support/step-up';

mailing.use({ changesData: true });

mailing(
  'Camille asks for her data, waits for it, downloads the archive once, and is mailed',
  async ({ page, portal, consoleErrors }) => {
    consoleErrors.expect(failedRequest(/\/data-exports$/, 403));
    await signInThroughForm(page, '/account/data');
    await refuseCookies(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Mes données' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Rubriques de Mon compte' }).getByRole('link', {
        name: 'Mes données',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Mes données – Mon compte – Espace Assuré');
    await expectNoAxeViolations(page, 'Mes données');
    await expectNoSidewaysScroll(page);
    await screenshotSkins(page, 'account-data', PORTAL_WIDTHS);

    // Asked with the keyboard; the banner says it, the live region says when it is ready.
    const ask = page.getByRole('button', { name: 'Demander une copie de mes données' });
    await ask.focus();
    await page.keyboard.press('Enter');
    // A fresh proof first (docs/decisions/0138): the password, in the step-up dialog.
    await proveIdentity(page, DEMO_PASSWORD);
    await expect(page.getByTestId('banner')).toContainText(
      'La préparation de votre copie a commencé.',
    );
    const live = page.getByRole('status').filter({ hasText: /Préparation|prête/ });
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await expect(live).toHaveText('Votre copie est prête.', { timeout: 30_000 });
    const download = page.getByRole('button', { name: /^Télécharger mes données \(zip\)/ });
    await expect(download).toBeVisible();
    await expectNoAxeViolations(page, 'Mes données, ready');
    await expectNoSidewaysScroll(page);
    await screenshotSkins(page, 'account-data-ready', PORTAL_WIDTHS);

    // The download, opened: the JSON with Camille's contracts and no one else's, its schema,
    // the PDF.
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(Object.keys(zip).sort()).toEqual([
      'donnees.json',
      'donnees.schema.json',
      'mes-donnees.pdf',
    ]);
    const json = strFromU8(zip['donnees.json']!);
    const data = JSON.parse(json) as {
      account: { email: string };
      contracts: { policyNumber: string }[];
    };
    expect(data.account.email).toBe(DEMO.camille);
    expect(data.contracts.map((c) => c.policyNumber)).toContain('AU2026104512');
    expect(json).not.toContain(DEMO.lea);
    expect(json).not.toContain('AU2025110264');
    const schema = JSON.parse(strFromU8(zip['donnees.schema.json']!)) as { $schema: string };
    expect(schema.$schema).toContain('2020-12');
    expect(strFromU8(zip['mes-donnees.pdf']!.subarray(0, 5))).toBe('%PDF-');

    // Used: the page says so, the focus stays in the section, the link is refused in French.
    await expect(
      page.getByText('Votre copie a été téléchargée. Le lien ne fonctionne plus.'),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Votre dernière demande' }),
    ).toBeFocused();
    const account = await page.locator('meta[name="portal-account"]').getAttribute('content');
    const state = await page.request.get(`/api/v1/account/accounts/${account}/data-exports`);
    const { export: latest } = (await state.json()) as { export: { id: string } };
    const again = await page.request.get(
      `/api/v1/account/accounts/${account}/data-exports/${latest.id}/archive`,
    );
    expect(again.status()).toBe(410);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'Ce lien de téléchargement a déjà servi\u00a0: demandez un nouvel export.',
    );
    await expectNoAxeViolations(page, 'Mes données, downloaded');
    await screenshotSkins(page, 'account-data-downloaded', PORTAL_WIDTHS);

    // The ready mail: to Camille, a link to the page, nothing of the data.
    await expect
      .poll(() => portal.mails.filter((m) => m.data.includes('est prête')).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const mail = portal.mails.find((m) => m.data.includes('est prête'))!;
    expect(mail.to).toContain(DEMO.camille);
    expect(mail.data).toContain('La copie des données que nous détenons à votre sujet');
    expect(mail.data).toContain(`${portal.url}/account/data`);
    expect(mail.data).not.toContain('AU2026104512');
  },
);
