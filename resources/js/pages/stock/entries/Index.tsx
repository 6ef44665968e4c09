import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { ENTRY_STATUSES, ENTRY_STATUS_LABELS } from '@shared/stock';
import { Icon } from '@/components/Icon';
import { cancelledRow, numberColumn } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect, allDatesNote, locationOptions } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

/** Entrée de stock: the list of entries of a period, filtered by supplier, location, status. */
export default function EntriesIndex({
  filters,
  entries,
  totals,
  suppliers,
  locations,
  can,
}: PageProps<'stock/entries/Index'>) {
  const list = useList(route('entries.index'), filters);
  // Amounts are absent for a user who may not see costs: no amount column nor figure then.
  const costs = totals.amount !== undefined;
  const statement = route('entries.statement', {
    from: filters.from,
    to: filters.to,
    supplier_id: filters.supplier_id,
    location_id: filters.location_id,
    status: filters.status,
    q: filters.q,
  });
  return (
    <ListPage
      title="Entrées de stock"
      subtitle="Marchandise reçue des fournisseurs : stock, coût moyen (CMUP) et solde fournisseur mis à jour à la validation."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Entrées de stock' }]}
      list={list}
      search={{ placeholder: 'N° ou réf. fournisseur (ENT-2026-…)', label: 'Rechercher une entrée' }}
      note={allDatesNote(filters)}
      filters={
        <>
          <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
          <FilterSelect
            label="Fournisseur"
            value={filters.supplier_id}
            allLabel="Tous"
            options={suppliers}
            onChange={(supplier_id) => list.update({ supplier_id })}
          />
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
            options={ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }))}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions
          create={
            can.create ? { href: route('entries.create'), label: 'Nouvelle entrée', testId: 'entries-create' } : null
          }
        >
          <a href={statement} className="btn btn-outline-secondary" data-testid="entries-statement">
            <Icon name="fa-solid fa-print" className="me-2" />
            État des entrées
          </a>
          {can.create ? (
            <Link
              href={route('openingStock.create')}
              className="btn btn-outline-secondary"
              data-testid="entries-opening"
            >
              <Icon name="fa-solid fa-boxes-stacked" className="me-2" />
              Stock initial
            </Link>
          ) : null}
        </ListActions>
      }
      between={
        <StatRow className="mb-3">
          <Stat label="Entrées validées" value={totals.count} />
          {costs ? <Stat label="Montant de la période" value={<Money value={totals.amount} />} /> : null}
        </StatRow>
      }
      page={entries}
      caption="Liste des entrées de stock"
      pageLabel="Pagination des entrées"
      tableTestId="entries-table"
      empty={{
        icon: 'fa-solid fa-truck-ramp-box',
        title: 'Aucune entrée de stock',
        filteredTitle: 'Aucune entrée ne correspond',
        text: 'Aucune entrée de stock sur cette période.',
        action: can.create ? (
          <Link href={route('entries.create')} className="btn btn-primary">
            Saisir une entrée
          </Link>
        ) : undefined,
      }}
      rowKey={(e) => e.id}
      rowClassName={cancelledRow}
      columns={[
        numberColumn('entries.show'),
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (e) => formatDate(e.entry_date) },
        {
          id: 'supplier',
          label: 'Fournisseur',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (e) => (
            <>
              {e.supplier_name}
              {e.supplier_ref ? <div className="small text-body-secondary">Réf. {e.supplier_ref}</div> : null}
            </>
          ),
        },
        { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (e) => e.location_name },
        // The lines, never a sum of quantities across products of different units.
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (e) => formatQty(e.line_count) },
        costs
          ? {
              id: 'amount',
              label: 'Montant',
              role: 'figure',
              sort: true,
              num: true,
              cell: (e) => <Money value={e.total_amount} />,
            }
          : null,
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (e) => <StatusBadge kind="entry" status={e.status} label={e.status_label} />,
        },
      ]}
    />
  );
}
