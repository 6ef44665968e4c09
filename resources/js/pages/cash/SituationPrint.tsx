import type { PageProps } from '@shared/pages';
import { TREASURY_KIND_LABELS } from '@shared/treasury';
import { PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MovementFiguresTable } from '@/components/treasury/CashFiguresTables';

/** Situation de caisse (A4): an account's opening balance, ins and outs by nature, closing balance and days. */
export default function CashSituationPrint(props: PageProps<'cash/SituationPrint'>) {
  const { situation: s } = props;
  const currency = props.company.currency;
  return (
    <PrintFrame
      meta={props}
      title="Situation de caisse"
      subtitle={`${s.account.name} — du ${formatDate(s.from)} au ${formatDate(s.to)}`}
    >
      <PrintFacts
        items={[
          ['Compte', `${s.account.name} (${s.account.code})`],
          ['Nature', TREASURY_KIND_LABELS[s.account.kind]],
          ['Emplacement', s.account.location_name ?? ''],
          ['Période', `du ${formatDate(s.from)} au ${formatDate(s.to)}`],
        ]}
      />
      <MovementFiguresTable
        currency={currency}
        byType={s.by_type}
        opening={{ label: `Solde d’ouverture au ${formatDate(s.from)}`, value: s.opening_balance }}
        total={{ label: 'Total de la période', count: s.movement_count, totalIn: s.total_in, totalOut: s.total_out }}
        closing={{
          label: `Solde de clôture au ${formatDate(s.to)}`,
          value: s.closing_balance,
          testId: 'print-situation-closing',
        }}
        emptyText="Aucun mouvement sur la période."
        testId="print-situation-types"
        print
      />
      {s.days.length ? (
        <PrintLines
          rows={s.days}
          rowKey={(d) => d.day}
          columns={[
            { id: 'day', label: 'Journée', cell: (d) => formatDate(d.day) },
            {
              id: 'in',
              label: 'Entrées',
              num: true,
              cell: (d) => <Money value={d.total_in} currency={currency} />,
            },
            {
              id: 'out',
              label: 'Sorties',
              num: true,
              cell: (d) => <Money value={-d.total_out} currency={currency} />,
            },
            {
              id: 'balance',
              label: 'Solde du soir',
              num: true,
              cell: (d) => <Money value={d.balance} currency={currency} />,
            },
            {
              id: 'closing',
              label: 'Arrêté',
              cell: (d) =>
                d.closing_id ? (
                  d.difference ? (
                    <>
                      écart <Money value={d.difference} currency={currency} />
                    </>
                  ) : (
                    'sans écart'
                  )
                ) : (
                  '—'
                ),
            },
          ]}
        />
      ) : null}
    </PrintFrame>
  );
}

CashSituationPrint.layout = SimpleLayout;
