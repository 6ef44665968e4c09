import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { type RouteName, route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { ExportButtons } from '@/components/data/ExportButtons';
import { ListToolbar } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';
import { SubNav } from '@/components/data/SubNav';
import { formatQty } from '@/components/data/format';
import { useList } from '@/components/data/useList';
import { ReportChart } from '@/components/reports/ReportChart';
import { ReportFilters } from '@/components/reports/ReportFilters';
import { ReportTables } from '@/components/reports/ReportTables';

const href = (name: RouteName, query: Record<string, string>) =>
  (route as (n: RouteName, q?: Record<string, string>) => string)(name, query);

/**
 * Every report of the Éditions menu (the report frame, shared/reports.ts): its views as tabs, its
 * filters kept in the URL, its key figures, its chart, its tables with their totals, « Imprimer »
 * (A4, portrait or landscape as the report says) and the CSV/XLSX export of the view.
 */
export default function ReportShow(report: PageProps<'reports/Show'>) {
  const { routes, title, subtitle, group, views, view, query, filters, figures, chart, notes } = report;
  const list = useList(href(routes.index, {}), query, { keep: ['view'] });
  const rate = (bp: number) => `${(bp / 100).toFixed(1).replace('.', ',').replace('-', '\u2212')} %`;
  const empty = report.tables.every((t) => t.page.total === 0);
  return (
    <AppPage
      title={title}
      subtitle={subtitle}
      breadcrumbs={[...group.split(' › ').map((label) => ({ label })), { label: title }]}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Link href={href(routes.print, query)} className="btn btn-outline-secondary" data-testid="report-print">
            <Icon name="fa-solid fa-print" className="me-2" />
            Imprimer
          </Link>
          <ExportButtons url={href(routes.export, {})} state={query} />
        </div>
      }
    >
      <SubNav
        label={`Vues : ${title}`}
        items={views.map((v) => ({
          href: href(routes.index, { ...query, view: v.id }),
          label: v.label,
          exact: false,
          active: v.id === view,
        }))}
      />
      <ListToolbar onReset={list.filtered ? list.reset : undefined}>
        <ReportFilters filters={filters} list={list} />
      </ListToolbar>
      {figures.length && !empty ? (
        <StatRow className="mb-3" testId="report-figures">
          {figures.map((f) => (
            <Stat
              key={f.id}
              label={f.label}
              tone={f.tone}
              testId={`report-figure-${f.id}`}
              value={
                f.kind === 'money' ? (
                  <Money value={f.figure} />
                ) : f.kind === 'rate' ? (
                  rate(f.figure)
                ) : (
                  formatQty(f.figure)
                )
              }
            />
          ))}
        </StatRow>
      ) : null}
      {chart && !empty && chart.labels.length > 0 ? (
        <div className="card mb-3">
          <div className="card-body">
            <ReportChart chart={chart} />
          </div>
        </div>
      ) : null}
      <ReportTables report={report} />
      {notes.length && !empty ? (
        <div className="small text-body-secondary mt-2" data-testid="report-notes">
          {notes.map((n) => (
            <p key={n} className="mb-1">
              {n}
            </p>
          ))}
        </div>
      ) : null}
    </AppPage>
  );
}
