// The first reads main.tsx hands over (docs/decisions/0067-first-reads-in-the-page.md): carried
// by the page, the policies screen has its cards on screen before the browser first paints (within
// the task and its microtasks: no timer runs here), with no request of its own; still under way,
// the screen waits for that read, not a second one.
import { MESSAGES, type Policy } from '@espace/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAccount } from '../testing/account';
import { testPolicy } from '../testing/policy';
import { App, portalReads, PortalRoutes, type FirstReads } from './app';

const account = testAccount();

const policy = (accountId: string) => testPolicy({ accountId });

/** The portal as portal.tsx renders it in the browser. */
function portal(session: { accountId: string; email: string; name: string }, first: FirstReads) {
  return (
    <App session={session} reads={portalReads(first)}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </App>
  );
}
/** The card's title: testPolicy's car. */
const cardTitle = 'Peugeot 208';
/**
 * What the screen and the shell read for themselves besides (the cards' open requests, the
 * navigation's unread messages), not one of the first reads.
 */
const firstReads = (urls: string[]) =>
  urls.filter((url) => !url.includes('/requests?') && !url.includes('/conversations'));

describe('the first reads the page hands over', () => {
  let container: HTMLDivElement;
  let root: Root;
  let fetched: string[];

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    fetched = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      fetched.push(String(input));
      // Never answered: a failed read is tried again a second later (portal-reads.ts), after
      // this test has given fetch back, and that request would be the document's own, still
      // under way when the worker's document is torn down.
      return new Promise(() => undefined);
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await act(async () => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it('has the cards the page carried on screen before the first paint, without a request', async () => {
    const session = { accountId: 'acc-carried', email: account.email, name: 'Camille Martin' };
    // What a browser paints next: what the task and its microtasks left, before any timer.
    vi.useFakeTimers();
    await act(async () =>
      root.render(portal(session, { account, policies: [policy('acc-carried')] })),
    );
    const main = container.querySelector('main');
    expect(main?.querySelector('h1')?.textContent).toBe('Mes Polices d’assurance');
    expect(main?.textContent).toContain(cardTitle);
    expect(main?.textContent).not.toContain(MESSAGES.loading);
    expect(firstReads(fetched)).toEqual([]);
  });

  it('waits for a read still under way instead of sending another', async () => {
    const session = { accountId: 'acc-pending', email: account.email, name: 'Camille Martin' };
    let deliver: (policies: Policy[]) => void = () => undefined;
    const policies = new Promise<Policy[]>((resolve) => (deliver = resolve));
    await act(async () =>
      root.render(portal(session, { account: Promise.resolve(account), policies })),
    );
    expect(container.textContent).toContain(MESSAGES.loading);
    expect(container.textContent).not.toContain(cardTitle);
    await act(async () => {
      deliver([policy('acc-pending')]);
      // The read tells the screens once its promise settles: within act, as the browser would.
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(container.textContent).toContain(cardTitle);
    expect(firstReads(fetched)).toEqual([]);
  });
});
