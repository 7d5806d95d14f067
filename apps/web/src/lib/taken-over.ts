// Whether the portal's script has taken the page over (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md).
// The server draws the first screen and the browser shows it, its links and popover menus
// working, seconds before the script has come on a slow phone; a button whose action is the
// script's (sign out, a disclosure, the cookie banner's choice) would take a tap then and do
// nothing. Such a button is drawn disabled until this says true: false on the server and while
// React hydrates what the server drew (the server's answer, so that both draw the same), true
// from the render that follows hydration on, and at once on a screen the browser draws itself.
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/** True once the portal's script runs the page (never on the server, nor during hydration). */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
