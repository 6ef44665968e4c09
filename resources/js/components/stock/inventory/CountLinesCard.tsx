import { usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import type { Paginated } from '@shared/lists';
import { Pagination } from '@/components/Pagination';
import { EmptyState } from '@/components/data/EmptyState';

/** The card of a count's product lines: `top` (scan box, filters), `notice`, the table (children) or an empty state, the pagination. */
export function CountLinesCard({
  top,
  notice,
  lines,
  emptyIcon,
  testId,
  children,
}: {
  top: ReactNode;
  notice?: ReactNode;
  lines: Paginated<unknown>;
  emptyIcon: string;
  testId?: string;
  children: ReactNode;
}) {
  const { url } = usePage();
  return (
    <div className="card" data-testid={testId}>
      {top}
      {notice}
      {lines.data.length === 0 ? (
        <EmptyState icon={emptyIcon} title="Aucun produit ne correspond">
          Modifiez la recherche ou les filtres.
        </EmptyState>
      ) : (
        children
      )}
      <div className="card-footer">
        <Pagination
          currentPage={lines.page}
          lastPage={lines.last_page}
          url={url}
          total={lines.total}
          perPage={lines.per_page}
          label="Pagination des produits"
        />
      </div>
    </div>
  );
}

/** The table of a count's lines: code and product first (on a phone the code goes under the name), then `head`'s columns. */
export function CountLinesTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm app-doc-table app-stack-sm app-stack-3" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col" className="d-none d-sm-table-cell">
              Code
            </th>
            <th scope="col">Produit</th>
            {head}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The first two cells of a count line (see CountLinesTable); `extra` goes under the name. */
export function CountLineProduct({ code, name, extra }: { code: string; name: string; extra?: ReactNode }) {
  return (
    <>
      <td className="code d-none d-sm-table-cell">{code}</td>
      <td className="app-stack-main">
        {name}
        <div className="small text-body-secondary code d-sm-none">{code}</div>
        {extra}
      </td>
    </>
  );
}
