import { currencyInfo } from '@shared/money';
import type { ReportProps, ReportRow, ReportTable } from '@shared/reports';
import { type Column, DataTable } from '@/components/data/DataTable';
import { ReportCellView, isNumeric } from './report-cells';
import { useCompany } from '@/hooks/useCompany';

/**
 * The tables of a report on screen: DataTable (cards below 576 px, pagination of the server's
 * page), the columns from the server's declaration, the totals of every matching row as the
 * footer row, the report's empty state. Compact so the widest views fit at 1366 px without
 * scrolling sideways (.app-report-table): headers wrap, and money columns say their currency once
 * in the header (« Montant TTC (FCFA) ») rather than in every cell.
 */
export function ReportTables({ report }: { report: ReportProps }) {
  const { tables, empty } = report;
  const { currency } = useCompany();
  return (
    <>
      {tables.map((t, i) => (
        <section key={t.id} className={i < tables.length - 1 ? 'mb-4' : undefined} data-testid={`report-table-${t.id}`}>
          {t.title ? <h2 className="h6 mb-2">{t.title}</h2> : null}
          <DataTable
            caption={t.title ?? report.subtitle}
            page={t.page.total > t.page.per_page ? t.page : undefined}
            pageParam={t.page_param}
            pageLabel={`Pagination : ${(t.title ?? report.subtitle).toLowerCase()}`}
            emptyTitle={empty.title}
            emptyText={empty.text}
            emptyIcon={empty.icon}
            columns={columnsOf(t, currency)}
            rows={t.page.data}
            rowKey={(r) => rowKey(t, r)}
            rowClassName={(r) => (r.muted ? 'app-archived-row' : undefined)}
            testId={`report-${t.id}`}
            className="app-report-table"
          />
        </section>
      ))}
    </>
  );
}

function columnsOf(t: ReportTable, currency: string): Column<ReportRow>[] {
  const unit = currencyInfo(currency).label;
  return t.columns.map((c, i) => ({
    id: c.id,
    label: c.kind === 'money' ? `${c.label} (${unit})` : c.label,
    role: c.role ?? (isNumeric(c) ? 'figure' : i === 0 ? 'title' : 'secondary'),
    num: isNumeric(c),
    wrap: c.wrap,
    cell: (row: ReportRow) => <ReportCellView column={c} row={row} bareMoney />,
    foot: t.totals ? (
      <strong>{t.totals[c.id] === undefined ? null : <ReportCellView column={c} row={t.totals} bareMoney />}</strong>
    ) : undefined,
  }));
}

function rowKey(t: ReportTable, r: ReportRow): string {
  return t.columns.map((c) => String(r[c.id] ?? '')).join('|') + String(r.url ?? '');
}
