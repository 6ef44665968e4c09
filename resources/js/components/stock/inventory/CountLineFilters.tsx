import type { Option } from '@shared/lists';
import type { CountLineFilter } from '@shared/pages/stock';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import type { ListHandle } from '@/components/data/useList';

const SHOW_OPTIONS: Array<{ value: CountLineFilter; label: string }> = [
  { value: 'all', label: 'Tous' },
  { value: 'uncounted', label: 'Non comptés' },
  { value: 'counted', label: 'Comptés' },
  { value: 'differences', label: 'Avec écart' },
  { value: 'moved', label: 'Ont bougé' },
];

/** Search and filters of a count's product lines, at the top of the lines card. */
export function CountLineFilters({
  list,
  filters,
  categories,
}: {
  list: ListHandle;
  filters: { q: string; category_id: string; show: CountLineFilter };
  categories: Option[];
}) {
  return (
    <ListToolbar
      className="p-3 mb-0 border-bottom"
      q={filters.q}
      onSearch={(q) => list.update({ q })}
      placeholder="Code, nom ou code-barres…"
      searchLabel="Rechercher un produit"
      onReset={list.filtered ? list.reset : undefined}
    >
      {categories.length > 1 ? (
        <FilterSelect
          label="Catégorie"
          value={filters.category_id}
          allLabel="Toutes"
          options={categories}
          onChange={(category_id) => list.update({ category_id })}
        />
      ) : null}
      <FilterSelect
        label="Afficher"
        value={filters.show}
        options={SHOW_OPTIONS}
        onChange={(show) => list.update({ show: show === 'all' ? '' : show })}
        testId="line-show"
      />
    </ListToolbar>
  );
}
