import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import type { Paginated } from '@shared/lists';
import { Pagination } from '@/components/Pagination';
import { EmptyState } from './EmptyState';

/**
 * The card around a list table: horizontal scroll on narrow screens (the first column stays
 * readable), an empty state instead of an empty table, the pagination of `page` under it.
 *
 *   <DataTable caption="Liste des clients" head={<tr>…</tr>} page={clients} pageLabel="Pagination des clients"
 *     emptyTitle="Aucun client" emptyText="…">{clients.data.map(…)}</DataTable>
 */
export function DataTable({
  caption,
  head,
  children,
  page,
  pageLabel,
  pageParam,
  empty = page ? page.data.length === 0 : false,
  emptyTitle,
  emptyText,
  emptyIcon = 'fa-regular fa-folder-open',
  emptyAction,
  footer,
  wrap = false,
  testId,
  className = '',
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  /** The server's page of rows: gives the pagination (and `empty`). */
  page?: Paginated<unknown>;
  pageLabel?: string;
  /** Query parameter of the page number, when the screen pages two lists. */
  pageParam?: string;
  empty?: boolean;
  emptyTitle: string;
  emptyText?: ReactNode;
  emptyIcon?: string;
  emptyAction?: ReactNode;
  /** Under the table, instead of the pagination. */
  footer?: ReactNode;
  /** Let every cell wrap (document lists with many columns) instead of only the .app-wrap ones. */
  wrap?: boolean;
  testId?: string;
  className?: string;
}) {
  const { url } = usePage();
  const bottom = footer ?? (page ? <Pagination currentPage={page.page} lastPage={page.last_page} url={url} total={page.total} perPage={page.per_page} param={pageParam} label={pageLabel} /> : null);
  return (
    <div className={`card app-data-card ${className}`} data-testid={testId}>
      {empty ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} action={emptyAction}>
          {emptyText}
        </EmptyState>
      ) : (
        <ScrollTable caption={caption} head={head} hover wrap={wrap}>
          {children}
        </ScrollTable>
      )}
      {bottom ? <div className="card-footer app-data-footer">{bottom}</div> : null}
    </div>
  );
}

/**
 * A table that scrolls sideways inside its card on a narrow screen (keyboard-focusable region
 * named by `caption`): the body of DataTable, and the tables of record pages' sections.
 */
export function ScrollTable({ caption, head, foot, children, hover = false, wrap = false, testId }: { caption: string; head: ReactNode; foot?: ReactNode; children: ReactNode; hover?: boolean; wrap?: boolean; testId?: string }) {
  return (
    <div className="table-responsive app-table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className={`table ${hover ? 'table-hover' : ''} align-middle mb-0 app-table ${wrap ? 'app-table-wrap' : ''}`} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}

/** The link that opens a row's record from its code, or a document from its number (`doc`). */
export function RowLink({ href, doc = false, children }: { href: string; doc?: boolean; children: ReactNode }) {
  return (
    <Link href={href} className={`app-row-link ${doc ? 'app-doc-number' : ''}`}>
      {children}
    </Link>
  );
}

/** The record's name, opening it too (quietly: the code is the visible link). */
export function NameLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-reset text-decoration-none">
      {children}
    </Link>
  );
}
