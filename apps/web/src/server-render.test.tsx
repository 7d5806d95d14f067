// The first screen drawn by the server and hydrated by the browser
// (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md): the policies page and
// its shell come as HTML from the reads the page carries, and the browser takes that HTML over
// without drawing it again. A difference between the two is reported, and fails the tests.
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  CONSENT_COOKIES,
  POLICIES_PER_PAGE,
  todayInParis,
  type Policy,
} from '@espace/contract';
import { sessionOf } from './lib/session';
import { renderPortal } from './portal';
import { renderFirstScreen } from './server-render';
import { testAccount } from './testing/account';
import { owedDocument, testPolicy } from './testing/policy';

const account = testAccount();
const CONSENT = `${CONSENT_COOKIES.required}=true; ${CONSENT_COOKIES.performance}=false`;

const screen = (
  accountId: string,
  path: string,
  cookie = CONSENT,
  today = todayInParis(),
  policies: Policy[] = [testPolicy({ accountId })],
) => ({ path, accountId, account, policies, cookie, today });

/** A policy with a document to send before the broker's deadline, `dueOn`. */
const owing = (accountId: string, dueOn: string) =>
  testPolicy({ accountId, documents: [owedDocument(dueOn)] });

function setConsentCookies(on: boolean) {
  for (const name of Object.values(CONSENT_COOKIES))
    document.cookie = on ? `${name}=${name === CONSENT_COOKIES.required}` : `${name}=; Max-Age=0`;
}

describe('the first screen drawn by the server', () => {
  it('draws the policies page and its shell from the reads, with working links', async () => {
    const html = (await renderFirstScreen(screen('acc-ssr', '/')))!;
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Mes Polices d’assurance');
    expect(page.querySelector('[data-testid="policy-card"]')?.textContent).toContain('Peugeot 208');
    expect(page.querySelector('.site-header')?.textContent).toContain('Camille Martin');
    expect(page.querySelector('footer')?.textContent).toContain('Lumen Assurance');
    const links = [...page.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/documents', '/account', '/faq', '/contact']));
    // Consent given: no banner.
    expect(page.querySelector('.cookie-banner')).toBeNull();
  });

  it('draws the cookie banner when the browser sent no consent', async () => {
    const html = (await renderFirstScreen(screen('acc-ssr', '/policies', '')))!;
    expect(html).toContain('cookie-banner');
  });

  it('draws « Mes documents » as its skeleton in the shell, for the browser to draw anew', async () => {
    for (const path of ['/documents', '/documents/1']) {
      const page = document.createElement('div');
      page.innerHTML = (await renderFirstScreen(screen('acc-ssr', path)))!;
      expect(page.querySelector(':scope > .portal')?.hasAttribute('data-skeleton'), path).toBe(
        true,
      );
      const main = page.querySelector('main')!;
      const skeleton = main.querySelector('[data-testid="screen-skeleton"]')!;
      expect(skeleton.querySelector('[role="status"]')?.textContent).toBe('Chargement…');
      expect(main.textContent).toContain('Mes documents');
      expect(main.textContent).toContain('Documents à fournir');
      // No heading: the screen's own h1 is the one focused and read once it comes.
      expect(main.querySelector('h1')).toBeNull();
      expect(page.querySelector('.site-header')?.textContent).toContain('Camille Martin');
    }
  });

  it('leaves the other screens to the browser', async () => {
    expect(await renderFirstScreen(screen('acc-ssr', '/account'))).toBeUndefined();
    expect(await renderFirstScreen(screen('acc-ssr', '/faq'))).toBeUndefined();
  });
});

describe('the browser takes over the first screen', () => {
  let root: HTMLDivElement;
  let portal: Root | undefined;

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
  });
  afterEach(() => {
    // The document outlives this file (isolate: false): the portal must not go on reacting.
    act(() => portal?.unmount());
    portal = undefined;
    root.remove();
    setConsentCookies(false);
  });

  async function hydrate(
    accountId: string,
    policies = [testPolicy({ accountId })],
    drawnOn = todayInParis(),
  ) {
    await act(async () => {
      portal = await renderPortal(sessionOf(accountId, account), { account, policies }, drawnOn);
    });
  }

  it('hydrates the HTML as it is: the same elements, nothing drawn again', async () => {
    setConsentCookies(true);
    root.innerHTML = (await renderFirstScreen(screen('acc-hydrate', '/')))!;
    const card = root.querySelector('[data-testid="policy-card"]');
    const heading = root.querySelector('h1');
    await hydrate('acc-hydrate');
    expect(root.querySelector('[data-testid="policy-card"]')).toBe(card);
    expect(root.querySelector('h1')).toBe(heading);
  });

  it('draws the script’s buttons inert, its pages as links, and the buttons live once taken over', async () => {
    // Six contracts (two pages), one with its bank details, no consent yet (the banner).
    const policies = Array.from({ length: POLICIES_PER_PAGE + 1 }, (_, i) =>
      testPolicy({
        accountId: 'acc-inert',
        policyNumber: `AU20261045${10 + i}`,
        paymentDetails:
          i === 0
            ? {
                id: 'pay-1',
                paymentMethod: 'Prélèvement',
                bankAccount: {
                  ownerName: 'Camille Martin',
                  bic: 'CCBPFRPPLYO',
                  iban: 'FR7613807000353212345678973',
                },
              }
            : null,
      }),
    );
    const error = vi.spyOn(console, 'error');
    document.documentElement.removeAttribute('data-hydrated');
    root.innerHTML = (await renderFirstScreen(screen('acc-inert', '/', '', undefined, policies)))!;
    // A button either opens its popover (the browser's, before any script) or waits for the script.
    const scriptButtons = () =>
      [...root.querySelectorAll('button')].filter((b) => !b.hasAttribute('popovertarget'));
    const names = (buttons: HTMLButtonElement[]) => buttons.map((b) => b.textContent?.trim());
    expect(names(scriptButtons())).toEqual(
      expect.arrayContaining([
        'Tout accepter',
        'Tout refuser',
        'Déconnexion',
        'Coordonnées bancaires',
        'Afficher l’IBAN',
      ]),
    );
    expect(names(scriptButtons().filter((b) => !b.disabled))).toEqual([]);
    // « suivant » is a link to the second page; « précédent » leads nowhere on the first.
    const pages = root.querySelector('nav[aria-label="Pages des contrats"]')!;
    expect(pages.querySelector('a')?.getAttribute('href')).toBe('/?page=2');
    expect(pages.querySelector('a')?.textContent).toBe('suivant');
    expect(pages.querySelector('button')?.textContent).toBe('précédent');

    const logOut = scriptButtons().find((b) => b.textContent === 'Déconnexion');
    await hydrate('acc-inert', policies);
    // The same buttons, now live, but for « précédent ».
    expect(scriptButtons()).toContain(logOut);
    expect(names(scriptButtons().filter((b) => b.disabled))).toEqual(['précédent']);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    expect(error.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
  });

  it('takes over a screen drawn the day before as drawn, then counts from today', async () => {
    const error = vi.spyOn(console, 'error');
    setConsentCookies(true);
    // Drawn just before midnight, taken over just after: the server counted one day more.
    const yesterday = addDays(todayInParis(), -1);
    const policies = [owing('acc-midnight', addDays(todayInParis(), 10))];
    root.innerHTML = (await renderFirstScreen(
      screen('acc-midnight', '/', CONSENT, yesterday, policies),
    ))!;
    const delay = () => root.querySelector('#documents-banner-title + p')?.textContent;
    expect(delay()).toContain('11\u00a0jours');
    const card = root.querySelector('[data-testid="policy-card"]');
    await hydrate('acc-midnight', policies, yesterday);
    expect(error.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
    expect(root.querySelector('[data-testid="policy-card"]')).toBe(card);
    expect(delay()).toContain('10\u00a0jours');
  });

  it('draws « Mes documents » over the skeleton the server drew, without hydrating it', async () => {
    setConsentCookies(true);
    window.history.replaceState(null, '', '/documents/1');
    root.innerHTML = (await renderFirstScreen(screen('acc-skeleton', '/documents/1')))!;
    const skeleton = root.querySelector('[data-skeleton]')!;
    await hydrate('acc-skeleton');
    // The screen's code and the query library come after: React draws them inside act.
    const heading = () => root.querySelector('h1')?.textContent;
    for (let i = 0; i < 80 && heading() !== 'Mes documents'; i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
    expect(heading()).toBe('Mes documents');
    expect(skeleton.isConnected).toBe(false);
    expect(root.querySelector('[data-skeleton]')).toBeNull();
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toContain(
      'Documents à fournir',
    );
  });

  it('reports a first screen that differs from what the browser draws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server saw no consent cookie; the browser has one: the banner differs.
    setConsentCookies(true);
    root.innerHTML = (await renderFirstScreen(screen('acc-differs', '/', '')))!;
    await hydrate('acc-differs');
    expect(error.mock.calls.flat().join(' ')).toMatch(/hydrat/i);
    expect(root.querySelector('.cookie-banner')).toBeNull();
  });
});
