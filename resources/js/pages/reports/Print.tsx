import type { PageProps } from '@shared/pages';
import { PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { formatQty } from '@/components/data/format';
import { ReportChart } from '@/components/reports/ReportChart';
import { ReportCellView, cellText, isNumeric } from '@/components/reports/report-cells';
import SimpleLayout from '@/layouts/SimpleLayout';
import { currencyInfo, formatMoney } from '@shared/money';
import type { ReportColumn } from '@shared/reports';

/** A cell read whole (figures, dates, document numbers: never split across lines), or text that wraps between words. */
function cellClass(c: ReportColumn): string | undefined {
  if (isNumeric(c)) return 'num is-whole';
  return c.kind === 'date' || c.link ? 'is-whole' : undefined;
}

/**
 * The A4 printout of any report (the report frame): its filters in words, key figures, chart (light
 * palette), every table with its total row printed once at the end; landscape when the report's
 * tables are wide. A table longer than the print cap says so. Dense: a row a line, no word or
 * figure ever split across lines (the money columns name their currency once, in their head).
 */
export default function ReportPrint(props: PageProps<'reports/Print'>) {
  const { title, subtitle, currency, facts, figures, tables, chart, notes, empty, landscape } = props;
  const isEmpty = tables.every((t) => t.page.total === 0);
  // The amounts bare, their currency named once in the column's head (as on screen): a row a line.
  const unit = currencyInfo(currency).label;
  const rate = (bp: number) => `${(bp / 100).toFixed(1).replace('.', ',').replace('-', '\u2212')} %`;
  return (
    <PrintFrame meta={props} landscape={landscape} title={title} subtitle={<strong>{subtitle}</strong>}>
      <PrintFacts
        items={[
          ...facts,
          ...(isEmpty
            ? []
            : figures.map((f): [string, string] => [
                f.label,
                f.kind === 'money'
                  ? formatMoney(f.figure, currency)
                  : f.kind === 'rate'
                    ? rate(f.figure)
                    : formatQty(f.figure),
              ])),
        ]}
      />
      {isEmpty ? (
        <PrintNote>
          {empty.title}. {empty.text}
        </PrintNote>
      ) : null}
      {chart && !isEmpty && chart.labels.length > 0 ? (
        <div className="app-report-print-chart mb-3">
          <ReportChart chart={chart} currency={currency} print />
        </div>
      ) : null}
      {isEmpty
        ? null
        : tables.map((t) => (
            <section key={t.id} className="mb-3">
              {t.title ? <h2 className="h6 mt-2 mb-1">{t.title}</h2> : null}
              {t.page.total > t.page.data.length ? (
                <PrintNote>
                  <strong>Attention :</strong> {formatQty(t.page.data.length)} lignes imprimées sur{' '}
                  {formatQty(t.page.total)} ; réduisez la période ou filtrez pour tout imprimer (l’export donne toutes
                  les lignes).
                </PrintNote>
              ) : null}
              <table className="app-print-table is-dense" data-testid={`report-print-${t.id}`}>
                <thead>
                  <tr>
                    {t.columns.map((c) => (
                      <th key={c.id} className={isNumeric(c) ? 'num' : undefined}>
                        {c.kind === 'money' ? `${c.label} (${unit})` : c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {t.page.data.map((r, i) => (
                    <tr key={i}>
                      {t.columns.map((c) => (
                        <td key={c.id} className={cellClass(c)}>
                          <ReportCellView column={c} row={r} currency={currency} print bareMoney />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                {t.totals ? (
                  <tfoot>
                    <tr>
                      {t.columns.map((c) => (
                        <th key={c.id} className={isNumeric(c) ? 'num' : undefined}>
                          {t.totals && t.totals[c.id] !== undefined ? cellText(c, t.totals, currency, true) : ''}
                        </th>
                      ))}
                    </tr>
                  </tfoot>
                ) : null}
              </table>
            </section>
          ))}
      {notes.length && !isEmpty ? (
        <PrintNote>
          {notes.map((n) => (
            <span key={n} className="d-block">
              {n}
            </span>
          ))}
        </PrintNote>
      ) : null}
    </PrintFrame>
  );
}

ReportPrint.layout = SimpleLayout;
