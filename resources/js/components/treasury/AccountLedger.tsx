import { Link } from '@inertiajs/react';
import type { Option } from '@shared/lists';
import type { AccountLedger as Ledger, MoneyMovementRow } from '@shared/treasury-accounts';
import { MOBILE_MONEY_OPERATOR_LABELS, MONEY_MOVEMENT_TYPE_LABELS } from '@shared/treasury';
import { route } from '@shared/routes';
import { DataTable } from '@/components/data/DataTable';
import { ExportButtons } from '@/components/data/ExportButtons';
import { diffClass, formatDate, formatDateTime } from '@/components/data/format';
import { FilterInput, FilterSelect, ListToolbar, allDatesNote } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { useList } from '@/components/data/useList';

const TYPE_OPTIONS = Object.entries(MONEY_MOVEMENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The ledger of a treasury account on its page (a bank, a wallet, a cash desk): the balance, the
 * period's figures, the money movements of the period newest first (filters kept in the query
 * string of `url`, the page's own address) and their CSV/XLSX export.
 */
export function AccountLedger({
  ledger,
  url,
  balance,
  exportUrl,
  methods,
  users,
  documentHref,
}: {
  ledger: Ledger;
  url: string;
  balance: number;
  /** Where the export goes (default: the treasury account's ledger export). */
  exportUrl?: string;
  /** The Caisse screen adds the method and user filters. */
  methods?: Option[];
  users?: Option[];
  /** A movement's document page, when it has one the user may open. */
  documentHref?: (m: MoneyMovementRow) => string | null;
}) {
  const list = useList(url, ledger.filters);
  const { totals, filters } = ledger;
  const closing = totals.opening + totals.in - totals.out;
  const period =
    filters.from && filters.to ? `du ${formatDate(filters.from)} au ${formatDate(filters.to)}` : 'toutes dates';
  return (
    <section aria-labelledby="account-ledger-title" data-testid="account-ledger">
      <h2 id="account-ledger-title" className="h5 mb-3">
        Mouvements du compte <span className="small fw-normal text-body-secondary">({period})</span>
      </h2>
      <StatRow className="mb-3" testId="ledger-totals">
        <Stat label="Solde actuel" value={<Money value={balance} tone="balance" />} testId="ledger-balance" />
        {filters.from && !filters.type && !filters.q && !filters.method && !filters.user_id ? (
          <Stat label="Solde en début de période" value={<Money value={totals.opening} tone="balance" />} />
        ) : null}
        <Stat label="Entrées" value={<Money value={totals.in} />} tone="success" testId="ledger-in" />
        <Stat label="Sorties" value={<Money value={totals.out} />} tone="danger" testId="ledger-out" />
        {filters.from && !filters.type && !filters.q && !filters.method && !filters.user_id ? (
          <Stat label="Solde en fin de période" value={<Money value={closing} tone="balance" />} />
        ) : null}
      </StatRow>
      <ListToolbar
        q={filters.q}
        onSearch={(q) => list.update({ q })}
        placeholder="N° de document, référence…"
        searchLabel="Rechercher un mouvement"
        onReset={list.filtered ? list.reset : undefined}
        actions={
          <ExportButtons
            url={exportUrl ?? route('treasuryAccounts.movementsExport', { id: ledger.account_id })}
            state={list.state}
          />
        }
        note={allDatesNote(filters)}
        testId="ledger-toolbar"
      >
        <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
        <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
        <FilterSelect
          label="Opération"
          value={filters.type}
          allLabel="Toutes"
          options={TYPE_OPTIONS}
          onChange={(type) => list.update({ type })}
          testId="ledger-type"
        />
        {methods ? (
          <FilterSelect
            label="Moyen"
            value={filters.method ?? ''}
            allLabel="Tous"
            options={methods}
            onChange={(method) => list.update({ method })}
            testId="ledger-method"
          />
        ) : null}
        {users ? (
          <FilterSelect
            label="Utilisateur"
            value={filters.user_id ? String(filters.user_id) : ''}
            allLabel="Tous"
            options={users}
            onChange={(user_id) => list.update({ user_id })}
            testId="ledger-user"
          />
        ) : null}
      </ListToolbar>
      <DataTable
        caption="Mouvements du compte"
        testId="ledger-table"
        rows={ledger.movements.data}
        rowKey={(m) => m.id}
        page={ledger.movements}
        pageLabel="Pagination des mouvements"
        emptyIcon="fa-solid fa-money-bill-transfer"
        emptyTitle={list.filtered ? 'Aucun mouvement ne correspond' : 'Aucun mouvement sur cette période'}
        emptyText={
          list.filtered
            ? 'Modifiez la recherche ou les filtres.'
            : 'Les ventes, règlements et versements de ce compte apparaîtront ici.'
        }
        columns={[
          {
            id: 'date',
            label: 'Date',
            role: 'title',
            cell: (m) => (
              <>
                {formatDate(m.business_date)}{' '}
                <span className="small text-body-secondary">{formatDateTime(m.occurred_at).split(' ')[1]}</span>
              </>
            ),
          },
          {
            id: 'operation',
            label: 'Opération',
            role: 'secondary',
            wrap: true,
            cell: (m) => (
              <>
                {m.type_label}
                {m.document_number ? (
                  documentHref?.(m) ? (
                    <Link href={documentHref(m)!} className="app-doc-number ms-2">
                      {m.document_number}
                    </Link>
                  ) : (
                    <span className="app-doc-number ms-2">{m.document_number}</span>
                  )
                ) : null}
                {m.label ? <div className="small text-body-secondary">{m.label}</div> : null}
              </>
            ),
          },
          {
            id: 'method',
            label: 'Moyen',
            role: 'secondary',
            wrap: true,
            cell: (m) => (
              <>
                {m.method_label}
                {m.operator ? (
                  <span className="small text-body-secondary"> · {MOBILE_MONEY_OPERATOR_LABELS[m.operator]}</span>
                ) : null}
                {m.phone || m.reference ? (
                  <div className="small text-body-secondary">
                    {[m.phone, m.reference ? `Réf. ${m.reference}` : null].filter(Boolean).join(' · ')}
                  </div>
                ) : null}
              </>
            ),
          },
          {
            id: 'user',
            label: 'Par',
            role: 'secondary',
            cell: (m) => m.user_name ?? <span className="text-body-secondary">—</span>,
          },
          {
            id: 'amount',
            label: 'Montant',
            role: 'figure',
            num: true,
            // The colour on the amount itself: the table's cell colour would win over a class on the cell.
            cell: (m) => (
              <span className={`text-nowrap ${diffClass(m.amount)}`}>
                {m.amount > 0 ? '+' : null}
                <Money value={m.amount} />
              </span>
            ),
          },
          {
            id: 'balance',
            label: 'Solde après',
            role: 'figure',
            num: true,
            cell: (m) => <Money value={m.balance_after} tone="balance" />,
          },
        ]}
      />
    </section>
  );
}
