// Paging kept in the URL (?page=N): links to the previous and next pages with the other
// search parameters unchanged, and where the reader is.
import { Link, useSearchParams } from 'react-router';

export function Pagination({
  page,
  pageCount,
  label,
  more = false,
}: {
  page: number;
  pageCount: number;
  label: string;
  /** More pages follow `pageCount` (the count stopped there). */
  more?: boolean;
}) {
  const [params] = useSearchParams();
  if (pageCount <= 1 && !more) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 && <Link to={to(page - 1)}>Page précédente</Link>}
      <span aria-current="page">
        Page {page} sur {more ? `plus de ${pageCount.toLocaleString('fr-FR')}` : pageCount}
      </span>
      {(page < pageCount || more) && <Link to={to(page + 1)}>Page suivante</Link>}
    </nav>
  );
}
