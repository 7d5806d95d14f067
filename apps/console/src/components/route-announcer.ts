// One mechanism for every screen (RGAA 8.6, 12.8), as in the portal: on each navigation the page
// title becomes the route's own (its `handle.title`, or the title a screen sets with useTitle),
// the page opens at the top and focus goes to the screen's one <h1>, so a screen reader hears
// where it arrived. The first screen is the page load: focus stays on the document.
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

const SITE = 'Console du courtier';

export const documentTitle = (title?: string) => (title ? `${title} – ${SITE}` : SITE);

/** Sets the document's title from a screen whose title depends on its data. */
export function useTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

export function useRouteAnnouncer(): void {
  const { pathname } = useLocation();
  const handle = useMatches().findLast((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title: string } | undefined;
  const first = useRef(true);

  useEffect(() => {
    document.title = documentTitle(handle?.title);
  }, [handle?.title]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    if (focusHeading()) return;
    // A lazy screen renders its heading a little later.
    const main = document.getElementById('main');
    if (!main) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
