import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
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
        <table className="app-print-table is-dense">
          <thead>
            <tr>
              <th>N°</th>
              <th>Date</th>
              <th>Fournisseur</th>
              <th>Emplacement</th>
              <th>Réf. fourn.</th>
              <th className="num">Lignes</th>
              <th className="num">Montant</th>
              <th>Saisie par</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="code">
                  {r.number}
                  {r.status === 'cancelled' ? <div>ANNULÉE</div> : null}
                </td>
                <td className="text-nowrap">{formatDate(r.entry_date)}</td>
                <td>{r.supplier_name}</td>
                <td>{r.location_name}</td>
                <td>{r.supplier_ref}</td>
                <td className="num">{formatQty(r.line_count)}</td>
                <td className="num">
                  {r.status === 'cancelled' ? <s>{money(r.total_amount)}</s> : money(r.total_amount)}
                </td>
                <td>{r.created_by ?? ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={5}>
                Total : {formatQty(totals.count)} entrée{totals.count > 1 ? 's' : ''} validée
                {totals.count > 1 ? 's' : ''}
              </th>
              {/* The lines of the validated entries: quantities of different units are never added. */}
              <td className="num">{formatQty(totals.lines)}</td>
              <td className="num">{money(totals.amount)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      {by_supplier.length > 1 ? (
        <>
          <h2 className="h6 mt-3 mb-1">Récapitulatif par fournisseur</h2>
          <table className="app-print-table">
            <thead>
              <tr>
                <th>Fournisseur</th>
                <th className="num">Entrées</th>
                <th className="num">Montant</th>
              </tr>
            </thead>
            <tbody>
              {by_supplier.map((s) => (
                <tr key={s.supplier_name}>
                  <td>{s.supplier_name}</td>
                  <td className="num">{formatQty(s.count)}</td>
                  <td className="num">{money(s.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </PrintFrame>
  );
}

EntriesStatement.layout = SimpleLayout;
