// One mechanism for every screen (RGAA 8.6 and 12.8; docs/product/README.md banners): on each client-side
// navigation the page title becomes the route's own (its `handle.title`), the page opens at the
// top, and focus moves to what the customer must hear first: the banner a success left for the
// next screen (e.g. after a contract change, home), else the screen's main heading.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRouteHandles } from '../../lib/route-handles';
import { documentTitle, isTitleHandle } from './route-handle';
import { revealFeedback } from './focus-main';

export function useRouteAnnouncer(): void {
  const { pathname } = useLocation();
  const title = useRouteHandles().findLast(isTitleHandle)?.title;
  const first = useRef(true);
  const shownTitle = useRef(title);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    // The first screen is the page load: the browser starts at the top, focus on the document.
    if (first.current) {
      first.current = false;
      return;
    }
    // The same screen under another path (a tab of /documents/{id}): focus stays on what the
    // customer operates.
    const sameScreen = shownTitle.current === title;
    shownTitle.current = title;
    if (sameScreen) return;
    return revealFeedback({ preferBanner: true });
    // Only a change of path moves focus; the title is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
