import { Link, router } from '@inertiajs/react';
import { CASH_OPERATION_KINDS, CASH_OPERATION_KINDS_DEF } from '@shared/cash-operations';
import type { CashAccountCard, CashOperationRow } from '@shared/pages/cash';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { TREASURY_KIND_LABELS } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { CashTabs } from '@/components/treasury/CashTabs';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { cancelledRow, DataTable, numberColumn } from '@/components/data/DataTable';
import { formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { AccountLedger } from '@/components/treasury/AccountLedger';
import { useCompany } from '@/hooks/useCompany';

/**
 * Trésorerie › Caisse: the accounts the user works on (their desks, banks and wallets) with their
 * balance and today's ins and outs, the transfers in transit (to confirm on the receiving desk),
 * the operations the user may record, the selected account's movements (period, operation, method,
 * user; totals; export) and the last operations.
 */
export default function CashIndex({
  accounts,
  ledger,
  selected,
  methods,
  users,
  in_transit,
  recent,
  can,
}: PageProps<'cash/Index'>) {
  const { today } = useCompany();
  const kinds = CASH_OPERATION_KINDS.filter((k) => can[k]);
  const accountUrl = (id: number) => route('cash.index', { account_id: String(id) });
  return (
    <AppPage
      title="Caisse"
      subtitle={`Comptes de trésorerie, mouvements et opérations de caisse au ${formatDate(today)}.`}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Trésorerie' }, { label: 'Caisse' }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          <Link href={route('expenseCategories.index')} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-tags" className="me-1" />
            Catégories de dépenses
          </Link>
        </div>
      }
    >
      <CashTabs />
      {kinds.length ? (
        <nav
          className="d-flex gap-2 flex-wrap mb-4"
          aria-label="Nouvelle opération de caisse"
          data-testid="cash-operation-links"
        >
          {kinds.map((k) => (
            <Link
              key={k}
              href={route(
                'cashOperations.create',
                selected ? { kind: k, account_id: String(selected.id) } : { kind: k },
              )}
              className="btn btn-primary btn-sm"
            >
              <Icon name={CASH_OPERATION_KINDS_DEF[k].icon} className="me-1" />
              {CASH_OPERATION_KINDS_DEF[k].label}
            </Link>
          ))}
        </nav>
      ) : null}

      {accounts.length === 0 ? (
        <StatusAlert tone="info" icon="fa-solid fa-circle-info" testId="cash-no-account">
          Aucun compte de trésorerie ne vous est attribué. Demandez à un administrateur de vous rattacher à une caisse
          (Paramètres › Utilisateurs).
        </StatusAlert>
      ) : (
        <div className="row g-3 mb-4" data-testid="cash-accounts">
          {accounts.map((a) => (
            <div key={a.id} className="col-sm-6 col-xl-4">
              <AccountCard account={a} active={selected?.id === a.id} href={accountUrl(a.id)} />
            </div>
          ))}
        </div>
      )}

      {in_transit.length ? (
        <section className="mb-4" aria-labelledby="cash-transit-title" data-testid="cash-in-transit">
          <h2 id="cash-transit-title" className="h5 mb-3">
            Transferts en transit
          </h2>
          <OperationsTable rows={in_transit} caption="Transferts en transit" testId="cash-transit-table" withReceive />
        </section>
      ) : null}

      {ledger && selected ? (
        <div className="mb-4">
          <h2 className="h5 mb-2">
            {selected.name}{' '}
            <span className="small fw-normal text-body-secondary">({TREASURY_KIND_LABELS[selected.kind]})</span>
          </h2>
          <AccountLedger
            ledger={ledger}
            url={accountUrl(selected.id)}
            balance={selected.balance}
            exportUrl={route('cash.export', { account_id: String(selected.id) })}
            methods={methods}
            users={users}
            documentHref={(m) =>
              m.cash_operation_id ? route('cashOperations.show', { id: m.cash_operation_id }) : null
            }
          />
        </div>
      ) : null}

      <section aria-labelledby="cash-recent-title">
        <h2 id="cash-recent-title" className="h5 mb-3">
          Dernières opérations de caisse
        </h2>
        <OperationsTable rows={recent} caption="Dernières opérations de caisse" testId="cash-recent-table" />
      </section>
    </AppPage>
  );
}

function AccountCard({ account, active, href }: { account: CashAccountCard; active: boolean; href: string }) {
  return (
    <Link
      href={href}
      preserveScroll
      className={`card h-100 text-decoration-none text-body ${active ? 'border-primary border-2' : ''}`}
      aria-current={active ? 'true' : undefined}
      data-testid={`cash-account-${account.id}`}
    >
      <div className="card-body">
        <div className="fw-semibold text-truncate" title={account.name}>
          {account.name}
        </div>
        <div className="small text-body-secondary d-flex flex-wrap align-items-center column-gap-2">
          <span>
            {account.code} · {TREASURY_KIND_LABELS[account.kind]}
            {account.active ? '' : ' · archivé'}
          </span>
          {account.today_closed ? (
            <span data-testid="cash-account-closed">
              <Badge tone="success">
                <Icon name="fa-solid fa-lock" className="me-1" />
                Journée arrêtée
              </Badge>
            </span>
          ) : account.today_closed === false ? (
            <span data-testid="cash-account-open">· journée ouverte</span>
          ) : null}
        </div>
        <div className="fs-4 fw-semibold text-nowrap mt-1" data-testid="cash-account-balance">
          <Money value={account.balance} tone="balance" />
        </div>
        <div className="d-flex gap-3 flex-wrap small mt-2">
          <span>
            Entrées du jour{' '}
            <span className={account.today_in ? 'text-success fw-semibold' : 'text-body-secondary'}>
              {<Money value={account.today_in} />}
            </span>
          </span>
          <span>
            Sorties du jour{' '}
            <span className={account.today_out ? 'text-danger fw-semibold' : 'text-body-secondary'}>
              {<Money value={account.today_out} />}
            </span>
          </span>
        </div>
        {account.transit_out || account.transit_in ? (
          <div className="small mt-2 text-warning-emphasis" data-testid="cash-account-transit">
            <Icon name="fa-solid fa-truck-fast" className="me-1" />
            {account.transit_out ? (
              <>
                En transit vers une autre caisse : <Money value={account.transit_out} />
              </>
            ) : null}
            {account.transit_out && account.transit_in ? ' · ' : null}
            {account.transit_in ? (
              <>
                En transit vers cette caisse : <Money value={account.transit_in} />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </Link>
  );
}

function OperationsTable({
  rows,
  caption,
  testId,
  withReceive = false,
}: {
  rows: CashOperationRow[];
  caption: string;
  testId: string;
  withReceive?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      testId={testId}
      rows={rows}
      rowKey={(o) => o.id}
      rowClassName={cancelledRow}
      emptyIcon="fa-solid fa-cash-register"
      emptyTitle="Aucune opération"
      emptyText="Les décaissements, apports, transferts, versements et paiements fournisseurs apparaîtront ici."
      columns={[
        numberColumn('cashOperations.show', { sort: false }),
        { id: 'date', label: 'Date', role: 'secondary', cell: (o) => formatDate(o.operation_date) },
        {
          id: 'kind',
          label: 'Opération',
          role: 'title',
          wrap: true,
          cell: (o) => (
            <>
              {o.kind_label}
              <div className="small text-body-secondary">{[o.from_name, o.to_name].filter(Boolean).join(' → ')}</div>
            </>
          ),
        },
        { id: 'by', label: 'Par', role: 'secondary', cell: (o) => o.created_by ?? '—' },
        {
          id: 'amount',
          label: 'Montant',
          role: 'figure',
          num: true,
          cell: (o) => <Money value={o.amount} />,
        },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (o) => <StatusBadge kind="cash" status={o.status} label={o.status_label} />,
        },
        withReceive
          ? {
              id: 'actions',
              label: 'Actions',
              role: 'actions',
              cell: (o) =>
                o.can_receive ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-success"
                    onClick={() =>
                      router.post(route('cashOperations.receive', { id: o.id }), {}, { preserveScroll: true })
                    }
                    data-testid="cash-receive"
                  >
                    <Icon name="fa-solid fa-check" className="me-1" />
                    Confirmer la réception
                  </button>
                ) : (
                  <span className="small text-body-secondary">Attendu à {o.to_name}</span>
                ),
            }
          : null,
      ]}
    />
  );
}
