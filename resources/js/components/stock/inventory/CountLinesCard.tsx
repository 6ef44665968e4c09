import { usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import type { Paginated } from '@shared/lists';
import { Pagination } from '@/components/Pagination';
import { EmptyState } from '@/components/data/EmptyState';

/** The card of a count's product lines: `top` (scan box, filters), `notice`, the table (children) or an empty state, the pagination. */
export function CountLinesCard({ top, notice, lines, emptyIcon, testId, children }: { top: ReactNode; notice?: ReactNode; lines: Paginated<unknown>; emptyIcon: string; testId?: string; children: ReactNode }) {
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
        <Pagination currentPage={lines.page} lastPage={lines.last_page} url={url} total={lines.total} perPage={lines.per_page} label="Pagination des produits" />
      </div>
    </div>
  );
}
