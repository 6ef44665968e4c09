import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatDate, formatQty } from '@/components/data/format';

/** État des entrées de stock (A4) for a period: every entry, totals, subtotal per supplier. */
export default function EntriesStatement(props: PageProps<'stock/entries/Statement'>) {
  const { filters, rows, totals, by_supplier, truncated, company } = props;
  // Costs are absent for a user who may not see them: a dash in their place.
  const money = (v: number | undefined) => (v === undefined ? '—' : formatMoney(v, company.currency));
  return (
    <PrintFrame
      meta={props}
      title="État des entrées de stock"
      subtitle={
        <strong>
          Période du {formatDate(filters.from)} au {formatDate(filters.to)}
        </strong>
      }
    >
      <PrintFacts
        items={[
          ['Fournisseur', filters.supplier ?? 'Tous'],
          ['Emplacement', filters.location ?? 'Tous'],
          [
            'Entrées annulées',
            filters.include_cancelled ? `incluses (${formatQty(totals.cancelled_count)}), hors totaux` : 'exclues',
          ],
        ]}
      />
      {truncated ? (
        <PrintNote>
          <strong>Attention :</strong> l’état est limité aux premières entrées de la période ; réduisez la période pour
          tout imprimer.
        </PrintNote>
      ) : null}
      {rows.length === 0 ? (
        <PrintNote>Aucune entrée de stock sur cette période.</PrintNote>
      ) : (
        <PrintLines
          dense
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            {
              id: 'number',
              label: 'N°',
              className: 'code',
              cell: (r) => (
                <>
                  {r.number}
                  {r.status === 'cancelled' ? <div>ANNULÉE</div> : null}
                </>
              ),
              foot: `Total : ${formatQty(totals.count)} entrée${totals.count > 1 ? 's' : ''} validée${totals.count > 1 ? 's' : ''}`,
              footSpan: 5,
            },
            { id: 'date', label: 'Date', className: 'text-nowrap', cell: (r) => formatDate(r.entry_date) },
            { id: 'supplier', label: 'Fournisseur', cell: (r) => r.supplier_name },
            { id: 'location', label: 'Emplacement', cell: (r) => r.location_name },
            { id: 'ref', label: 'Réf. fourn.', cell: (r) => r.supplier_ref },
            {
              id: 'lines',
              label: 'Lignes',
              num: true,
              cell: (r) => formatQty(r.line_count),
              // The lines of the validated entries: quantities of different units are never added.
              foot: formatQty(totals.lines),
            },
            {
              id: 'amount',
              label: 'Montant',
              num: true,
              cell: (r) => (r.status === 'cancelled' ? <s>{money(r.total_amount)}</s> : money(r.total_amount)),
              foot: money(totals.amount),
            },
            { id: 'created_by', label: 'Saisie par', cell: (r) => r.created_by ?? '' },
          ]}
        />
      )}
      {by_supplier.length > 1 ? (
        <>
          <h2 className="h6 mt-3 mb-1">Récapitulatif par fournisseur</h2>
          <PrintLines
            rows={by_supplier}
            rowKey={(s) => s.supplier_name}
            columns={[
              { id: 'supplier', label: 'Fournisseur', cell: (s) => s.supplier_name },
              { id: 'count', label: 'Entrées', num: true, cell: (s) => formatQty(s.count) },
              { id: 'amount', label: 'Montant', num: true, cell: (s) => money(s.amount) },
            ]}
          />
        </>
      ) : null}
    </PrintFrame>
  );
}

EntriesStatement.layout = SimpleLayout;
