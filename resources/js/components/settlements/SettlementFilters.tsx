import type { Option } from '@shared/lists';
import { ADVANCE_METHOD_LABEL, SETTLEMENT_STATUS_LABELS, SETTLEMENT_STATUSES } from '@shared/settlements';
import type { SettlementListFilters } from '@shared/pages/settlements';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@shared/treasury';
import { FilterSelect, PeriodFilters } from '@/components/data/ListToolbar';
import type { ListHandle } from '@/components/data/useList';
import { ClientFilter } from '@/components/pickers/ClientFilter';

const METHOD_OPTIONS = [
  ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
  { value: 'advance', label: ADVANCE_METHOD_LABEL },
];
const STATUS_OPTIONS = SETTLEMENT_STATUSES.map((s) => ({ value: s, label: SETTLEMENT_STATUS_LABELS[s] }));

/**
 * The filters of the settlements lists — Trésorerie › Règlements (settlements/Index) and
 * Annulations › Règlements (settlements/Cancellation): period, client, method (or the client's
 * advance), [account, user — when their options are given], status. One set, so the two screens
 * filter alike.
 */
export function SettlementFilters({
  list,
  filters,
  client,
  accounts = null,
  users = null,
}: {
  list: ListHandle;
  filters: Pick<SettlementListFilters, 'from' | 'to' | 'method' | 'status'> &
    Partial<Pick<SettlementListFilters, 'account_id' | 'user_id'>>;
  client: { id: number; name: string } | null;
  /** The « Compte » filter's options. */
  accounts?: Option[] | null;
  /** The « Saisi par » filter's options. */
  users?: Option[] | null;
}) {
  return (
    <>
      <PeriodFilters from={filters.from} to={filters.to} onChange={list.update} />
      <ClientFilter client={client} onChange={(client_id) => list.update({ client_id })} testId="settlements" />
      <FilterSelect
        label="Mode"
        value={filters.method}
        allLabel="Tous"
        options={METHOD_OPTIONS}
        onChange={(method) => list.update({ method })}
        testId="settlements-method-filter"
      />
      {accounts ? (
        <FilterSelect
          label="Compte"
          value={filters.account_id ?? ''}
          allLabel="Tous"
          options={accounts}
          onChange={(account_id) => list.update({ account_id })}
        />
      ) : null}
      {users ? (
        <FilterSelect
          label="Saisi par"
          value={filters.user_id ?? ''}
          allLabel="Tous"
          options={users}
          onChange={(user_id) => list.update({ user_id })}
        />
      ) : null}
      <FilterSelect
        label="Statut"
        value={filters.status}
        allLabel="Tous"
        options={STATUS_OPTIONS}
        onChange={(status) => list.update({ status })}
        testId="settlements-status-filter"
      />
    </>
  );
}
