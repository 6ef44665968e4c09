import type { LocationOption } from '@shared/lists';
import type { SaleListFilters } from '@shared/pages/sales';
import {
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  SALE_KINDS,
  SALE_STATUS_LABELS,
  type SaleDisplayStatus,
} from '@shared/sales';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@shared/treasury';
import { FilterSelect, PeriodFilters, locationOptions } from '@/components/data/ListToolbar';
import type { ListHandle } from '@/components/data/useList';
import { ClientFilter } from '@/components/pickers/ClientFilter';
import { FiscalFilter } from '@/components/fiscal/FiscalBadge';

const STATUS_OPTIONS = (Object.keys(SALE_STATUS_LABELS) as SaleDisplayStatus[]).map((s) => ({
  value: s,
  label: SALE_STATUS_LABELS[s],
}));
const MODE_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const KIND_OPTIONS = SALE_KINDS.map((k) => ({
  value: k,
  label: k === 'invoice' ? 'Factures (FAC)' : 'Ventes boutique (VB)',
}));

/**
 * The filters of the sales lists — Ventes détaillées / Ventes boutique (sales/Index) and
 * Annulations › Factures (sales/Cancellation): period, [type], client, location, status, [mode],
 * [payment method]. One set, so the two screens filter alike.
 */
export function SaleFilters({
  list,
  filters,
  client,
  locations,
  kind = null,
  mode = true,
  method = false,
  fiscal = false,
}: {
  list: ListHandle;
  filters: Pick<SaleListFilters, 'from' | 'to' | 'location_id' | 'status' | 'mode' | 'method'> &
    Partial<Pick<SaleListFilters, 'fiscal'>>;
  client: { id: number; name: string } | null;
  locations: LocationOption[];
  /** The « Type » filter (FAC / VB) with its value: the cancellation screen lists both kinds. */
  kind?: string | null;
  /** The « Mode » filter (comptant / crédit): invoices only. */
  mode?: boolean;
  /** The « Paiement » filter (a payment method). */
  method?: boolean;
  /** The « Certification » filter (the company certifies its sales). */
  fiscal?: boolean;
}) {
  return (
    <>
      <PeriodFilters from={filters.from} to={filters.to} onChange={list.update} />
      {kind !== null ? (
        <FilterSelect
          label="Type"
          value={kind}
          allLabel="Tous"
          options={KIND_OPTIONS}
          onChange={(value) => list.update({ kind: value })}
          testId="cancellation-kind-filter"
        />
      ) : null}
      <ClientFilter client={client} onChange={(client_id) => list.update({ client_id })} testId="sales" />
      <FilterSelect
        label="Emplacement"
        value={filters.location_id}
        allLabel="Tous"
        options={locationOptions(locations)}
        onChange={(location_id) => list.update({ location_id })}
      />
      <FilterSelect
        label="Statut"
        value={filters.status}
        allLabel="Tous"
        options={STATUS_OPTIONS}
        onChange={(status) => list.update({ status })}
        testId="sales-status-filter"
      />
      {mode ? (
        <FilterSelect
          label="Mode"
          value={filters.mode}
          allLabel="Tous"
          options={MODE_OPTIONS}
          onChange={(value) => list.update({ mode: value })}
        />
      ) : null}
      {method ? (
        <FilterSelect
          label="Paiement"
          value={filters.method}
          allLabel="Tous"
          options={METHOD_OPTIONS}
          onChange={(value) => list.update({ method: value })}
        />
      ) : null}
      {fiscal ? (
        <FiscalFilter value={filters.fiscal ?? ''} onChange={(value) => list.update({ fiscal: value })} />
      ) : null}
    </>
  );
}
