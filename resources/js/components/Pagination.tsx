import { Link } from '@inertiajs/react';
import { Icon } from './Icon';

export type PageSlot = number | 'gap';

/**
 * The page numbers to show, always the same count (2 × siblings + 5) so the bar does not jump:
 * the first and the last page, the current one with `siblings` on each side, and "…" gaps.
 * A gap never stands for a single page.
 */
export function pageWindow(current: number, last: number, siblings = 1): PageSlot[] {
  const total = Math.max(1, last);
  const page = Math.min(Math.max(1, current), total);
  const slots = siblings * 2 + 5;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  if (total <= slots) return range(1, total);
  const edge = siblings * 2 + 3;
  if (page <= siblings + 3) return [...range(1, edge), 'gap', total];
  if (page >= total - siblings - 2) return [1, 'gap', ...range(total - edge + 1, total)];
  return [1, 'gap', ...range(page - siblings, page + siblings), 'gap', total];
}

/** The current URL with ?page=N (other query parameters kept: filters, search, sort). */
export function pageHref(url: string, page: number, param = 'page'): string {
  const u = new URL(url, 'http://localhost');
  if (page <= 1) u.searchParams.delete(param);
  else u.searchParams.set(param, String(page));
  const qs = u.searchParams.toString();
  return `${u.pathname}${qs ? `?${qs}` : ''}`;
}

interface PaginationProps {
  currentPage: number;
  lastPage: number;
  /** Current URL (path + query), e.g. usePage().url. */
  url: string;
  total?: number;
  perPage?: number;
  param?: string;
  /** Label of the list for screen readers ("Pagination des clients"). */
  label?: string;
  className?: string;
}

/** Server-side pagination links (Inertia visits keep the scroll at the top of the list). */
export function Pagination({
  currentPage,
  lastPage,
  url,
  total,
  perPage,
  param = 'page',
  label = 'Pagination',
  className = '',
}: PaginationProps) {
  const from = total !== undefined && perPage ? (total === 0 ? 0 : (currentPage - 1) * perPage + 1) : undefined;
  const to = total !== undefined && perPage ? Math.min(total, currentPage * perPage) : undefined;
  const fmt = (n: number) => n.toLocaleString('fr-FR');
  return (
    <div
      className={`d-flex flex-column flex-sm-row align-items-center justify-content-between gap-2 app-pagination ${className}`}
    >
      {total !== undefined && from !== undefined && to !== undefined ? (
        <p className="text-body-secondary small mb-0" aria-live="polite">
          {total === 0
            ? 'Aucun résultat'
            : `${fmt(from)} à ${fmt(to)} sur ${fmt(total)} résultat${total > 1 ? 's' : ''}`}
        </p>
      ) : (
        <span />
      )}
      {lastPage > 1 ? (
        <nav aria-label={label}>
          <ul className="pagination pagination-sm mb-0">
            <li className={`page-item ${currentPage <= 1 ? 'disabled' : ''}`}>
              {currentPage <= 1 ? (
                <span className="page-link" aria-disabled="true">
                  <Icon name="fa-solid fa-angle-left" />
                  <span className="visually-hidden">Page précédente</span>
                </span>
              ) : (
                <Link className="page-link" href={pageHref(url, currentPage - 1, param)} preserveState rel="prev">
                  <Icon name="fa-solid fa-angle-left" />
                  <span className="visually-hidden">Page précédente</span>
                </Link>
              )}
            </li>
            {pageWindow(currentPage, lastPage).map((slot, i) =>
              slot === 'gap' ? (
                <li key={`gap-${i}`} className="page-item disabled">
                  <span className="page-link" aria-hidden="true">
                    …
                  </span>
                </li>
              ) : (
                <li key={slot} className={`page-item ${slot === currentPage ? 'active' : ''}`}>
                  {slot === currentPage ? (
                    <span className="page-link" aria-current="page">
                      <span className="visually-hidden">Page </span>
                      {slot}
                    </span>
                  ) : (
                    <Link className="page-link" href={pageHref(url, slot, param)} preserveState>
                      <span className="visually-hidden">Page </span>
                      {slot}
                    </Link>
                  )}
                </li>
              ),
            )}
            <li className={`page-item ${currentPage >= lastPage ? 'disabled' : ''}`}>
              {currentPage >= lastPage ? (
                <span className="page-link" aria-disabled="true">
                  <Icon name="fa-solid fa-angle-right" />
                  <span className="visually-hidden">Page suivante</span>
                </span>
              ) : (
                <Link className="page-link" href={pageHref(url, currentPage + 1, param)} preserveState rel="next">
                  <Icon name="fa-solid fa-angle-right" />
                  <span className="visually-hidden">Page suivante</span>
                </Link>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
