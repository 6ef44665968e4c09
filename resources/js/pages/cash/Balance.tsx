import { router } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { TREASURY_KINDS, TREASURY_KIND_LABELS } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { CashTabs } from '@/components/treasury/CashTabs';
import { DataTable } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { FilterInput } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { useCompany } from '@/hooks/useCompany';

/**
 * Soldes à une date: the balance of each of the user's treasury accounts at the end of a day,
 * summed from the money ledger (every movement dated that day or before), with the totals by kind
 * and what was in transit between desks at that moment.
 */
export default function CashBalance({ date, accounts, totals, in_transit }: PageProps<'cash/Balance'>) {
  const { today } = useCompany();
  return (
    <AppPage
      title="Soldes à une date"
      subtitle={`Solde de chaque compte à la fin du ${formatDate(date)}, calculé sur le grand livre de trésorerie.`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Caisse', href: route('cash.index') },
        { label: 'Soldes à une date' },
      ]}
    >
      <CashTabs />
      <div className="app-toolbar mb-3 d-flex gap-3 flex-wrap align-items-end" data-testid="cash-balance-toolbar">
        <FilterInput
          label="Date"
          type="date"
          value={date}
          onChange={(d) =>
            router.get(route('cash.balance'), { date: d || today }, { preserveState: true, replace: true })
          }
        />
      </div>
      <StatRow className="mb-3" testId="cash-balance-totals">
        {TREASURY_KINDS.map((k) => (
          <Stat
            key={k}
            label={`Total ${TREASURY_KIND_LABELS[k].toLowerCase()}`}
            value={<Money value={totals[k]} tone="balance" />}
            testId={`cash-balance-total-${k}`}
          />
        ))}
        {in_transit ? (
          <Stat
            label="En transit entre caisses"
            value={<Money value={in_transit} />}
            tone="info"
            testId="cash-balance-transit"
          />
        ) : null}
      </StatRow>
      <DataTable
        caption={`Soldes au ${formatDate(date)}`}
        testId="cash-balance-table"
        rows={accounts}
        rowKey={(a) => a.id}
        rowClassName={(a) => (a.active ? undefined : 'app-archived-row')}
        emptyIcon="fa-solid fa-scale-balanced"
        emptyTitle="Aucun compte"
        emptyText="Aucun compte de trésorerie ne vous est attribué."
        columns={[
          { id: 'code', label: 'Code', role: 'secondary', cell: (a) => a.code },
          { id: 'name', label: 'Compte', role: 'title', wrap: true, cell: (a) => a.name },
          { id: 'kind', label: 'Type', role: 'secondary', cell: (a) => TREASURY_KIND_LABELS[a.kind] },
          { id: 'count', label: 'Mouvements', role: 'secondary', num: true, cell: (a) => formatQty(a.movement_count) },
          {
            id: 'balance',
            label: `Solde au ${formatDate(date)}`,
            role: 'figure',
            num: true,
            cell: (a) => <Money value={a.balance_at} tone="balance" />,
          },
        ]}
      />
    </AppPage>
  );
}
