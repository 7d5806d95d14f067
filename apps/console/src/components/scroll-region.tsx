// A table's frame: on a narrow screen the table scrolls inside it rather than the page (WCAG
// 1.4.10), and the keyboard can reach it to scroll (WCAG 2.1.1), named by the table's caption
// or heading.
import type { ReactNode } from 'react';

export function ScrollRegion({
  labelledBy,
  children,
}: {
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
