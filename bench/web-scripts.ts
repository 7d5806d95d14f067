// The scripts bench/web.ts runs in the pages it measures, before the pages' own scripts: the
// moments are noted in the page (epoch ms), where no round trip to Playwright delays them, and
// reported through the DevTools binding MARK_BINDING, so that the bench waits for them without
// running anything in the page while it loads (Playwright's own waiting injects its script into
// the page and polls it, which takes the page's main thread under the CPU throttling).

/** The binding (DevTools `Runtime.addBinding`) the pages report their moments through. */
export const MARK_BINDING = '__benchMark';

/** A moment a page reports: `at` in epoch ms. */
export interface Mark {
  name: 'submitted' | 'firstCard' | 'interactive' | 'hydrated';
  at: number;
}

/** Reports a moment once per page, from the page (the binding may be missing: nothing then). */
const MARK = `const mark = (name) => {
    const at = performance.timeOrigin + performance.now();
    window[name + 'At'] = at;
    window.${MARK_BINDING}?.(JSON.stringify({ name, at }));
    return at;
  };`;

/**
 * Run in every page before its own scripts: sends the sign-in form once parsed (noting when it
 * is sent), and notes when the first card appears.
 */
export const SIGN_IN_AND_NOTE_FIRST_CARD = `(() => {
  ${MARK}
  document.addEventListener('DOMContentLoaded', () => {
    const form = document.querySelector('form[data-sign-in]');
    if (!form) return;
    form.elements.namedItem('email').value = 'camille.martin@example.fr';
    form.elements.namedItem('password').value = 'Demo2026!';
    form.addEventListener('submit', () => mark('submitted'), { capture: true, once: true });
    form.requestSubmit();
  });
  const seen = () => {
    if (!document.querySelector('[data-testid="policy-card"]')) return false;
    mark('firstCard');
    return true;
  };
  const observer = new MutationObserver(() => seen() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Run in the warm visit's page too: once the first card's « Faire un changement » button is
 * there, clicks it every 25 ms until a menu (role="menu") of that card shows, and notes when it
 * does; separately notes when the portal's script has hydrated the page (the root's
 * \`data-hydrated\` attribute, set by apps/web/src/portal.tsx). The opening is also watched by a
 * MutationObserver, so the moment is the one the menu showed, not the next tick's.
 */
export const OPEN_FIRST_MENU = `(() => {
  ${MARK}
  let timer;
  let hydrated = false;
  let interactive = false;
  const firstCard = () => document.querySelector('[data-testid="policy-card"]');
  // Shown: a popover open, or a menu without the hidden attribute; then on screen. The cheap
  // checks first: checkVisibility() lays the page out, on every mutation while it is parsed.
  const opened = (card) =>
    [...card.querySelectorAll('[role="menu"]')].some(
      (menu) =>
        (menu.hasAttribute('popover') ? menu.matches(':popover-open') : !menu.hidden) &&
        menu.checkVisibility(),
    );
  const observer = new MutationObserver(() => note());
  const note = () => {
    if (!hydrated && document.documentElement.hasAttribute('data-hydrated')) {
      hydrated = true;
      mark('hydrated');
    }
    const card = firstCard();
    if (!interactive && card && opened(card)) {
      interactive = true;
      mark('interactive');
    }
    if (!hydrated || !interactive) return false;
    clearInterval(timer);
    observer.disconnect();
    return true;
  };
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden', 'data-hydrated'],
  });
  timer = setInterval(() => {
    if (note() || interactive) return;
    const buttons = firstCard()?.querySelectorAll('button') ?? [];
    const button = [...buttons].find((b) => b.textContent.includes('Faire un changement'));
    if (!button) return;
    button.click();
    note();
  }, 25);
})();`;
