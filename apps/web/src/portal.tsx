// The portal's rendering, loaded by main.tsx once the page names a signed-in account (while the
// first reads arrive) and on the public sign-out pages.
import type { Account, Policy } from '@espace/contract';
import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base styles come first: the CSS each component imports comes after and refines them.
import './styles/global.css';
import { App } from './app/app';
import type { Session } from './lib/session';

// Preact runs effects after the next frame (requestAnimationFrame, or a 35 ms timer); React's
// scheduler ran them in the next task, through a MessageChannel, which a stopped or throttled
// timer does not hold back. The portal keeps React's timing
// (docs/decisions/0083-preact-in-the-portal.md).
const effects = new MessageChannel();
let pendingEffects: (() => void)[] = [];
effects.port1.onmessage = () => {
  const run = pendingEffects;
  pendingEffects = [];
  for (const callback of run) callback();
};
options.requestAnimationFrame = (callback) => {
  pendingEffects.push(callback);
  if (pendingEffects.length === 1) effects.port2.postMessage(null);
};

const root = createRoot(document.getElementById('root')!);

export async function renderLoggedOut(): Promise<void> {
  // Its own chunk: the signed-in screens never load it.
  const { LoggedOutPage } = await import('./app/logged-out-page');
  root.render(<LoggedOutPage />);
}

export async function renderAccountDeleted(): Promise<void> {
  // Its own chunk too (docs/decisions/0041-account-deletion-recap.md).
  const { AccountDeletedPage } = await import('./app/account-deleted-page');
  root.render(<AccountDeletedPage />);
}

export function renderPortal(
  session: Session,
  first: { account: Account | Promise<Account>; policies: Policy[] | Promise<Policy[]> },
): void {
  root.render(
    <StrictMode>
      <App session={session} first={first} />
    </StrictMode>,
  );
}
