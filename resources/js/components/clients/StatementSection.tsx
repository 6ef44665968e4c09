import { usePage } from '@inertiajs/react';
import type { ClientStatementSection, StatementLine } from '@shared/client-statement';
import type { SharedProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { DataTable, RowLink } from '@/components/data/DataTable';
import { ExportButtons } from '@/components/data/ExportButtons';
import { FilterInput, ListToolbar } from '@/components/data/ListToolbar';
import { formatDate, formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { useList } from '@/components/data/useList';
import { hasPermission } from '@/lib/user';

/**
 * Relevé de compte on the client's page: the period (Du / Au, kept in the address), the opening
 * balance, every invoice, payment, avoir, settlement and cancellation with the running balance, the
 * closing balance; the A4 printout and the CSV/XLSX export of the same period.
 */
export function StatementSection({
  clientId,
  clientName,
  statement,
  canExport,
}: {
  clientId: number;
  clientName: string;
  statement: ClientStatementSection;
  canExport: boolean;
}) {
  const user = (usePage().props as Partial<SharedProps>).auth?.user;
  const list = useList(
    route('clients.show', { id: clientId }),
    { from: statement.from, to: statement.to },
    { keep: [] },
  );
  const opensSales = hasPermission(user, 'menu.sortiestock');
  const opensSettlements = hasPermission(user, 'menu.reglement');
  const period = { from: statement.from, to: statement.to };
  const { totals } = statement;
  const documentLink = (l: StatementLine) => {
    if (l.document_type === 'settlement')
      return opensSettlements ? route('settlements.show', { id: l.document_id }) : null;
    if (!opensSales) return null;
    if (l.document_type === 'sale') return route('sales.show', { id: l.document_id });
    return route('creditNotes.show', { id: l.document_id });
  };
  return (
    <section className="mb-4" aria-labelledby="client-statement-title" data-testid="client-statement">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="client-statement-title" className="h5 mb-0">
          Relevé de compte
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <a
            href={route('clients.statementPrint', { id: clientId }, period)}
            className="btn btn-outline-secondary"
            data-testid="client-statement-print"
          >
            <Icon name="fa-solid fa-print" className="me-2" />
            Imprimer le relevé
          </a>
          {canExport ? <ExportButtons url={route('clients.statementExport', { id: clientId })} state={period} /> : null}
        </div>
      </div>
      <ListToolbar testId="client-statement-filters">
        <FilterInput
          label="Du"
          type="date"
          value={statement.from}
          onChange={(from) => list.update({ from })}
          testId="client-statement-from"
        />
        <FilterInput
          label="Au"
          type="date"
          value={statement.to}
          onChange={(to) => list.update({ to })}
          testId="client-statement-to"
        />
      </ListToolbar>
      <StatRow className="mb-3">
        <Stat
          label={`Solde au ${formatDate(statement.from)} (ouverture)`}
          value={<Money value={totals.opening} />}
          testId="client-statement-opening"
        />
        <Stat label="Débit de la période" value={<Money value={totals.debit} />} />
        <Stat label="Crédit de la période" value={<Money value={totals.credit} />} />
        <Stat
          label={
            statement.ends_today
              ? 'Solde de clôture (solde du client)'
              : `Solde au ${formatDate(statement.to)} (clôture)`
          }
          value={<Money value={totals.closing} />}
          tone={totals.closing > 0 ? 'danger' : totals.closing < 0 ? 'success' : undefined}
          testId="client-statement-closing"
        />
      </StatRow>
      {statement.truncated ? (
        <p className="small text-warning-emphasis" role="status">
          Le relevé montre les {formatQty(statement.lines.total)} premières lignes sur {formatQty(statement.count)} :
          réduisez la période pour tout voir. Les totaux portent sur toute la période.
        </p>
      ) : null}
      <DataTable
        caption={`Relevé de compte de ${clientName}`}
        page={statement.lines}
        pageParam="releve"
        pageLabel="Pagination du relevé de compte"
        emptyTitle="Aucun mouvement"
        emptyText={`Aucune facture, aucun règlement ni avoir du ${formatDate(statement.from)} au ${formatDate(statement.to)}.`}
        emptyIcon="fa-solid fa-scale-balanced"
        testId="client-statement-table"
        rows={statement.lines.data}
        rowKey={(l) => l.position}
        columns={[
          { id: 'date', label: 'Date', role: 'secondary', cell: (l) => formatDate(l.date) },
          {
            id: 'number',
            label: 'N°',
            role: 'title',
            cell: (l) => {
              const href = documentLink(l);
              return href ? (
                <RowLink href={href} doc>
                  {l.number}
                </RowLink>
              ) : (
                <span className="font-monospace">{l.number}</span>
              );
            },
          },
          {
            id: 'label',
            label: 'Libellé',
            role: 'secondary',
            wrap: true,
            cell: (l) => (
              <>
                {l.label}
                {l.kind === 'advance_use' || (l.kind === 'settlement_cancel' && l.amount > 0) ? (
                  <span className="text-body-secondary">
                    {' '}
                    (<Money value={l.amount} />, sans effet sur le solde)
                  </span>
                ) : null}
              </>
            ),
          },
          {
            id: 'debit',
            label: 'Débit',
            role: 'figure',
            num: true,
            cell: (l) => (l.debit ? <Money value={l.debit} /> : ''),
          },
          {
            id: 'credit',
            label: 'Crédit',
            role: 'figure',
            num: true,
            cell: (l) => (l.credit ? <Money value={l.credit} /> : ''),
          },
          {
            id: 'balance',
            label: 'Solde',
            role: 'figure',
            num: true,
            cell: (l) => <Money value={l.balance} tone="debt" />,
          },
        ]}
      />
    </section>
  );
}
