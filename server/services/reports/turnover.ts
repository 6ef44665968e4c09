import type { Knex } from 'knex';
import type { ReportChart, ReportColumn, ReportRow } from '../../../shared/reports.js';
import { route } from '../../../shared/routes.js';
import { TURNOVER_CLIENT_DAYS } from '../../db/turnover-client-days.js';
import type { PlaceScope } from '../../policies/places.js';
import { type ReportSlice, atPlaces, marginRate, num, pageOf, sliceOf, table } from './frame.js';
import type { ReportBody } from './sales-situation.js';
import { productSales, productSalesTable } from './sales-summaries.js';

/**
 * Éditions › Finances › Chiffre d'affaires (issue 17, report 3): global, by client, daily, by
 * product — with cost and margin for users allowed to see them, and a chart (daily turnover, top
 * products).
 *
 * Every event counts on its own date, so a period's figures never change afterwards: a sale
 * (FAC-, VB-) on its sale date (+ its TTC total and its cost at the CMUP of the day), a credit note
 * (avoir) on its date (−), a cancellation on its cancellation date (− what the sale still weighed:
 * its total less its credit notes). CA net = ventes − avoirs − annulations. Amounts are TTC; the
 * margin is on CA net VAT excluded (CA net − its VAT − cost net: shared/vat.ts), its rate on it. The by-product view reads the summary
 * tables (same events, per product), the others the events summed per day, location, kind and
 * client (report_turnover_client_days).
 */

export const TURNOVER_VIEWS = [
  { id: 'global', label: 'Global' },
  { id: 'clients', label: 'Par client' },
  { id: 'jours', label: 'Journalier' },
  { id: 'produits', label: 'Par produit' },
] as const;
export type TurnoverView = (typeof TURNOVER_VIEWS)[number]['id'];

export interface TurnoverFilters {
  view: TurnoverView;
  from: string;
  to: string;
  location_id: string;
}

/**
 * The events of a period as one row source, read from their summary per day, location, kind and
 * client (report_turnover_client_days: server/db/turnover-client-days.ts, whose turnoverEventsSql
 * defines them): d (date), client_id, kind, sold (count of sales), gross (TTC of the sales),
 * returns (credit notes + cancellations, positive), cost (net), vat (net VAT in the CA net) — to
 * be summed by the caller.
 */
export function turnoverEvents(
  db: Knex,
  f: Pick<TurnoverFilters, 'from' | 'to' | 'location_id'>,
  scope: PlaceScope,
): Knex.QueryBuilder {
  return atPlaces(
    db(`${TURNOVER_CLIENT_DAYS} as t`).whereBetween('t.day', [f.from, f.to]).select({
      d: 't.day',
      client_id: 't.client_id',
      kind: 't.kind',
      sold: 't.sold',
      gross: 't.gross',
      returns: 't.returns',
      cost: 't.cost',
      vat: 't.vat',
    }),
    't.location_id',
    f,
    scope,
  );
}

const FIGURE_COLUMNS: ReportColumn[] = [
  { id: 'sold', label: 'Ventes', kind: 'count', role: 'secondary' },
  { id: 'gross', label: 'Ventes TTC', kind: 'money', role: 'secondary' },
  { id: 'returns', label: 'Avoirs et annulations', kind: 'money', role: 'secondary' },
  { id: 'net', label: 'CA net', kind: 'money', role: 'figure' },
  { id: 'vat', label: 'dont TVA', kind: 'money', role: 'secondary' },
  { id: 'cost', label: 'Coût', kind: 'money', role: 'secondary', cost: true },
  { id: 'margin', label: 'Marge', kind: 'money', role: 'figure', cost: true },
  { id: 'rate', label: 'Taux de marge', kind: 'rate', role: 'secondary', cost: true },
];

/** One row of summed events → its figures (CA net = ventes − avoirs et annulations, margin = net − its VAT − cost, on the amount VAT excluded). */
export function figuresRow(r: Record<string, unknown> | undefined): ReportRow {
  const gross = num(r?.gross);
  const returns = num(r?.returns);
  const net = gross - returns;
  const vat = num(r?.vat);
  const cost = num(r?.cost);
  const margin = net - vat - cost;
  return { sold: num(r?.sold), gross, returns, net, vat, cost, margin, rate: marginRate(margin, net - vat) };
}

/** The figure columns, « dont TVA » only when the period had VAT (the margin is then said « HT »). */
function figureColumns(all: ReportRow): ReportColumn[] {
  const vat = Number(all.vat) !== 0;
  return FIGURE_COLUMNS.filter((c) => vat || c.id !== 'vat').map((c) =>
    vat && c.id === 'margin' ? { ...c, label: 'Marge HT' } : c,
  );
}

function aggregate(db: Knex, source: Knex.QueryBuilder): Knex.QueryBuilder {
  return db
    .from(source.as('e'))
    .sum({ sold: 'e.sold', gross: 'e.gross', returns: 'e.returns', cost: 'e.cost', vat: 'e.vat' });
}

const MEASURES = ['sold', 'gross', 'returns', 'cost', 'vat'] as const;

/**
 * `grouped` with the same four measures summed over each `partitions` entry beside every row
 * (window sums: `${prefix}_sold`, …; null = over the whole answer): totals, sub-totals and rows
 * in one SQL pass, picked from the rows afterwards, never added up here.
 */
function withSums(db: Knex, grouped: Knex.QueryBuilder, partitions: Record<string, string | null>): Knex.QueryBuilder {
  const sums = Object.entries(partitions).flatMap(([prefix, by]) =>
    MEASURES.map((m) => db.raw(`SUM(g.${m}) OVER (${by ? `PARTITION BY g.${by}` : ''}) AS ${prefix}_${m}`)),
  );
  return db.from(grouped.as('g')).select('g.*', ...sums, db.raw('COUNT(*) OVER () AS total_rows'));
}
const sumsOf = (r: Record<string, unknown> | undefined, prefix: string) =>
  r ? Object.fromEntries(MEASURES.map((m) => [m, r[`${prefix}_${m}`]])) : undefined;

export async function turnover(
  db: Knex,
  f: TurnoverFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody & { chart: ReportChart | null }> {
  if (f.view === 'produits') return byProduct(db, f, scope, slice);
  const source = turnoverEvents(db, f, scope);
  const notes = [
    'Chaque événement compte à sa date : une vente à sa date (+), un avoir à sa date (−), une annulation à la date de l’annulation (− le montant de la vente moins ses avoirs). Montants TTC ; coût au CMUP du jour de la vente ; marge sur le chiffre hors TVA.',
  ];
  const figuresOf = (all: ReportRow) => [
    { id: 'net', label: 'Chiffre d’affaires net', kind: 'money' as const, figure: Number(all.net) },
    { id: 'sold', label: 'Ventes', kind: 'count' as const, figure: Number(all.sold) },
    {
      id: 'returns',
      label: 'Avoirs et annulations',
      kind: 'money' as const,
      figure: Number(all.returns),
      tone: Number(all.returns) > 0 ? ('danger' as const) : undefined,
    },
    {
      id: 'margin',
      label: Number(all.vat) !== 0 ? 'Marge HT' : 'Marge',
      kind: 'money' as const,
      figure: Number(all.margin),
      cost: true,
      tone: 'success' as const,
    },
    { id: 'rate', label: 'Taux de marge', kind: 'rate' as const, figure: Number(all.rate ?? 0), cost: true },
  ];

  if (f.view === 'global' || f.view === 'jours') {
    // One pass over the period's events: grouped by day and kind, with the day, kind and overall sums beside.
    const rows = (await withSums(db, aggregate(db, source.clone()).select('e.d', 'e.kind').groupBy('e.d', 'e.kind'), {
      all: null,
      day: 'd',
      kind: 'kind',
    }).orderBy([{ column: 'g.d' }, { column: 'g.kind' }])) as Record<string, unknown>[];
    const all = figuresRow(sumsOf(rows[0], 'all'));
    const days = rows.filter((r, k) => k === 0 || rows[k - 1].d !== r.d).map((r) => ({ d: r.d, ...sumsOf(r, 'day') }));
    if (f.view === 'global') {
      const label = { invoice: 'Factures (FAC-)', counter: 'Ventes boutique (VB-)' } as Record<string, string>;
      const kinds: ReportRow[] = ['invoice', 'counter'].map((k) => ({
        kind: label[k],
        ...figuresRow(
          sumsOf(
            rows.find((r) => r.kind === k),
            'kind',
          ),
        ),
      }));
      return {
        figures: figuresOf(all),
        tables: [
          table(
            'global',
            [{ id: 'kind', label: 'Type de vente', kind: 'text', role: 'title' }, ...figureColumns(all)],
            pageOf(kinds, kinds.length, { all: true, limit: kinds.length }),
            { kind: 'Total', ...all },
          ),
        ],
        chart: dailyChart(days),
        notes,
      };
    }
    const dayRows: ReportRow[] = days.map((r) => ({ date: String(r.d), ...figuresRow(r) }));
    // Days are at most a few hundred rows: the page is cut from the grouped answer.
    const s = sliceOf(slice);
    return {
      figures: figuresOf(all),
      tables: [
        table(
          'days',
          [{ id: 'date', label: 'Date', kind: 'date', role: 'title' }, ...figureColumns(all)],
          pageOf(dayRows.slice(s.offset, s.offset + s.limit), dayRows.length, slice),
          { date: 'Total', ...all },
        ),
      ],
      chart: dailyChart(days),
      notes,
    };
  }
  // Par client: grouped in SQL with the overall sums and the row count beside (one pass), the page's client names joined.
  const s = sliceOf(slice);
  const rows = (await db
    .from(
      withSums(db, aggregate(db, source.clone()).select('e.client_id').groupBy('e.client_id'), { all: null }).as('w'),
    )
    .join('clients as c', 'c.id', 'w.client_id')
    .select('w.*', 'c.code', 'c.name')
    .orderByRaw('(w.gross - w.returns) DESC, w.client_id ASC')
    .limit(s.limit)
    .offset(s.offset)) as Record<string, unknown>[];
  const all = figuresRow(
    rows.length ? sumsOf(rows[0], 'all') : ((await aggregate(db, source.clone()).first()) as Record<string, unknown>),
  );
  const total = rows.length
    ? Number(rows[0].total_rows)
    : Number(
        (
          (await db
            .from(aggregate(db, source.clone()).select('e.client_id').groupBy('e.client_id').as('g'))
            .count({ n: '*' })
            .first()) as Record<string, unknown>
        )?.n ?? 0,
      );
  const figures = figuresOf(all);
  const data: ReportRow[] = rows.map((r) => ({
    client: String(r.name),
    code: String(r.code),
    url: route('clients.show', { id: Number(r.client_id) }),
    ...figuresRow(r),
  }));
  return {
    figures,
    tables: [
      table(
        'clients',
        [
          { id: 'client', label: 'Client', kind: 'text', role: 'title', link: true, wrap: true },
          { id: 'code', label: 'Code', kind: 'text', role: 'secondary' },
          ...figureColumns(all),
        ],
        pageOf(data, total, slice),
        { client: 'Total', ...all },
      ),
    ],
    chart: null,
    notes,
  };
}

function dailyChart(days: Record<string, unknown>[]): ReportChart {
  const rows = days.map(figuresRow);
  return {
    type: days.length > 62 ? 'line' : 'bar',
    title: 'Chiffre d’affaires net par jour',
    labels: days.map((d) => String(d.d)),
    series: [
      { label: 'CA net', unit: 'money', data: rows.map((r) => Number(r.net)) },
      { label: 'Marge', unit: 'money', data: rows.map((r) => Number(r.margin)), cost: true },
    ],
  };
}

async function byProduct(
  db: Knex,
  f: TurnoverFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody & { chart: ReportChart | null }> {
  const sold = await productSales(db, f, scope, slice);
  const top =
    'all' in slice || slice.page === 1
      ? sold.rows.slice(0, 10)
      : (await productSales(db, f, scope, { page: 1, perPage: 10 })).rows;
  const { figures, table: products } = productSalesTable(sold, slice, {
    quantity: 'Quantité nette',
    amount: { id: 'net', label: 'CA net', figure: 'Chiffre d’affaires net' },
    category: false,
    amountFirst: true,
  });
  return {
    figures,
    tables: [products],
    chart: top.length
      ? {
          type: 'bar',
          horizontal: true,
          title: 'Les 10 produits au plus fort chiffre',
          labels: top.map((r) => String(r.name)),
          series: [
            { label: 'CA net', unit: 'money', data: top.map((r) => num(r.sales)) },
            {
              label: 'Marge',
              unit: 'money',
              data: top.map((r) => num(r.sales) - num(r.vat) - num(r.cost)),
              cost: true,
            },
          ],
        }
      : null,
    notes: [
      'Ventes de la période par produit, moins les avoirs et les annulations de la période (chacun à sa date). Montant des lignes après remises (TTC) ; coût au CMUP du jour de la vente ; marge sur le montant hors TVA.',
    ],
  };
}
