// An inbox's results (docs/console.md « Boîte de réception », « Messages »): loading, the error,
// or the page's table and its paging, which goes on past the count when it stopped at the cap
// (« Page 1 sur plus de 500 »). While a new search or filter loads, the last results stay,
// marked busy (dimmed). And what the two tables show alike: the count in their caption
// (« plus de 10 000 » past the cap) and the assignee.
import type { CappedPage, InboxItem } from '@espace/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, Loading } from './loading';
import { Pagination } from './pagination';

export function InboxResults<P extends CappedPage<unknown>>({
  result,
  label,
  children,
}: {
  result: UseQueryResult<P>;
  /** The paging's accessible name. */
  label: string;
  /** The page's table. */
  children: (page: P) => ReactNode;
}) {
  if (result.isPending) return <Loading />;
  if (result.isError) return <LoadError error={result.error} />;
  return (
    <div className="inbox-results" aria-busy={result.isPlaceholderData}>
      {children(result.data)}
      <Pagination
        page={result.data.page}
        pageCount={result.data.pageCount}
        more={result.data.totalIsCapped}
        label={label}
      />
    </div>
  );
}

/** The items counted, for a caption: « 12 », « 1 234 », « plus de 10 000 ». */
export const countOf = (page: CappedPage<unknown>) =>
  `${page.totalIsCapped ? 'plus de ' : ''}${page.total.toLocaleString('fr-FR')}`;

export function AssigneeName({ assignee }: { assignee: InboxItem['assignee'] }) {
  return assignee ? <span title={assignee.email}>{assignee.displayName}</span> : 'Non attribuée';
}
