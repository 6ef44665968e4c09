import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQty, formatUnitTotals } from '@/components/data/format';

/** Bon d'entrée de stock (A4): supplier, location, lines at cost, total, signatures. */
export default function EntryPrint(props: PageProps<'stock/entries/Print'>) {
  const { entry, company } = props;
  // Costs are absent for a user who may not see them: a dash in their place.
  const money = (v: number | undefined) => (v === undefined ? '—' : formatMoney(v, company.currency));
  const cancelled = entry.status === 'cancelled';
  return (
    <PrintFrame
      meta={props}
      title="Bon d’entrée de stock"
      number={entry.number}
      watermark={cancelled ? 'ANNULÉE' : null}
      footer={
        <PrintClosing
          cancelled={
            cancelled
              ? { label: 'Annulée', at: entry.cancelled_at, by: entry.cancelled_by, reason: entry.cancel_reason }
              : null
          }
          notes={[entry.note ? `Observation : ${entry.note}` : null]}
          signatures={['Le magasinier', 'Le livreur']}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date d’entrée', formatDate(entry.entry_date)],
          entry.supplier
            ? ['Fournisseur', `${entry.supplier.name} (${entry.supplier.code})`]
            : ['Type', `${entry.kind_label} (sans fournisseur)`],
          ['Emplacement', entry.location.name],
          ['Réf. fournisseur', entry.supplier ? entry.supplier_ref || '—' : ''],
          ['Saisie par', `${entry.created_by ?? '—'} le ${formatDateTime(entry.created_at)}`],
        ]}
      />
      <table className="app-print-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Code</th>
            <th>Désignation</th>
            <th className="num">Quantité</th>
            <th>Unité</th>
            <th className="num">Coût unitaire</th>
            <th className="num">Montant</th>
          </tr>
        </thead>
        <tbody>
          {entry.lines.map((l) => (
            <tr key={l.position}>
              <td>{l.position}</td>
              <td className="code">{l.product_code}</td>
              <td>
                {l.product_name}
                {l.entry_unit === 'pack' ? (
                  <span>
                    {' '}
                    ({formatQty(l.entered_quantity)} colis de {formatQty(l.pack_size)})
                  </span>
                ) : null}
              </td>
              <td className="num">{formatQty(l.quantity)}</td>
              <td>{l.unit}</td>
              <td className="num">{money(l.unit_cost)}</td>
              <td className="num">{money(l.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>Total ({formatCount(entry.line_count, 'ligne')})</th>
            {/* One sum per unit (« 50 sacs, 4 seaux »): quantities of different units are never added. */}
            <td colSpan={2}>{formatUnitTotals(entry.lines)}</td>
            <td />
            <td className="num">{money(entry.total_amount)}</td>
          </tr>
        </tfoot>
      </table>
    </PrintFrame>
  );
}

EntryPrint.layout = SimpleLayout;
