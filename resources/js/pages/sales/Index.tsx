import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { PAYMENT_MODE_LABELS } from '@shared/sales';
import { cancelledRow, numberColumn } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { CreateLink, ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SaleStatus } from '@/components/sales/SaleStatus';
import { Stat, StatRow } from '@/components/data/Stat';
import { useList } from '@/components/data/useList';
import { SaleFilters } from '@/components/sales/SaleFilters';
import { StockExitTabs } from '@/components/sales/StockExitTabs';
import { fiscalColumn } from '@/components/fiscal/FiscalBadge';
import type { SaleRow } from '@shared/pages/sales';

/**
 * Sortie de stock › Ventes détaillées (FAC-) and Ventes boutique (VB-): one list for both kinds
 * (`kind` from the route) — period, client, location, status, payment filters, search by number,
 * the totals of the filtered sales, CSV/XLSX export.
 */
export default function SalesIndex({
  kind,
  filters,
  sales,
  totals,
  client,
  locations,
  fiscal_column,
  can,
}: PageProps<'sales/Index'>) {
  const invoices = kind === 'invoice';
  const listRoute = invoices ? route('sales.invoices') : route('sales.counterSales');
  const list = useList(listRoute, filters);
  const title = invoices ? 'Ventes détaillées' : 'Ventes boutique';
  // The invoices list opens the Vente détaillée form; the counter sales list opens the till (Vente boutique).
  const createHref = can.create ? (invoices ? route('sales.invoices.create') : route('counter.index')) : null;
  return (
    <ListPage
      title={title}
      subtitle={
        invoices
          ? 'Factures aux clients (FAC-), au comptant ou à crédit : stock sorti, encaissement ou solde client à la validation.'
          : 'Ventes au comptoir des boutiques (VB-), encaissées à la validation.'
      }
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock', href: route('stockExits') }, { label: title }]}
      before={<StockExitTabs />}
      list={list}
      search={{
        placeholder: invoices ? 'N° de facture (FAC-2026-…)' : 'N° de vente (VB-2026-…)',
        label: invoices ? 'Rechercher une facture' : 'Rechercher une vente',
      }}
      note={allDatesNote(filters)}
      filters={
        <SaleFilters
          list={list}
          filters={filters}
          client={client}
          locations={locations}
          mode={invoices}
          method
          fiscal={fiscal_column}
        />
      }
      actions={
        <ListActions
          exportUrl={
            can.export ? (invoices ? route('sales.invoices.export') : route('sales.counterSales.export')) : null
          }
          state={list.state}
          create={
            createHref
              ? {
                  href: createHref,
                  label: invoices ? 'Nouvelle facture' : 'Nouvelle vente boutique',
                  testId: 'sales-create',
                }
              : null
          }
        />
      }
      between={
        <StatRow className="mb-3" testId="sales-totals">
          <Stat
            label={invoices ? 'Factures' : 'Ventes'}
            value={formatQty(totals.count)}
            extra={
              totals.cancelled
                ? `${formatQty(totals.cancelled)} annulée${totals.cancelled > 1 ? 's' : ''} en plus`
                : undefined
            }
          />
          <Stat label="Montant TTC" value={<Money value={totals.total} />} testId="sales-total" />
          <Stat label="Encaissé" value={<Money value={totals.paid} />} tone="success" />
          <Stat
            label="Reste à payer"
            value={<Money value={totals.due} />}
            tone={totals.due > 0 ? 'danger' : undefined}
            testId="sales-due"
          />
        </StatRow>
      }
      page={sales}
      caption={invoices ? 'Liste des factures' : 'Liste des ventes boutique'}
      pageLabel={invoices ? 'Pagination des factures' : 'Pagination des ventes'}
      tableTestId="sales-table"
      empty={{
        icon: invoices ? 'fa-solid fa-file-invoice' : 'fa-solid fa-cash-register',
        title: invoices ? 'Aucune facture' : 'Aucune vente boutique',
        filteredTitle: invoices ? 'Aucune facture ne correspond' : 'Aucune vente ne correspond',
        text: 'Aucune vente sur cette période.',
        action: createHref ? <CreateLink href={createHref} label="Faire une facture" /> : undefined,
      }}
      rowKey={(s) => s.id}
      rowClassName={cancelledRow}
      columns={[
        numberColumn('sales.show'),
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (s) => formatDate(s.sale_date) },
        {
          id: 'client',
          label: 'Client',
          role: 'title',
          wrap: true,
          cell: (s) => (
            <>
              {s.client_name}
              <div className="small text-body-secondary">
                {s.location_name}
                {invoices ? ` · ${PAYMENT_MODE_LABELS[s.payment_mode]}` : ''}
                {invoices && s.payment_mode === 'credit' && s.due_date ? `, échéance ${formatDate(s.due_date)}` : ''}
              </div>
            </>
          ),
        },
        {
          id: 'amount',
          label: 'Montant TTC',
          role: 'figure',
          sort: true,
          num: true,
          cell: (s) => <Money value={s.total_ttc} />,
        },
        {
          id: 'due',
          label: 'Reste à payer',
          role: 'figure',
          num: true,
          cell: (s) =>
            s.due > 0 ? <Money value={s.due} tone="debt" /> : <span className="text-body-secondary">—</span>,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (s) => <SaleStatus sale={s} /> },
        fiscalColumn<SaleRow>(fiscal_column),
      ]}
    />
  );
}
