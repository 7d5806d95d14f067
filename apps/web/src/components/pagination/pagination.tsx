import './pagination.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
  label: string;
}

/** docs/product/README.md: 'précédent' and 'suivant' controls when there is more than one page. */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        précédent
      </button>
      <span aria-live="polite">{`Page\u00a0${page} sur\u00a0${pageCount}`}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        suivant
      </button>
    </nav>
  );
}
