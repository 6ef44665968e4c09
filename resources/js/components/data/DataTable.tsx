import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import type { Paginated, SortDir } from '@shared/lists';
import { route, type RouteName, type RouteParams } from '@shared/routes';
import { Pagination } from '@/components/Pagination';
import { EmptyState } from './EmptyState';
import { SortHeader } from './SortHeader';

/**
 * What a column is to a reader, which decides how a row reads as a card on a phone (< 576 px):
 * `title` (code, number, name — across the top), `status` (badge, under the title), `figure`
 * (the key figures — stock, price, amount, balance — labelled, in bold, two per line),
 * `secondary` (labelled, smaller), `actions` (buttons across the bottom). Above 576 px the
 * columns are a table.
 */
export type ColumnRole = 'title' | 'status' | 'figure' | 'secondary' | 'actions';

export interface Column<T> {
  /** React key, and the column's sort key unless `sort` says another. */
  id: string;
  /** Header, and the label of the value on a card. */
  label: string;
  role: ColumnRole;
  /** Sortable: the server's sort key (`true` → `id`). Needs DataTable's `sort`. */
  sort?: string | true;
  /** A number: right-aligned, tabular figures. */
  num?: boolean;
  /** The cell may wrap (long names, descriptions); other cells keep to one line. */
  wrap?: boolean;
  className?: string;
  cellClassName?: (row: T) => string | undefined;
  cellTitle?: (row: T) => string | undefined;
  cell: (row: T) => ReactNode;
  /**
   * The column's cell in the total row (a document's « Total », « 50 sacs, 4 seaux »): when a
   * column has one, the table gets a footer row laid out by the same columns (a card on a phone).
   */
  foot?: ReactNode;
}

/** Columns as declared: a conditional column is written `can.x ? {…} : null`. */
export type Columns<T> = ReadonlyArray<Column<T> | false | null | undefined>;

export interface RowsProps<T> {
  columns: Columns<T>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  rowTestId?: (row: T) => string | undefined;
}

/** The sort state and setter (useList().sort). */
export type SortHandle = { sort: string; dir: SortDir; onSort: (s: { sort: string; dir: SortDir }) => void };

/**
 * The card around a list table: the columns (their role makes each row a card on a phone),
 * an empty state instead of an empty table, the pagination of `page` under it.
 *
 *   <DataTable caption="Liste des clients" columns={columns} rows={clients.data} rowKey={(c) => c.id} sort={list.sort}
 *     page={clients} pageLabel="Pagination des clients" emptyTitle="Aucun client" emptyText="…" />
 */
export function DataTable<T>({
  caption,
  page,
  pageLabel,
  pageParam,
  empty,
  emptyTitle,
  emptyText,
  emptyIcon = 'fa-regular fa-folder-open',
  emptyAction,
  footer,
  sort,
  testId,
  className = '',
  ...table
}: RowsProps<T> & {
  caption: string;
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
  sort?: SortHandle;
  testId?: string;
  className?: string;
}) {
  const { url } = usePage();
  const isEmpty = empty ?? table.rows.length === 0;
  const bottom =
    footer ??
    (page ? (
      <Pagination
        currentPage={page.page}
        lastPage={page.last_page}
        url={url}
        total={page.total}
        perPage={page.per_page}
        param={pageParam}
        label={pageLabel}
      />
    ) : null);
  return (
    <div className={`card app-data-card ${className}`} data-testid={testId} data-list-table="">
      {isEmpty ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} action={emptyAction}>
          {emptyText}
        </EmptyState>
      ) : (
        <>
          {sort ? <CardSort columns={table.columns} sort={sort} /> : null}
          <ScrollTable caption={caption} hover sort={sort} {...table} />
        </>
      )}
      {bottom ? <div className="card-footer app-data-footer">{bottom}</div> : null}
    </div>
  );
}

const present = <T,>(columns: Columns<T>): Column<T>[] => columns.filter((c): c is Column<T> => Boolean(c));
const sortKey = <T,>(c: Column<T>) => (c.sort === true ? c.id : c.sort);
const ROLE_CLASS: Record<ColumnRole, string> = {
  title: 'app-col-title',
  status: 'app-col-status',
  figure: 'app-col-figure',
  secondary: 'app-col-secondary',
  actions: 'app-col-actions',
};

/**
 * A table of `rows` by `columns` — the body of DataTable, and the tables of record pages'
 * sections. A row is a card below 576 px (.app-cards-sm, see _master-data.scss), with each value
 * under its label; above, a table that scrolls sideways inside its card if it must.
 */
export function ScrollTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowTestId,
  foot,
  hover = false,
  sort,
  testId,
  tableClassName = '',
}: RowsProps<T> & {
  caption: string;
  foot?: ReactNode;
  hover?: boolean;
  sort?: SortHandle;
  testId?: string;
  tableClassName?: string;
}) {
  const cols = present(columns);
  const totals = cols.some((c) => c.foot !== undefined) ? (
    <tr className="fw-semibold">
      {cols.map((c) => (
        <td key={c.id} className={`${ROLE_CLASS[c.role]} ${c.num ? 'app-num' : ''}`} data-label={c.label}>
          {c.foot}
        </td>
      ))}
    </tr>
  ) : null;
  function cls(c: Column<T>) {
    return [ROLE_CLASS[c.role], c.num ? 'app-num' : '', c.wrap ? 'app-wrap' : '', c.className ?? '']
      .filter(Boolean)
      .join(' ');
  }
  return (
    <div className="table-responsive app-table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table
        className={`table ${hover ? 'table-hover' : ''} align-middle mb-0 app-table app-cards-sm ${tableClassName}`}
        data-testid={testId}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => {
              const key = sortKey(c);
              return sort && key ? (
                <SortHeader key={c.id} column={key} label={c.label} className={cls(c)} {...sort} />
              ) : (
                <th key={c.id} scope="col" className={cls(c)}>
                  {c.role === 'actions' ? <span className="visually-hidden">{c.label}</span> : c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)} data-testid={rowTestId?.(row)}>
              {cols.map((c) => (
                <td
                  key={c.id}
                  className={`${cls(c)} ${c.cellClassName?.(row) ?? ''}`}
                  data-label={c.label}
                  title={c.cellTitle?.(row)}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals || foot ? (
          <tfoot>
            {totals}
            {foot}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** On a phone the headers are gone: the sort is a select above the cards. */
function CardSort<T>({ columns, sort }: { columns: Columns<T>; sort: SortHandle }) {
  const sortable = present(columns).filter((c) => sortKey(c));
  if (sortable.length === 0) return null;
  const value = `${sort.sort}:${sort.dir}`;
  return (
    <div className="app-card-sort">
      <label className="app-filter-label" htmlFor="app-card-sort">
        Trier par
      </label>
      <select
        id="app-card-sort"
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':');
          sort.onSort({ sort: key, dir: dir === 'desc' ? 'desc' : 'asc' });
        }}
      >
        {sortable.some((c) => `${sortKey(c)}:asc` === value || `${sortKey(c)}:desc` === value) ? null : (
          <option value={value}>—</option>
        )}
        {sortable.flatMap((c) => [
          <option key={`${c.id}:asc`} value={`${sortKey(c)}:asc`}>
            {c.label} (croissant)
          </option>,
          <option key={`${c.id}:desc`} value={`${sortKey(c)}:desc`}>
            {c.label} (décroissant)
          </option>,
        ])}
      </select>
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

/** The routes that open one record from its id alone (`sales.show`, `transfers.show`…). */
export type ShowRoute = {
  [N in RouteName]: keyof RouteParams<N> extends 'id' ? ('id' extends keyof RouteParams<N> ? N : never) : never;
}[RouteName];

/**
 * A document list's « N° » column: the number opening the document (`RowLink doc` to the `show`
 * route of its id), sortable unless `sort: false`, with `below` under it (a date…).
 *
 *   columns={[numberColumn('sales.show'), …]}
 */
export function numberColumn<T extends { id: number; number: string }>(
  show: ShowRoute,
  { sort = true, below }: { sort?: boolean; below?: (row: T) => ReactNode } = {},
): Column<T> {
  const href = (row: T) => (route as (name: RouteName, params: { id: number }) => string)(show, { id: row.id });
  return {
    id: 'number',
    label: 'N°',
    role: 'title',
    ...(sort ? { sort: true as const } : {}),
    cell: (row) => {
      const link = (
        <RowLink href={href(row)} doc>
          {row.number}
        </RowLink>
      );
      return below ? (
        <>
          {link}
          {below(row)}
        </>
      ) : (
        link
      );
    },
  };
}

/** A document list's `rowClassName`: a cancelled document's row is greyed (`app-archived-row`). */
export const cancelledRow = (row: { status: string }): string | undefined =>
  row.status === 'cancelled' ? 'app-archived-row' : undefined;
