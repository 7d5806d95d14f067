import { Link, type To } from 'react-router';
import './pagination.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** The address of a page: the page is in it (`?page=2`), so a reload or Back keeps it. */
  to(page: number): To;
  /** Once a page is chosen in the portal (the screen moves the focus to its list's heading). */
  onTurn?(page: number): void;
  label: string;
}

/**
 * docs/product/README.md: 'précédent' and 'suivant' controls when there is more than one page.
 * Links to the page's address, so that they work on a page the server drew before its script has
 * come, and without it (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md); the one that leads
 * nowhere (before the first page, after the last) is a disabled button.
 */
export function Pagination({ page, pageCount, to, onTurn, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  const turn = (target: number, text: string) =>
    target < 1 || target > pageCount ? (
      <button type="button" className="button button--secondary" disabled>
        {text}
      </button>
    ) : (
      <Link className="button button--secondary" to={to(target)} onClick={() => onTurn?.(target)}>
        {text}
      </Link>
    );
  return (
    <nav className="pagination" aria-label={label}>
      {turn(page - 1, 'précédent')}
      <span aria-live="polite">{`Page\u00a0${page} sur\u00a0${pageCount}`}</span>
      {turn(page + 1, 'suivant')}
    </nav>
  );
}
