import type { SortDir } from '@shared/lists';
import { Icon } from '@/components/Icon';
import { nextSort } from './list-query';

/**
 * A sortable column header: a button that toggles asc/desc; aria-sort tells screen readers the
 * current order. Only columns the server allows are made sortable.
 *
 *   <SortHeader column="name" label="Nom" sort={params.sort} dir={params.dir} onSort={(s) => list.update(s)} />
 */
export function SortHeader({
  column,
  label,
  sort,
  dir,
  onSort,
  className = '',
}: {
  column: string;
  label: string;
  sort: string;
  dir: SortDir;
  onSort: (s: { sort: string; dir: SortDir }) => void;
  className?: string;
}) {
  const active = sort === column;
  const icon = !active ? 'fa-solid fa-sort' : dir === 'asc' ? 'fa-solid fa-sort-up' : 'fa-solid fa-sort-down';
  return (
    <th scope="col" className={className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className={`app-sort ${active ? 'is-active' : ''}`}
        onClick={() => onSort(nextSort({ sort, dir }, column))}
      >
        {label}
        <Icon name={icon} className="app-sort-icon" />
        <span className="visually-hidden">
          {active ? (dir === 'asc' ? ' (tri croissant)' : ' (tri décroissant)') : ' (trier)'}
        </span>
      </button>
    </th>
  );
}
