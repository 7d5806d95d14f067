// What a screen shows while its code or its data is on the way (docs/product/documents.md « While
// it loads »): its title, its tabs and grey blocks where its cards will be, at once, instead of a
// blank page for seconds on a slow phone. Said once to a screen reader (« Chargement… »). It has
// no heading: the route announcer waits for the screen's own h1 and focuses that one.
import { MESSAGES } from '@espace/contract';
import './skeleton.css';

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
  tabs?: readonly string[];
  cards?: number;
}) {
  return (
    <div className="screen-skeleton" data-testid="screen-skeleton">
      <p className="visually-hidden" role="status">
        {MESSAGES.loading}
      </p>
      <p className="screen-skeleton__title" aria-hidden="true">
        {title}
      </p>
      {tabs.length > 0 && (
        <p className="screen-skeleton__tabs" aria-hidden="true">
          {tabs.map((tab) => (
            <span key={tab}>{tab}</span>
          ))}
        </p>
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
