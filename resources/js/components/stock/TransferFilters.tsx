import type { LocationOption } from '@shared/lists';
import type { TransferListFilters } from '@shared/pages/stock';
import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS } from '@shared/stock';
import { FilterInput, FilterSelect, locationOptions } from '@/components/data/ListToolbar';
import type { ListHandle } from '@/components/data/useList';

/** The search and filters of a transfer list: the transfers page and the cancellation search. */
export const TRANSFER_SEARCH = { placeholder: 'N° de transfert (TRF-2026-…)', label: 'Rechercher un transfert' };

export function TransferFilters({
  list,
  filters,
  locations,
}: {
  list: ListHandle;
  filters: TransferListFilters;
  locations: LocationOption[];
}) {
  return (
    <>
      <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
      <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
      <FilterSelect
        label="Statut"
        value={filters.status}
        allLabel="Tous"
        options={TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] }))}
        onChange={(status) => list.update({ status })}
      />
      <FilterSelect
        label="Départ"
        value={filters.from_location_id}
        allLabel="Tous"
        options={locationOptions(locations)}
        onChange={(from_location_id) => list.update({ from_location_id })}
      />
      <FilterSelect
        label="Destination"
        value={filters.to_location_id}
        allLabel="Toutes"
        options={locationOptions(locations)}
        onChange={(to_location_id) => list.update({ to_location_id })}
      />
    </>
  );
}
