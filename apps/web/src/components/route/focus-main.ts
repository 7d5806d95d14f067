// Where focus goes when the element that had it disappears (a dialog's opener re-rendered away, the
// cookie banner after a choice, an upload's list after it is sent), after a navigation, or after a
// success that stays on the screen: the banner the success left, else the screen's main heading,
// never <body> (RGAA 12.8, WAI-ARIA APG). The target gets tabindex=-1 so it can take focus
// without entering the tab order.

const GIVE_UP_MS = 5000;

function focusTarget(preferBanner: boolean): HTMLElement | null {
  const main = document.getElementById('main');
  if (!main) return null;
  const banner = preferBanner ? main.querySelector<HTMLElement>('[data-testid="banner"]') : null;
  return banner ?? main.querySelector<HTMLElement>('h1');
}

/** Focuses the banner (when asked and shown), else the main heading; true if done. */
export function focusMainHeading(options: { preferBanner?: boolean } = {}): boolean {
  const target = focusTarget(options.preferBanner ?? false);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Opens the page at the top and focuses the banner or heading as soon as it is rendered (a lazy
 * screen or a banner put in by a state update appears a little later). Returns a cancel function.
 */
export function revealFeedback(options: { preferBanner?: boolean } = {}): () => void {
  window.scrollTo({ top: 0 });
  const main = document.getElementById('main');
  const focus = () => focusMainHeading(options);
  if (!main || focus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = window.setTimeout(stop, GIVE_UP_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** After the focused element is removed (a dialog, the cookie banner), focus the main heading. */
export function keepFocusInPage(): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) focusMainHeading();
  }, 0);
}
