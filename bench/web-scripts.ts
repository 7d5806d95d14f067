// The scripts bench/web.ts runs in the pages it measures, before the pages' own scripts: the
// moments are noted in the page (epoch ms), where no round trip to Playwright delays them.
/**
 * Run in every page before its own scripts: sends the sign-in form once parsed, and notes
 * (epoch ms) when the first card appears.
 */
export const SIGN_IN_AND_NOTE_FIRST_CARD = `(() => {
  document.addEventListener('DOMContentLoaded', () => {
    const form = document.querySelector('form[data-sign-in]');
    if (!form) return;
    form.elements.namedItem('email').value = 'camille.martin@example.fr';
    form.elements.namedItem('password').value = 'Demo2026!';
    form.requestSubmit();
  });
  const seen = () => {
    if (!document.querySelector('[data-testid="policy-card"]')) return false;
    window.firstCardAt = performance.timeOrigin + performance.now();
    return true;
  };
  const observer = new MutationObserver(() => seen() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Run in the warm visit's page too: once the first card's « Faire un changement » button is
 * there, clicks it every 25 ms until a menu (role="menu") of that card shows, and notes (epoch
 * ms) when it does. A click before the page's script has taken over the button (the drawn first
 * screen before hydration) does nothing. The opening is also watched by a MutationObserver, so the
 * moment is the one the menu showed, not the next tick's.
 */
export const OPEN_FIRST_MENU = `(() => {
  let timer;
  const firstCard = () => document.querySelector('[data-testid="policy-card"]');
  const opened = (card) =>
    [...card.querySelectorAll('[role="menu"]')].some(
      (menu) => !menu.hidden && menu.checkVisibility(),
    );
  const observer = new MutationObserver(() => note());
  const note = () => {
    const card = firstCard();
    if (!card || !opened(card)) return false;
    window.interactiveAt = performance.timeOrigin + performance.now();
    clearInterval(timer);
    observer.disconnect();
    return true;
  };
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden'],
  });
  timer = setInterval(() => {
    if (note()) return;
    const buttons = firstCard()?.querySelectorAll('button') ?? [];
    const button = [...buttons].find((b) => b.textContent.includes('Faire un changement'));
    if (!button) return;
    button.click();
    note();
  }, 25);
})();`;
