// 'Mon compte' › « Sécurité », the open sessions (docs/decisions/0115-sessions-and-new-device-
// mail.md), on a portal of its own that mails through a real SMTP server: two browsers of one
// customer; the second appears in the first's list, is ended from it with the keyboard, and its
// next API call is refused; the new-device mail arrives. The screen is checked with axe, at
// 320 px, and kept in both skins.
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations } from '../support/fixtures';
import { comingFrom } from '../support/mailing-portal';
import { mailingTest as mailing, signInThroughForm } from '../support/own-portal';
import { expectNoSidewaysScroll, PORTAL_WIDTHS, screenshotSkins } from '../support/screens';

mailing.use({ changesData: true, extraHTTPHeaders: comingFrom('198.51.100.61') });

mailing(
  'a second browser is listed, ended from the first, refused at its next call, and mailed about',
  async ({ page, browser, portal }) => {
    await signInThroughForm(page, '/account/security');
    await refuseCookies(page);
    const sessions = page.getByRole('list', { name: 'Appareils connectés' });
    await expect(sessions.getByText('Cette session', { exact: true })).toBeVisible();
    // The sessions the test set-up left open: all ended at once, this one kept.
    const others = page.getByRole('button', { name: 'Fermer toutes les autres sessions' });
    if ((await sessions.getByRole('listitem').count()) > 1) {
      await others.click();
      await expect(page.getByTestId('banner')).toContainText(
        'Toutes vos autres sessions ont été fermées.',
      );
    }
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(others).toHaveCount(0);

    // The same customer in a second browser.
    const elsewhere = await browser.newContext({
      baseURL: portal.url,
      extraHTTPHeaders: comingFrom('203.0.113.62'),
    });
    try {
      const other = await elsewhere.newPage();
      await signInThroughForm(other, '/account/security');
      // The account the page was served for (the server names it in the page's head).
      const account = await other.locator('meta[name="portal-account"]').getAttribute('content');
      expect(account).toMatch(/.+/);
      expect((await other.request.get(`/api/v1/account/accounts/${account}`)).status()).toBe(200);

      // The first browser lists it, and ends it with the keyboard.
      await page.reload();
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expectNoAxeViolations(page, 'Sécurité, two sessions');
      await expectNoSidewaysScroll(page);
      await screenshotSkins(page, 'account-security-sessions', PORTAL_WIDTHS);
      const end = sessions.getByRole('button', { name: /^Fermer cette session/ });
      await expect(end).toHaveCount(1);
      await end.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('banner')).toContainText('La session a été fermée.');
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('Aucune autre session n’est ouverte.')).toBeVisible();
      await expectNoAxeViolations(page, 'Sécurité, the other session ended');

      // The ended browser's next call is refused.
      expect((await other.request.get(`/api/v1/account/accounts/${account}`)).status()).toBe(401);
    } finally {
      await elsewhere.close();
    }

    // A new browser of Camille's, who had signed in before: the mail arrived.
    await expect
      .poll(() => portal.mails.filter((m) => m.to.includes(DEMO.camille)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const mail = portal.mails.find((m) => m.to.includes(DEMO.camille))!.data;
    expect(mail).toContain('Nouvelle connexion à votre espace');
    expect(mail).toMatch(/depuis un nouvel appareil\u00a0: Chrome \d+ sur Windows 10, le /);
    expect(mail).toContain(`${portal.url}/account/security`);
  },
);
