import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { RowLink } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect, allDatesNote, locationOptions } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { useList } from '@/components/data/useList';
import { StockExitTabs } from '@/components/sales/StockExitTabs';
import { FiscalFilter, fiscalColumn } from '@/components/fiscal/FiscalBadge';
import type { CreditNoteRow } from '@shared/pages/sales';

/** Sortie de stock › Corrections: the credit notes (AV-) of a period — goods of counter sales brought back and refunded. */
export default function CreditNotesIndex({
  filters,
  credit_notes,
  refund_total,
  locations,
  fiscal_column,
  can,
}: PageProps<'sales/credit-notes/Index'>) {
  const list = useList(route('creditNotes.index'), filters);
  return (
    <ListPage
      title="Corrections de ventes boutique"
      subtitle="Avoirs : marchandise rendue par un client après une vente boutique, remise en stock et remboursée en espèces."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock' }, { label: 'Corrections' }]}
      before={<StockExitTabs />}
      list={list}
      search={{ placeholder: 'N° d’avoir ou de vente (AV-…, VB-…)', label: 'Rechercher un avoir' }}
      note={allDatesNote(filters)}
      filters={
        <>
          <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
          <FilterSelect
            label="Emplacement"
            value={filters.location_id}
            allLabel="Tous"
            options={locationOptions(locations)}
            onChange={(location_id) => list.update({ location_id })}
          />
          {fiscal_column ? (
            <FiscalFilter value={filters.fiscal} onChange={(fiscal) => list.update({ fiscal })} />
          ) : null}
        </>
      }
      actions={
        <ListActions
          exportUrl={can.export ? route('creditNotes.export') : null}
          state={list.state}
          create={
            can.create
              ? { href: route('creditNotes.create'), label: 'Nouvelle correction', testId: 'credit-notes-create' }
              : null
          }
        />
      }
      page={credit_notes}
      caption="Liste des avoirs"
      pageLabel="Pagination des avoirs"
      tableTestId="credit-notes-table"
      empty={{
        icon: 'fa-solid fa-rotate-left',
        title: 'Aucune correction',
        filteredTitle: 'Aucun avoir ne correspond',
        text: 'Aucune vente boutique corrigée sur cette période.',
        action: can.create ? (
          <Link href={route('creditNotes.create')} className="btn btn-primary">
            Corriger une vente
          </Link>
        ) : undefined,
      }}
      rowKey={(c) => c.id}
      columns={[
        {
          id: 'number',
          label: 'N°',
          role: 'title',
          sort: true,
          cell: (c) => (
            <RowLink href={route('creditNotes.show', { id: c.id })} doc>
              {c.number}
            </RowLink>
          ),
          foot: 'Total',
        },
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (c) => formatDate(c.credit_date) },
        {
          id: 'sale',
          label: 'Vente corrigée',
          role: 'secondary',
          cell: (c) => <span className="code">{c.sale_number}</span>,
        },
        { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (c) => c.location_name },
        { id: 'reason', label: 'Motif', role: 'secondary', wrap: true, cell: (c) => c.reason },
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (c) => formatQty(c.line_count) },
        {
          id: 'total',
          label: 'Remboursé',
          role: 'figure',
          num: true,
          sort: true,
          cell: (c) => <Money value={c.refund} />,
          foot: (
            <span data-testid="credit-notes-total">
              <Money value={refund_total} />
            </span>
          ),
        },
        { id: 'by', label: 'Par', role: 'secondary', wrap: true, cell: (c) => c.created_by ?? '—' },
        fiscalColumn<CreditNoteRow>(fiscal_column),
      ]}
    />
  );
}
