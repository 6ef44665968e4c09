import { type Request, Router } from 'express';
import type { Knex } from 'knex';
import type { Option } from '../../../shared/lists.js';
import type { ReportFilter } from '../../../shared/reports.js';
import { PAYMENT_DISPLAY_STATUSES, SALE_STATUS_LABELS } from '../../../shared/sales.js';
import { addDays, isIsoDate } from '../../domain/dates.js';
import type { PlaceScope } from '../../policies/places.js';
import {
  SALES_SITUATION_VIEWS,
  type SalesSituationFilters,
  type SalesSituationView,
  salesSituation,
} from '../../services/reports/sales-situation.js';
import {
  STOCK_STATE_VIEWS,
  type StockStateFilters,
  type StockStateView,
  stockState,
} from '../../services/reports/stock-state.js';
import { TURNOVER_VIEWS, type TurnoverFilters, type TurnoverView, turnover } from '../../services/reports/turnover.js';
import { hiddenStockLocations } from '../../services/stock/count-queries.js';
import { categoryOptions, productLabels } from '../../services/reports/lookups.js';
import { locationRows } from '../../services/stock/lookups.js';
import type { AppContext } from '../context.js';
import { presentLocations } from '../presenters/stock/common.js';
import { queryChoice, queryId, queryText } from '../query.js';
import { reportRoutes } from '../reports.js';

/**
 * Éditions (issue 17): Situation des ventes, Chiffre d'affaires and État de stock, each declared on
 * the report frame (server/http/reports.ts): filters read from the URL here, figures from the
 * services in server/services/reports/.
 */

const ids = <T extends { id: string }>(views: readonly T[]) => views.map((v) => v.id) as Array<T['id']>;

/** The period of a report: ?from=&to= (valid dates, from ≤ to), else the month so far. */
export function reportPeriod(req: Request, today: string): { from: string; to: string } {
  let from = queryText(req.query, 'from', 10);
  let to = queryText(req.query, 'to', 10);
  if (!isIsoDate(to)) to = today;
  if (!isIsoDate(from)) from = `${to.slice(0, 8)}01`;
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

export const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export async function locationFilter(
  db: Knex,
  scope: PlaceScope,
  value: string,
  hidden: ReadonlySet<number> = new Set(),
): Promise<{ filter: ReportFilter; name: string }> {
  const options: Option[] = presentLocations(await locationRows(db, scope))
    .filter((l) => !hidden.has(Number(l.value)))
    .map((l) => ({ value: l.value, label: l.active ? l.label : `${l.label} (archivé)` }));
  const name = options.find((o) => o.value === value)?.label ?? 'Tous';
  return {
    filter: { id: 'location_id', label: 'Emplacement', type: 'select', value, options, all_label: 'Tous' },
    name,
  };
}

export const periodFilters = (f: { from: string; to: string }): ReportFilter[] => [
  { id: 'from', label: 'Du', type: 'date', value: f.from },
  { id: 'to', label: 'Au', type: 'date', value: f.to },
];

const KIND_OPTIONS: Option[] = [
  { value: 'invoice', label: 'Factures (FAC-)' },
  { value: 'counter', label: 'Ventes boutique (VB-)' },
];
// The situation counts sales by payment status: a sale corrected by an avoir counts as paid there (its « Avoirs » column says how much).
const STATUS_OPTIONS: Option[] = PAYMENT_DISPLAY_STATUSES.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }));

export function reportRoutesOf(ctx: AppContext): Router {
  const r = Router();

  r.use(
    reportRoutes<SalesSituationFilters>(ctx, {
      routes: { index: 'reports.sales', export: 'reports.sales.export', print: 'reports.sales.print' },
      permission: 'menu.editions.situation',
      read: (req, today) => ({
        view: queryChoice(req.query, 'view', ids(SALES_SITUATION_VIEWS), 'factures') as SalesSituationView,
        ...reportPeriod(req, today),
        location_id: queryId(req.query, 'location_id'),
        kind: queryChoice(req.query, 'kind', ['', 'invoice', 'counter'] as const, ''),
        status: queryChoice(req.query, 'status', ['', ...PAYMENT_DISPLAY_STATUSES] as const, ''),
        product_ids: [
          ...new Set(
            queryText(req.query, 'products', 200)
              .split(',')
              .filter((v) => /^[1-9]\d{0,9}$/.test(v))
              .map(Number),
          ),
        ].slice(0, 20),
      }),
      build: async ({ db, req, filters: f, slice }) => {
        const scope = req.user.places;
        const location = await locationFilter(db, scope, f.location_id);
        const body = await salesSituation(db, f, scope, slice);
        const selected = await productLabels(db, f.product_ids);
        const view = SALES_SITUATION_VIEWS.find((v) => v.id === f.view)!;
        const withKind = f.view !== 'transferts' && f.view !== 'cumul';
        const filters: ReportFilter[] = [...periodFilters(f), location.filter];
        if (withKind)
          filters.push({
            id: 'kind',
            label: 'Type',
            type: 'select',
            value: f.kind,
            options: KIND_OPTIONS,
            all_label: 'Tous',
          });
        if (f.view === 'factures' || f.view === 'produits')
          filters.push({
            id: 'status',
            label: 'Statut',
            type: 'select',
            value: f.status,
            options: STATUS_OPTIONS,
            all_label: 'Tous',
          });
        if (f.view === 'produits')
          filters.push({
            id: 'products',
            label: 'Produits',
            type: 'products',
            value: f.product_ids.join(','),
            selected,
          });
        return {
          body: { ...body, chart: null },
          title: 'Situation des ventes',
          subtitle: view.label,
          group: 'Éditions',
          views: [...SALES_SITUATION_VIEWS],
          view: f.view,
          query: {
            view: f.view,
            from: f.from,
            to: f.to,
            location_id: f.location_id,
            kind: withKind ? f.kind : '',
            status: f.status,
            products: f.product_ids.join(','),
          },
          filters,
          facts: [
            ['Période', `du ${frDate(f.from)} au ${frDate(f.to)}`],
            ['Emplacement', location.name],
            ...(withKind
              ? ([
                  ['Type', KIND_OPTIONS.find((o) => o.value === f.kind)?.label ?? 'Factures et ventes boutique'],
                ] as Array<[string, string]>)
              : []),
            ...(f.status && (f.view === 'factures' || f.view === 'produits')
              ? ([['Statut', SALE_STATUS_LABELS[f.status]]] as Array<[string, string]>)
              : []),
            ...(f.view === 'produits'
              ? ([['Produits', selected.map((p) => p.label).join(', ') || 'aucun']] as Array<[string, string]>)
              : []),
          ],
          empty:
            f.view === 'produits' && f.product_ids.length === 0
              ? {
                  icon: 'fa-solid fa-boxes-stacked',
                  title: 'Choisissez des produits',
                  text: 'Ajoutez un ou plusieurs produits pour voir leurs ventes sur la période.',
                }
              : {
                  icon: 'fa-solid fa-chart-line',
                  title: 'Aucune vente sur cette période',
                  text: 'Changez la période ou les filtres.',
                },
          landscape: f.view === 'factures' || f.view === 'produits' || f.view === 'cumul' || f.view === 'transferts',
          file: { fileName: `situation-ventes-${f.view}`, sheetName: view.label },
        };
      },
    }),
  );

  r.use(
    reportRoutes<TurnoverFilters>(ctx, {
      routes: { index: 'reports.turnover', export: 'reports.turnover.export', print: 'reports.turnover.print' },
      permission: 'menu.editions.ca',
      read: (req, today) => ({
        view: queryChoice(req.query, 'view', ids(TURNOVER_VIEWS), 'global') as TurnoverView,
        ...reportPeriod(req, today),
        location_id: queryId(req.query, 'location_id'),
      }),
      build: async ({ db, req, filters: f, slice }) => {
        const scope = req.user.places;
        const location = await locationFilter(db, scope, f.location_id);
        const body = await turnover(db, f, scope, slice);
        const view = TURNOVER_VIEWS.find((v) => v.id === f.view)!;
        return {
          body,
          title: 'Chiffre d’affaires',
          subtitle: view.label,
          group: 'Éditions › Finances',
          views: [...TURNOVER_VIEWS],
          view: f.view,
          query: { view: f.view, from: f.from, to: f.to, location_id: f.location_id },
          filters: [...periodFilters(f), location.filter],
          facts: [
            ['Période', `du ${frDate(f.from)} au ${frDate(f.to)}`],
            ['Emplacement', location.name],
          ],
          empty: {
            icon: 'fa-solid fa-sack-dollar',
            title: 'Aucune vente sur cette période',
            text: 'Changez la période ou l’emplacement.',
          },
          landscape: f.view !== 'global',
          file: { fileName: `chiffre-affaires-${f.view}`, sheetName: `CA ${view.label}` },
        };
      },
    }),
  );

  r.use(
    reportRoutes<StockStateFilters>(ctx, {
      routes: { index: 'reports.stock', export: 'reports.stock.export', print: 'reports.stock.print' },
      permission: 'menu.editions.stock',
      read: (req, today) => {
        const date = queryText(req.query, 'date', 10);
        return {
          view: queryChoice(req.query, 'view', ids(STOCK_STATE_VIEWS), 'niveaux') as StockStateView,
          location_id: queryId(req.query, 'location_id'),
          category_id: queryId(req.query, 'category_id'),
          q: queryText(req.query, 'q', 60),
          date: isIsoDate(date) && date <= today ? date : addDays(today, -1),
        };
      },
      build: async ({ db, req, filters: f, slice }) => {
        const scope = req.user.places;
        // Stock figures: the user's places, without a place under a blind count.
        const hidden = await hiddenStockLocations(db, req.user);
        const location = await locationFilter(db, scope, f.location_id, hidden);
        const places =
          scope.all && hidden.size === 0
            ? null
            : location.filter.type === 'select'
              ? location.filter.options.map((o) => Number(o.value))
              : [];
        const body = await stockState(db, f, places, slice);
        const categories = await categoryOptions(db);
        const view = STOCK_STATE_VIEWS.find((v) => v.id === f.view)!;
        const filters: ReportFilter[] = [];
        if (f.view === 'date') filters.push({ id: 'date', label: 'Au soir du', type: 'date', value: f.date });
        filters.push(location.filter);
        filters.push({
          id: 'category_id',
          label: 'Catégorie',
          type: 'select',
          value: f.category_id,
          options: categories,
          all_label: 'Toutes',
        });
        if (f.view !== 'categories')
          filters.push({ id: 'q', label: 'Produit', type: 'search', value: f.q, placeholder: 'Code ou nom' });
        return {
          body: { ...body, chart: null },
          title: 'État de stock',
          subtitle: f.view === 'date' ? `Au soir du ${frDate(f.date)}` : view.label,
          group: 'Éditions',
          views: [...STOCK_STATE_VIEWS],
          view: f.view,
          query: {
            view: f.view,
            location_id: f.location_id,
            category_id: f.category_id,
            q: f.view === 'categories' ? '' : f.q,
            date: f.view === 'date' ? f.date : '',
          },
          filters,
          facts: [
            ...(f.view === 'date' ? ([['Date', `au soir du ${frDate(f.date)}`]] as Array<[string, string]>) : []),
            ['Emplacement', location.name],
            ['Catégorie', categories.find((c) => c.value === f.category_id)?.label ?? 'Toutes'],
            ...(f.q && f.view !== 'categories' ? ([['Produit', f.q]] as Array<[string, string]>) : []),
          ],
          empty:
            f.view === 'alerte'
              ? {
                  icon: 'fa-solid fa-circle-check',
                  title: 'Aucun produit sous son seuil d’alerte',
                  text: 'Tous les produits suivis ont un stock au-dessus de leur seuil.',
                }
              : {
                  icon: 'fa-solid fa-warehouse',
                  title: 'Aucun stock',
                  text: 'Aucun produit en stock pour ces filtres.',
                },
          landscape: f.view !== 'categories',
          file: { fileName: `etat-stock-${f.view}`, sheetName: view.label.slice(0, 31) },
        };
      },
    }),
  );
  return r;
}
