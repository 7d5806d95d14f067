// No screen trips the content security policy (docs/decisions/0135): the CSP forbids `eval`
// (apps/server/src/plugins/security-headers.ts), and zod tries `new Function` once, to see
// whether it may compile its parsers, unless it is told not to (`jitless`,
// packages/contract/src/shared/zod.ts). The try is caught, but the browser still reports it: a
// `securitypolicyviolation` event on the document (and a report to any `report-to` endpoint).
// Every violation the pages raise is collected from the first script of each page on; the
// screens are those that build the contract's schemas: the portal's forms (« Mon adresse », the
// contact page, a claim's steps) and the console, from its sign-in to its pages. A console error
// fails the test too (the fixtures' consoleErrors).
import { ADDRESS_MESSAGES } from '@espace/contract';
import type { BrowserContext } from '@playwright/test';
import { signInStaff } from '../support/console-staff';
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, signIn, test } from '../support/fixtures';
import { personalCard, searchBox } from './account-helpers';
import { choose, next } from './claims-helpers';

// A claim's steps write its draft: a server of its own (support/servers.ts).
test.use({ changesData: true });

/** Every violation any page of `context` reports, as « directive: what was blocked (where) ». */
async function collectViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() =>
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        void (window as unknown as { reportViolation(v: string): Promise<void> }).reportViolation(
          `${event.effectiveDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`,
        ),
    ),
  );
  return violations;
}

test('the portal’s forms raise no violation of the content security policy', async ({ page }) => {
  const violations = await collectViolations(page.context());
  await signIn(page, DEMO.camille, '/account/address');
  await refuseCookies(page);
  await personalCard(page)
    .getByRole('button', { name: /^Faire un changement/ })
    .click();
  await page
    .getByRole('dialog', { name: ADDRESS_MESSAGES.linkedPolicies.question })
    .getByRole('button', { name: 'Oui' })
    .click();
  await expect(searchBox(page)).toBeVisible();

  await page.goto('/contact');
  await expect(
    page.getByRole('region', { name: 'Être rappelé(e)' }).getByLabel('Votre numéro de téléphone'),
  ).toBeVisible();

  await page.goto('/claims');
  await next(page, 'Commencer la déclaration');
  await choose(page.getByRole('radio', { name: 'Bris de glace' }));
  await next(page);
  await expect(page.getByLabel('Date du sinistre')).toBeVisible();
  // Continuing without the date: the step's schema answers.
  await next(page);
  await expect(page.getByLabel('Date du sinistre')).toHaveAttribute('aria-invalid', 'true');
  expect(violations).toEqual([]);
});

test('the console, from its sign-in to its pages, raises no violation either', async ({ page }) => {
  const violations = await collectViolations(page.context());
  await signInStaff(page, 'supervisor', '/backoffice/', { fresh: true });
  for (const path of ['/backoffice/clients', '/backoffice/journal', '/backoffice/equipe'])
    await page.goto(path);
  expect(violations).toEqual([]);
});
