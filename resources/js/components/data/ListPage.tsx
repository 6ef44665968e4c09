import { router } from '@inertiajs/react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Paginated } from '@shared/lists';
import { AppPage, type AppPageProps } from '@/components/AppPage';
import { type Columns, DataTable } from './DataTable';
import { ListToolbar } from './ListToolbar';
import type { ListHandle } from './useList';

/** What ListPage takes (a screen built on it, like CancellationPage, passes the rest through). */
export type ListPageProps<T> = Omit<AppPageProps, 'children'> & {
  list: ListHandle;
  /**
   * The list's one search box. With `open` (a row's page), Enter opens a row once the list has
   * answered: the one the text names exactly (`exact`: a code, a scanned barcode), else the only row found.
   */
  search?: { placeholder: string; label: string; open?: (row: T) => string; exact?: (row: T, q: string) => boolean };
  /** Offer the page size (lists whose server reads per_page). */
  perPage?: boolean;
  filters?: ReactNode;
  actions?: ReactNode;
  note?: ReactNode;
  /** Between the heading and the toolbar (a picker, tabs, an alert). */
  before?: ReactNode;
  /** Between the toolbar and the table (key figures, a form acting on the list). */
  between?: ReactNode;
  /** Under the table (a save bar). */
  after?: ReactNode;
  page: Paginated<T>;
  caption: string;
  pageLabel?: string;
  pageParam?: string;
  empty: { icon: string; title: string; filteredTitle?: string; text?: ReactNode; action?: ReactNode };
  columns: Columns<T>;
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  rowTestId?: (row: T) => string | undefined;
  tableTestId?: string;
  tableClassName?: string;
  toolbarTestId?: string;
};

/**
 * A whole list screen: the page heading, the toolbar wired to `list` (useList: search, filters,
 * Réinitialiser, page size when `perPage`), the table of `page` with its pagination and empty
 * state ("… ne correspond" once filtered). Copy pages/clients/Index.tsx for a new list.
 *
 *   const list = useList(route('clients.index'), params);
 *   <ListPage title="Clients" breadcrumbs={…} list={list} search={{ placeholder: 'Code, nom…', label: 'Rechercher un client' }}
 *     filters={<FilterSelect … />} actions={<ListActions … />} page={clients} caption="Liste des clients"
 *     empty={{ icon: 'fa-solid fa-users', title: 'Aucun client', filteredTitle: 'Aucun client ne correspond', text: 'Créez…' }}
 *     head={<tr>…</tr>}>{clients.data.map(…)}</ListPage>
 */
export function ListPage<T>({
  list,
  search,
  perPage = false,
  filters,
  actions,
  note,
  before,
  between,
  after,
  page,
  caption,
  pageLabel = `Pagination : ${caption.toLowerCase()}`,
  pageParam,
  empty,
  columns,
  rowKey,
  rowClassName,
  rowTestId,
  tableTestId,
  tableClassName,
  toolbarTestId,
  ...heading
}: ListPageProps<T>) {
  const filtered = list.filtered;
  // Enter in the search box: once the list answers for that text, a single row it names exactly opens.
  const entered = useRef<string | null>(null);
  const open = search?.open;
  const exact = search?.exact;
  useEffect(() => {
    const q = entered.current;
    if (q === null || !open || String(list.state.q ?? '') !== q) return;
    entered.current = null;
    const named = exact ? page.data.filter((row) => exact(row, q)) : [];
    const target = named.length === 1 ? named[0] : page.data.length === 1 ? page.data[0] : null;
    if (target) router.visit(open(target));
  }, [page, list.state.q, open, exact]);
  return (
    <AppPage {...heading}>
      {before}
      <ListToolbar
        q={String(list.state.q ?? '')}
        onSearch={search ? (q) => list.update({ q }) : undefined}
        onSearchEnter={open ? (q) => (entered.current = q || null) : undefined}
        placeholder={search?.placeholder}
        searchLabel={search?.label}
        perPage={perPage ? Number(list.state.per_page) : undefined}
        onPerPage={perPage ? (per_page) => list.update({ per_page }) : undefined}
        onReset={filtered ? list.reset : undefined}
        actions={actions}
        note={note}
        testId={toolbarTestId}
      >
        {filters}
      </ListToolbar>
      {between}
      <DataTable
        caption={caption}
        testId={tableTestId}
        className={tableClassName}
        columns={columns}
        rows={page.data}
        rowKey={rowKey}
        rowClassName={rowClassName}
        rowTestId={rowTestId}
        sort={list.sort}
        page={page}
        pageLabel={pageLabel}
        pageParam={pageParam}
        emptyIcon={empty.icon}
        emptyTitle={filtered ? (empty.filteredTitle ?? empty.title) : empty.title}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : empty.text}
        emptyAction={filtered ? undefined : empty.action}
      />
      {after}
    </AppPage>
  );
}
