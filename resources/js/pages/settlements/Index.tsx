import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { SETTLEMENT_STATUS_LABELS } from '@shared/settlements';
import { cancelledRow, numberColumn } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { CreateLink, ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { Badge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { SettlementFilters } from '@/components/settlements/SettlementFilters';

/**
 * Trésorerie › Règlement: the client settlements (REG-) of a period — client, method, account,
 * user and status filters, search by number, the totals by method of the filtered settlements,
 * CSV/XLSX export, « Nouveau règlement ».
 */
export default function SettlementsIndex({
  filters,
  settlements,
  totals,
  client,
  accounts,
  users,
  can,
}: PageProps<'settlements/Index'>) {
  const list = useList(route('settlements.index'), filters);
  const createHref = can.create
    ? route('settlements.create', filters.client_id ? { client_id: filters.client_id } : {})
    : null;
  return (
    <ListPage
      title="Règlements"
      subtitle="Paiements des clients sur leurs factures à crédit (REG-) : espèces, mobile money, chèque, virement, carte, ou acompte du client."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Trésorerie' }, { label: 'Règlements' }]}
      list={list}
      search={{ placeholder: 'N° de règlement (REG-2026-…)', label: 'Rechercher un règlement' }}
      note={allDatesNote(filters)}
      filters={<SettlementFilters list={list} filters={filters} client={client} accounts={accounts} users={users} />}
      actions={
        <ListActions
          exportUrl={can.export ? route('settlements.export') : null}
          state={list.state}
          create={createHref ? { href: createHref, label: 'Nouveau règlement', testId: 'settlements-create' } : null}
        />
      }
      between={
        <StatRow className="mb-3" testId="settlements-totals">
          <Stat
            label="Règlements"
            value={formatQty(totals.count)}
            extra={
              totals.cancelled
                ? `${formatQty(totals.cancelled)} annulé${totals.cancelled > 1 ? 's' : ''} en plus`
                : undefined
            }
          />
          <Stat
            label="Total reçu"
            value={<Money value={totals.received} />}
            tone="success"
            testId="settlements-total"
          />
          {totals.by_method.map((m) => (
            <Stat
              key={m.key}
              label={m.label}
              value={<Money value={m.received} />}
              extra={`${formatQty(m.count)} règlement${m.count > 1 ? 's' : ''}`}
              testId={`settlements-total-${m.key.replace(':', '-')}`}
            />
          ))}
        </StatRow>
      }
      page={settlements}
      caption="Liste des règlements"
      pageLabel="Pagination des règlements"
      tableTestId="settlements-table"
      empty={{
        icon: 'fa-solid fa-hand-holding-dollar',
        title: 'Aucun règlement',
        filteredTitle: 'Aucun règlement ne correspond',
        text: 'Aucun règlement client sur cette période.',
        action: createHref ? <CreateLink href={createHref} label="Enregistrer un règlement" /> : undefined,
      }}
      rowKey={(s) => s.id}
      rowClassName={cancelledRow}
      columns={[
        numberColumn('settlements.show'),
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (s) => formatDate(s.settlement_date) },
        { id: 'client', label: 'Client', role: 'title', wrap: true, cell: (s) => s.client_name },
        {
          id: 'method',
          label: 'Mode',
          role: 'secondary',
          wrap: true,
          cell: (s) => (
            <>
              {s.method_label}
              {s.account_name || s.reference ? (
                <div className="small text-body-secondary text-break">
                  {[s.account_name, s.reference].filter(Boolean).join(' · ')}
                </div>
              ) : null}
            </>
          ),
        },
        {
          id: 'amount',
          label: 'Reçu',
          role: 'figure',
          sort: true,
          num: true,
          cell: (s) => <Money value={s.received} />,
        },
        {
          id: 'advance',
          label: 'Acompte',
          role: 'figure',
          num: true,
          cell: (s) => (s.advance > 0 ? <Money value={s.advance} /> : <span className="text-body-secondary">—</span>),
        },
        { id: 'by', label: 'Par', role: 'secondary', wrap: true, cell: (s) => s.created_by ?? '—' },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (s) => (
            <Badge tone={s.status === 'cancelled' ? 'secondary' : 'success'}>
              {SETTLEMENT_STATUS_LABELS[s.status]}
            </Badge>
          ),
        },
      ]}
    />
  );
}
