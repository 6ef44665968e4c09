import { type Request, Router } from 'express';
import { businessDate } from '../domain/dates.js';
import type { Knex } from 'knex';
import type { Permission } from '../../shared/permissions.js';
import type { ReportChart, ReportFilter, ReportProps, ReportView } from '../../shared/reports.js';
import { type RouteName, ROUTES, route } from '../../shared/routes.js';
import { seesReportCosts } from '../policies/index.js';
import {
  EXPORT_LIMIT,
  PRINT_LIMIT,
  REPORT_PER_PAGE,
  type ReportSlice,
  reportExport,
  withoutReportCosts,
} from '../services/reports/frame.js';
import type { ReportBody } from '../services/reports/sales-situation.js';
import type { AppContext } from './context.js';
import { downloadGuard, exportFormat, sendFile } from './files.js';
import { can, requireAuth, requireVerified } from './middleware/auth.js';
import { printFrame } from './printouts.js';
import { queryPage } from './query.js';
import { signedIn, type SignedInRequest } from './signed-in.js';

/**
 * The http half of the report frame (shared/reports.ts): one declaration per report gives its
 * screen (`reports/Show`, a page of each table), its A4 printout (`reports/Print`, every row up to
 * PRINT_LIMIT, portrait or landscape) and its CSV/XLSX export (the view's main table, up to
 * EXPORT_LIMIT rows, with its total row), all three guarded by the report's permission, reading
 * the same filters from the URL, and without cost columns for a user who may not see report costs.
 *
 *   r.use(reportRoutes(ctx, { routes: { index: 'reports.stock', export: …, print: … }, permission: 'menu.editions.stock', read, build }))
 */
export interface ReportRequest<F> {
  db: Knex;
  req: SignedInRequest;
  filters: F;
  slice: ReportSlice;
  today: string;
}

export interface ReportAnswer {
  body: ReportBody & { chart?: ReportChart | null };
  title: string;
  subtitle: string;
  group: string;
  views: ReportView[];
  view: string;
  /** The filters as the URL carries them (defaults included), for the toolbar, the export and the printout. */
  query: Record<string, string>;
  filters: ReportFilter[];
  facts: Array<[string, string]>;
  empty: ReportProps['empty'];
  landscape: boolean;
  /** File name of the export (without date and extension) and its sheet. */
  file: { fileName: string; sheetName: string };
}

export interface ReportDefinition<F> {
  routes: { index: RouteName; export: RouteName; print: RouteName };
  permission: Permission;
  /** The filters from the URL (unknown values dropped, defaults filled). */
  read: (req: Request, today: string) => Promise<F> | F;
  build: (r: ReportRequest<F>) => Promise<ReportAnswer>;
}

export function reportRoutes<F>(ctx: AppContext, def: ReportDefinition<F>): Router {
  const { db } = ctx;
  const r = Router();
  const paths = [ROUTES[def.routes.index], ROUTES[def.routes.export], ROUTES[def.routes.print]];
  r.use(paths, requireAuth, requireVerified, can(def.permission));

  const answer = async (req: SignedInRequest, slice: ReportSlice) => {
    const today = businessDate(req.user.company.timeZone);
    const filters = await def.read(req, today);
    const a = await def.build({ db, req, filters, slice, today });
    const currency = req.user.company.currency;
    const props: ReportProps = withoutReportCosts(
      {
        routes: def.routes,
        title: a.title,
        subtitle: a.subtitle,
        group: a.group,
        currency,
        views: a.views,
        view: a.view,
        query: a.query,
        filters: a.filters,
        facts: a.facts,
        figures: a.body.figures,
        tables: a.body.tables,
        chart: a.body.chart ?? null,
        notes: a.body.notes,
        empty: a.empty,
        landscape: a.landscape,
      },
      seesReportCosts(req.user),
    );
    return { props, file: a.file, currency };
  };

  r.get(
    ROUTES[def.routes.index],
    signedIn(async (req, res) => {
      const { props } = await answer(req, { page: queryPage(req.query), perPage: REPORT_PER_PAGE });
      await res.inertia.render('reports/Show', props);
    }),
  );

  r.get(
    ROUTES[def.routes.print],
    signedIn(async (req, res) => {
      const { props } = await answer(req, { all: true, limit: PRINT_LIMIT });
      const back = (route as (n: RouteName, q?: Record<string, string>) => string)(def.routes.index, props.query);
      await res.inertia.render('reports/Print', {
        ...(await printFrame(ctx, req, res, { document: null, back })),
        ...props,
      });
    }),
  );

  r.get(
    ROUTES[def.routes.export],
    downloadGuard,
    signedIn(async (req, res) => {
      const { props, file, currency } = await answer(req, { all: true, limit: EXPORT_LIMIT });
      const main = props.tables[props.tables.length - 1];
      sendFile(res, await reportExport(exportFormat(req), file, main, currency));
    }),
  );
  return r;
}
