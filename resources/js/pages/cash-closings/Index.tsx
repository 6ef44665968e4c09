import { Link } from '@inertiajs/react';
import { CLOSING_STATUS_LABELS } from '@shared/cash-closings';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { RowLink } from '@/components/data/DataTable';
import { formatCount, formatDate, formatDateTime } from '@/components/data/format';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Badge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { CashTabs } from '@/components/treasury/CashTabs';

const STATUS_OPTIONS = Object.entries(CLOSING_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** Caisse › Arrêtés: the daily closings of the desks the user works on — expected, counted, difference and its reason. */
export default function ClosingsIndex({
  accounts,
  filters,
  closings,
  difference_total,
  can,
}: PageProps<'cash-closings/Index'>) {
  const list = useList(route('cash.closings.index'), filters);
  const create = can.close ? (
    <Link
      href={route('cash.closings.create', { account_id: filters.account_id })}
      className="btn btn-primary"
      data-testid="closings-create"
    >
      Arrêter la caisse
    </Link>
  ) : null;
  return (
    <ListPage
      title="Arrêtés de caisse"
      subtitle="Chaque journée arrêtée : les espèces attendues d’après le grand livre, le comptage, l’écart et son motif. Une journée arrêtée est verrouillée."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Trésorerie' }, { label: 'Caisse' }, { label: 'Arrêtés' }]}
      before={<CashTabs />}
      list={list}
      filters={
        <>
          <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
          <FilterSelect
            label="Caisse"
            value={filters.account_id}
            allLabel="Toutes"
            options={accounts}
            onChange={(account_id) => list.update({ account_id })}
          />
          <FilterSelect
            label="Statut"
            value={filters.status}
            allLabel="Tous"
            options={STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={create}
      page={closings}
      caption="Liste des arrêtés de caisse"
      pageLabel="Pagination des arrêtés"
      tableTestId="closings-table"
      empty={{
        icon: 'fa-solid fa-lock',
        title: 'Aucun arrêté',
        filteredTitle: 'Aucun arrêté ne correspond',
        text: 'Aucune journée n’a été arrêtée sur cette période.',
        action: create ?? undefined,
      }}
      rowKey={(c) => c.id}
      columns={[
        {
          id: 'date',
          label: 'Journée',
          role: 'title',
          cell: (c) => <RowLink href={route('cash.closings.show', { id: c.id })}>{formatDate(c.closing_date)}</RowLink>,
          foot: 'Total des écarts',
        },
        {
          id: 'account',
          label: 'Caisse',
          role: 'secondary',
          wrap: true,
          cell: (c) => (
            <>
              {c.account_name}
              <div className="small text-body-secondary">{formatCount(c.movement_count, 'mouvement')}</div>
            </>
          ),
        },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (c) => (
            <Badge tone={c.status === 'closed' ? 'success' : 'warning'}>{CLOSING_STATUS_LABELS[c.status]}</Badge>
          ),
        },
        {
          id: 'expected',
          label: 'Attendu',
          role: 'figure',
          num: true,
          cell: (c) => <Money value={c.expected} />,
        },
        {
          id: 'counted',
          label: 'Compté',
          role: 'figure',
          num: true,
          cell: (c) => <Money value={c.counted} />,
        },
        {
          id: 'difference',
          label: 'Écart',
          role: 'figure',
          num: true,
          cell: (c) => <Money value={c.difference} className={c.difference < 0 ? 'text-danger' : ''} />,
          foot: (
            <span data-testid="closings-difference-total">
              <Money value={difference_total} />
            </span>
          ),
        },
        { id: 'reason', label: 'Motif', role: 'secondary', wrap: true, cell: (c) => c.reason || '—' },
        {
          id: 'by',
          label: 'Validé par',
          role: 'secondary',
          wrap: true,
          cell: (c) => (
            <>
              {c.closed_by_name ?? '—'}
              <div className="small text-body-secondary">{formatDateTime(c.closed_at)}</div>
            </>
          ),
        },
      ]}
    />
  );
}
