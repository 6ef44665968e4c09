import type { PageProps } from '@shared/pages';
import { TREASURY_KIND_LABELS } from '@shared/treasury';
import { PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatDate, formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';

/** Situation de caisse (A4): an account's opening balance, ins and outs by nature, closing balance and days. */
export default function CashSituationPrint(props: PageProps<'cash/SituationPrint'>) {
  const { situation: s } = props;
  const currency = props.company.currency;
  return (
    <PrintFrame meta={props} title="Situation de caisse" subtitle={`${s.account.name} — du ${formatDate(s.from)} au ${formatDate(s.to)}`}>
      <PrintFacts
        items={[
          ['Compte', `${s.account.name} (${s.account.code})`],
          ['Nature', TREASURY_KIND_LABELS[s.account.kind]],
          ['Emplacement', s.account.location_name ?? ''],
          ['Période', `du ${formatDate(s.from)} au ${formatDate(s.to)}`],
        ]}
      />
      <table className="app-print-table" data-testid="print-situation-types">
        <thead>
          <tr>
            <th>Nature</th>
            <th className="num">Mouvements</th>
            <th className="num">Entrées</th>
            <th className="num">Sorties</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>Solde d'ouverture au {formatDate(s.from)}</th>
            <td />
            <td className="num" colSpan={2}>
              <Money value={s.opening_balance} currency={currency} />
            </td>
          </tr>
          {s.by_type.map((t) => (
            <tr key={t.movement_type}>
              <td>{t.label}</td>
              <td className="num">{formatQty(t.count)}</td>
              <td className="num">{t.total_in ? <Money value={t.total_in} currency={currency} /> : '—'}</td>
              <td className="num">{t.total_out ? <Money value={-t.total_out} currency={currency} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total de la période</th>
            <td className="num">{formatQty(s.movement_count)}</td>
            <td className="num">
              <Money value={s.total_in} currency={currency} />
            </td>
            <td className="num">
              <Money value={-s.total_out} currency={currency} />
            </td>
          </tr>
          <tr>
            <th>Solde de clôture au {formatDate(s.to)}</th>
            <td />
            <td className="num" colSpan={2} data-testid="print-situation-closing">
              <Money value={s.closing_balance} currency={currency} />
            </td>
          </tr>
        </tfoot>
      </table>
      {s.days.length ? (
        <table className="app-print-table">
          <thead>
            <tr>
              <th>Journée</th>
              <th className="num">Entrées</th>
              <th className="num">Sorties</th>
              <th className="num">Solde du soir</th>
              <th>Arrêté</th>
            </tr>
          </thead>
          <tbody>
            {s.days.map((d) => (
              <tr key={d.day}>
                <td>{formatDate(d.day)}</td>
                <td className="num">
                  <Money value={d.total_in} currency={currency} />
                </td>
                <td className="num">
                  <Money value={-d.total_out} currency={currency} />
                </td>
                <td className="num">
                  <Money value={d.balance} currency={currency} />
                </td>
                <td>{d.closing_id ? (d.difference ? <>écart <Money value={d.difference} currency={currency} /></> : 'sans écart') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </PrintFrame>
  );
}

CashSituationPrint.layout = SimpleLayout;
