// What a screen shows while its code or its data is on the way (docs/product/documents.md « While
// it loads »): its title, its tabs and grey blocks where its cards will be, at once, instead of a
// blank page for seconds on a slow phone. Said once to a screen reader (« Chargement… »). It has
// no heading: the route announcer waits for the screen's own h1 and focuses that one. Its tabs
// are links to each tab's address: drawn by the server, they work before the script has come
// (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md), and a tap on one while the
// screen's code comes opens that tab once it is there.
import { MESSAGES } from '@espace/contract';
import { Link, useLocation } from 'react-router';
import './skeleton.css';

/** A tab of the screen to come: its name and its address. */
export interface SkeletonTab {
  label: string;
  to: string;
}

/**
 * Grey lines where a list's entries will be (a card's content still loading); with `label`, said
 * to a screen reader.
 */
export function SkeletonLines({ count = 3, label }: { count?: number; label?: string }) {
  return (
    <>
      {label && (
        <span className="visually-hidden" role="status">
          {label}
        </span>
      )}
      <span className="skeleton-lines" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className="skeleton" />
        ))}
      </span>
    </>
  );
}

export function ScreenSkeleton({
  title,
  tabs = [],
  cards = 2,
}: {
  title: string;
  tabs?: readonly SkeletonTab[];
  cards?: number;
}) {
  const { pathname } = useLocation();
  // The tab at the address, or the first (the screen's own address opens it).
  const shown = Math.max(
    0,
    tabs.findIndex((tab) => tab.to === pathname),
  );
  return (
    <div className="screen-skeleton" data-testid="screen-skeleton">
      <p className="visually-hidden" role="status">
        {MESSAGES.loading}
      </p>
      <p className="screen-skeleton__title" aria-hidden="true">
        {title}
      </p>
      {tabs.length > 0 && (
        <nav className="screen-skeleton__tabs" aria-label={title}>
          {tabs.map((tab, index) => (
            <Link
              key={tab.to}
              to={tab.to}
              replace
              aria-current={index === shown ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
      <div className="screen-skeleton__cards" aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="card">
            <span className="skeleton skeleton--heading" />
            <SkeletonLines />
          </div>
        ))}
      </div>
    </div>
  );
}
