import type { PageProps } from '@shared/pages';
import { PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { formatQty } from '@/components/data/format';
import { ReportChart } from '@/components/reports/ReportChart';
import { ReportCellView, cellText, isNumeric } from '@/components/reports/report-cells';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { currencyInfo, formatMoney } from '@shared/money';
import type { ReportColumn, ReportRow } from '@shared/reports';

/** A cell read whole (figures, dates, document numbers: never split across lines), or text that wraps between words. */
function wholeClass(c: ReportColumn): string | undefined {
  return isNumeric(c) || c.kind === 'date' || c.link ? 'is-whole' : undefined;
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
              <PrintLines
                dense
                testId={`report-print-${t.id}`}
                rows={t.page.data}
                rowKey={(_, i) => i}
                columns={t.columns.map((c) => ({
                  id: c.id,
                  label: c.kind === 'money' ? `${c.label} (${unit})` : c.label,
                  num: isNumeric(c),
                  className: wholeClass(c),
                  cell: (r: ReportRow) => <ReportCellView column={c} row={r} currency={currency} print bareMoney />,
                  foot: t.totals
                    ? t.totals[c.id] !== undefined
                      ? cellText(c, t.totals, currency, true)
                      : ''
                    : undefined,
                }))}
              />
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
