import type { Knex } from 'knex';
import { toBool } from '../../db/dialect.js';
import { lineTtc } from '../../db/report-summaries.js';
import { lineVat } from '../../../shared/vat.js';
import type { ReportColumn, ReportFigure, ReportRow, ReportTable } from '../../../shared/reports.js';
import { route } from '../../../shared/routes.js';
import {
  PAYMENT_DISPLAY_STATUSES,
  PAYMENT_MODE_LABELS,
  SALE_STATUS_LABELS,
  SALE_STATUS_TONES,
  type PaymentMode,
  type SaleDisplayStatus,
  saleDisplayStatus,
  saleRemaining,
} from '../../../shared/sales.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/treasury.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedTreasuryAccount } from '../places/scope.js';
import { type ReportSlice, inPeriod, num, pageOf, sliceOf, table } from './frame.js';
import { productSales, productSalesTable } from './sales-summaries.js';
import { frenchKey } from '../../db/french-order.js';

/**
 * Éditions › Situation des ventes (issue 17, report 1): the invoices of a period with what was
 * paid and what remains, the situation of the invoices (by status and mode), the payments received
 * (at the sale and by settlement, per method), the sales of the products the user picks, the
 * products transferred (by source and destination) and the cumulative products sold. Every figure
 * is a SQL aggregate over indexed rows of the period; the situation of the invoices, the list's
 * totals and the payments read the day summaries report_sale_days / report_payment_days
 * (server/db/sales-situation-days.ts), the cumulative view the running totals.
 */

export const SALES_SITUATION_VIEWS = [
  { id: 'factures', label: 'Liste des factures' },
  { id: 'etat-factures', label: 'Situation des factures' },
  { id: 'paiements', label: 'Situation des paiements' },
  { id: 'produits', label: 'Produits sélectionnés' },
  { id: 'transferts', label: 'Produits transférés' },
  { id: 'cumul', label: 'Cumul des produits vendus' },
] as const;
export type SalesSituationView = (typeof SALES_SITUATION_VIEWS)[number]['id'];

export interface SalesSituationFilters {
  view: SalesSituationView;
  from: string;
  to: string;
  location_id: string;
  kind: '' | 'invoice' | 'counter';
  status: '' | (typeof PAYMENT_DISPLAY_STATUSES)[number];
  product_ids: number[];
}

export interface ReportBody {
  figures: ReportFigure[];
  tables: ReportTable[];
  notes: string[];
}

/**
 * The sales of the filters (period, places, location, kind, status) — or, with `days`, the groups of
 * report_sale_days holding them (the same columns, dated `day`: server/db/sales-situation-days.ts).
 */
function salesQuery(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  withStatus = true,
  days = false,
): Knex.QueryBuilder {
  const q = days
    ? inPeriod(db('report_sale_days as s'), 's.day', 's.location_id', f, scope)
    : inPeriod(db('sales as s'), 's.sale_date', 's.location_id', f, scope);
  if (f.kind) q.where('s.kind', f.kind);
  if (withStatus && f.status === 'cancelled') q.where('s.status', 'cancelled');
  else if (withStatus && f.status) q.where('s.status', 'validated').where('s.payment_status', f.status);
  return q;
}

export async function salesSituation(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  switch (f.view) {
    case 'factures':
      return invoiceList(db, f, scope, slice);
    case 'etat-factures':
      return invoiceSituation(db, f, scope, slice);
    case 'paiements':
      return paymentSituation(db, f, scope, slice);
    case 'produits':
      return pickedProducts(db, f, scope, slice);
    case 'transferts':
      return transferredProducts(db, f, scope, slice);
    case 'cumul':
      return cumulativeProducts(db, f, scope, slice);
  }
}

/** The sums of these columns over a few rows already in memory (a small grouped table's total row). */
function sums<K extends string>(rows: ReportRow[], keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((acc, r) => acc + Number(r[k]), 0)])) as Record<K, number>;
}

/** A small grouped table shown whole on screen (one page of all its rows), sliced only for an export. */
function wholeTable(
  id: string,
  columns: ReportColumn[],
  data: ReportRow[],
  slice: ReportSlice,
  totals: ReportRow,
): ReportTable {
  return table(
    id,
    columns,
    pageOf(data, data.length, 'all' in slice ? slice : { page: 1, perPage: Math.max(data.length, 1) }),
    totals,
  );
}

const statusOf = (status: string, paymentStatus: string): SaleDisplayStatus =>
  status === 'cancelled' ? 'cancelled' : (paymentStatus as SaleDisplayStatus);

async function invoiceList(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const base = salesQuery(db, f, scope);
  // Counts and totals from the day summary (a year: ≈ 1 500 groups instead of 200 000 sales).
  const agg = (await salesQuery(db, f, scope, true, true).groupBy('s.status').select('s.status').sum({
    n: 's.sale_count',
    total: 's.total_ttc',
    paid: 's.amount_paid',
    credited: 's.amount_credited',
    remaining: 's.remaining',
  })) as Record<string, unknown>[];
  const valid = agg.find((r) => r.status === 'validated');
  const cancelled = num(agg.find((r) => r.status === 'cancelled')?.n);
  const totals = {
    count: num(valid?.n),
    total: num(valid?.total),
    paid: num(valid?.paid),
    credited: num(valid?.credited),
  };
  const remaining = num(valid?.remaining);
  const ordered = base
    .clone()
    .join('clients as c', 'c.id', 's.client_id')
    .join('locations as l', 'l.id', 's.location_id')
    .select(
      's.id',
      's.number',
      's.sale_date',
      's.payment_mode',
      's.due_date',
      's.total_ttc',
      's.amount_paid',
      's.amount_credited',
      's.status',
      's.payment_status',
      'c.id as client_id',
      'c.name as client_name',
      'l.name as location_name',
    )
    .orderBy([
      { column: 's.sale_date', order: 'asc' },
      { column: 's.id', order: 'asc' },
    ]);
  const rows = (await ordered
    .clone()
    .limit('all' in slice ? slice.limit : slice.perPage)
    .offset('all' in slice ? 0 : (slice.page - 1) * slice.perPage)) as Record<string, unknown>[];
  const columns: ReportColumn[] = [
    { id: 'number', label: 'N°', kind: 'text', link: true, role: 'title' },
    { id: 'date', label: 'Date', kind: 'date', role: 'secondary' },
    { id: 'client', label: 'Client', kind: 'text', role: 'title', wrap: true },
    { id: 'location', label: 'Emplacement', kind: 'text', role: 'secondary' },
    { id: 'mode', label: 'Mode', kind: 'text', role: 'secondary' },
    { id: 'total', label: 'Montant TTC', kind: 'money', role: 'figure' },
    { id: 'paid', label: 'Payé', kind: 'money', role: 'figure' },
    { id: 'credited', label: 'Avoirs', kind: 'money', role: 'secondary' },
    { id: 'remaining', label: 'Reste à payer', kind: 'money', role: 'figure' },
    { id: 'status', label: 'Statut', kind: 'status', role: 'status' },
  ];
  const data: ReportRow[] = rows.map((r) => {
    // A row is one sale: its status as everywhere (a sale corrected by an avoir says so).
    const st = saleDisplayStatus(
      r as { status: string; payment_status: string; total_ttc: number; amount_credited: number },
    );
    return {
      number: String(r.number),
      url: route('sales.show', { id: Number(r.id) }),
      date: String(r.sale_date),
      client: String(r.client_name),
      location: String(r.location_name),
      mode: PAYMENT_MODE_LABELS[r.payment_mode as PaymentMode],
      total: num(r.total_ttc),
      paid: num(r.amount_paid),
      credited: num(r.amount_credited),
      remaining: st === 'cancelled' ? 0 : saleRemaining(num(r.total_ttc), num(r.amount_paid), num(r.amount_credited)),
      status: SALE_STATUS_LABELS[st],
      tone: SALE_STATUS_TONES[st],
      muted: st === 'cancelled',
    };
  });
  return {
    figures: [
      { id: 'count', label: 'Factures validées', kind: 'count', figure: totals.count },
      { id: 'total', label: 'Montant TTC', kind: 'money', figure: totals.total },
      { id: 'paid', label: 'Payé', kind: 'money', figure: totals.paid, tone: 'success' },
      {
        id: 'remaining',
        label: 'Reste à payer',
        kind: 'money',
        figure: remaining,
        tone: remaining > 0 ? 'danger' : undefined,
      },
    ],
    tables: [
      table('invoices', columns, pageOf(data, totals.count + cancelled, slice), {
        number: `${totals.count} validée${totals.count > 1 ? 's' : ''}`,
        total: totals.total,
        paid: totals.paid,
        credited: totals.credited,
        remaining,
      }),
    ],
    notes: [
      'Les factures (FAC-) et les ventes boutique (VB-) datées de la période ; les ventes annulées sont listées, hors totaux.',
      cancelled ? `${cancelled} vente${cancelled > 1 ? 's' : ''} annulée${cancelled > 1 ? 's' : ''} en plus.` : '',
    ].filter(Boolean),
  };
}

async function invoiceSituation(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const rows = (await salesQuery(db, f, scope, true, true)
    .groupBy('s.status', 's.payment_status', 's.payment_mode')
    .select('s.status', 's.payment_status', 's.payment_mode')
    .sum({
      n: 's.sale_count',
      total: 's.total_ttc',
      paid: 's.amount_paid',
      credited: 's.amount_credited',
      remaining: 's.remaining',
    })
    .havingRaw('SUM(s.sale_count) > 0')) as Record<string, unknown>[];
  const order: SaleDisplayStatus[] = ['paid', 'partial', 'unpaid', 'cancelled'];
  const data: ReportRow[] = rows
    .map((r) => {
      const st = statusOf(String(r.status), String(r.payment_status));
      return { st, mode: String(r.payment_mode), r };
    })
    .sort((a, b) => order.indexOf(a.st) - order.indexOf(b.st) || a.mode.localeCompare(b.mode))
    .map(({ st, mode, r }) => ({
      status: SALE_STATUS_LABELS[st],
      tone: SALE_STATUS_TONES[st],
      mode: PAYMENT_MODE_LABELS[mode as PaymentMode],
      count: num(r.n),
      total: num(r.total),
      paid: num(r.paid),
      credited: num(r.credited),
      remaining: st === 'cancelled' ? 0 : num(r.remaining),
      muted: st === 'cancelled',
    }));
  const live = data.filter((r) => !r.muted);
  const columns: ReportColumn[] = [
    { id: 'status', label: 'Statut', kind: 'status', role: 'title' },
    { id: 'mode', label: 'Mode', kind: 'text', role: 'secondary' },
    { id: 'count', label: 'Factures', kind: 'count', role: 'figure' },
    { id: 'total', label: 'Montant TTC', kind: 'money', role: 'figure' },
    { id: 'paid', label: 'Payé', kind: 'money', role: 'figure' },
    { id: 'credited', label: 'Avoirs', kind: 'money', role: 'secondary' },
    { id: 'remaining', label: 'Reste à payer', kind: 'money', role: 'figure' },
  ];
  // At most 8 groups (4 statuses × 2 modes): added up here from the SQL aggregate's own rows.
  const totals = {
    status: 'Total (hors annulées)',
    ...sums(live, ['count', 'total', 'paid', 'credited', 'remaining']),
  };
  return {
    figures: [
      { id: 'count', label: 'Factures validées', kind: 'count', figure: totals.count },
      { id: 'total', label: 'Montant TTC', kind: 'money', figure: totals.total },
      { id: 'paid', label: 'Payé', kind: 'money', figure: totals.paid, tone: 'success' },
      {
        id: 'remaining',
        label: 'Reste à payer',
        kind: 'money',
        figure: totals.remaining,
        tone: totals.remaining > 0 ? 'danger' : undefined,
      },
    ],
    tables: [wholeTable('situation', columns, data, slice, totals)],
    notes: ['Par statut de paiement à ce jour et par mode (comptant, crédit), des ventes datées de la période.'],
  };
}

async function paymentSituation(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  // From report_payment_days (server/db/sales-situation-days.ts): the payments of validated sales
  // on their sale's date, location and kind; the validated money settlements on their date and account.
  const atSale = (await inPeriod(
    db('report_payment_days as s').where('s.origin', 'sale'),
    's.day',
    's.location_id',
    f,
    scope,
  )
    .modify((q) => (f.kind ? q.where('s.kind', f.kind) : q))
    .groupBy('s.method')
    .select('s.method')
    .sum({ n: 's.payment_count', paid: 's.amount' })
    .havingRaw('SUM(s.payment_count) > 0')) as Record<string, unknown>[];
  // Settlements belong to no location: counted when the report covers every location.
  const settled =
    f.location_id || f.kind === 'counter'
      ? []
      : ((await whereAllowedTreasuryAccount(
          db('report_payment_days as st').where('st.origin', 'settlement'),
          'st.account_id',
          scope,
        )
          .whereBetween('st.day', [f.from, f.to])
          .groupBy('st.method')
          .select('st.method')
          .sum({ n: 'st.payment_count', paid: 'st.amount' })
          .havingRaw('SUM(st.payment_count) > 0')) as Record<string, unknown>[]);
  const methods = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[];
  const data: ReportRow[] = methods
    .map((m) => {
      const a = atSale.find((r) => r.method === m);
      const b = settled.find((r) => r.method === m);
      return {
        method: PAYMENT_METHOD_LABELS[m],
        at_sale: num(a?.paid),
        sale_count: num(a?.n),
        settled: num(b?.paid),
        settlement_count: num(b?.n),
        paid: num(a?.paid) + num(b?.paid),
      };
    })
    .filter((r) => r.sale_count + r.settlement_count > 0);
  const columns: ReportColumn[] = [
    { id: 'method', label: 'Moyen de paiement', kind: 'text', role: 'title' },
    { id: 'sale_count', label: 'Paiements à la vente', kind: 'count', role: 'secondary' },
    { id: 'at_sale', label: 'Encaissé à la vente', kind: 'money', role: 'figure' },
    { id: 'settlement_count', label: 'Règlements', kind: 'count', role: 'secondary' },
    { id: 'settled', label: 'Encaissé par règlement', kind: 'money', role: 'figure' },
    { id: 'paid', label: 'Total encaissé', kind: 'money', role: 'figure' },
  ];
  const totals = { method: 'Total', ...sums(data, ['sale_count', 'at_sale', 'settlement_count', 'settled', 'paid']) };
  return {
    figures: [
      { id: 'at_sale', label: 'Encaissé à la vente', kind: 'money', figure: totals.at_sale },
      { id: 'settled', label: 'Encaissé par règlement', kind: 'money', figure: totals.settled },
      { id: 'paid', label: 'Total encaissé', kind: 'money', figure: totals.paid, tone: 'success' },
    ],
    tables: [wholeTable('payments', columns, data, slice, totals)],
    notes: [
      'Paiements reçus à la vente (ventes validées datées de la période) et règlements validés datés de la période, par moyen de paiement ; l’acompte d’un client utilisé sur ses factures n’est pas un encaissement.',
      f.location_id || f.kind === 'counter'
        ? 'Les règlements ne sont rattachés à aucun emplacement : ils sont comptés quand l’état couvre tous les emplacements et les factures.'
        : '',
    ].filter(Boolean),
  };
}

async function pickedProducts(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const columns: ReportColumn[] = [
    { id: 'number', label: 'N°', kind: 'text', link: true, role: 'title' },
    { id: 'date', label: 'Date', kind: 'date', role: 'secondary' },
    { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
    { id: 'client', label: 'Client', kind: 'text', role: 'secondary', wrap: true },
    { id: 'quantity', label: 'Quantité', kind: 'quantity', role: 'figure' },
    { id: 'unit_price', label: 'Prix unitaire', kind: 'money', role: 'secondary' },
    { id: 'line_total', label: 'Montant', kind: 'money', role: 'figure' },
    { id: 'cost', label: 'Coût', kind: 'money', role: 'secondary', cost: true },
    { id: 'margin', label: 'Marge', kind: 'money', role: 'figure', cost: true },
  ];
  if (f.product_ids.length === 0)
    return { figures: [], tables: [table('lines', columns, pageOf([], 0, slice), null)], notes: [] };
  // The picked products' lines first (their index), then their sales — never the period's sales
  // walked in date order probing each one's lines for the picked products, which PostgreSQL chose
  // for the page's ORDER BY … LIMIT (large set: 67 000 sales probed for 50 lines, 170 ms against 40).
  const picked = db('sale_lines')
    .whereIn('product_id', f.product_ids)
    .select(
      'sale_id',
      'product_id',
      'position',
      'quantity',
      'returned_quantity',
      'unit_price',
      'net',
      'allocated_discount',
      'unit_cost',
      'vat_amount',
    );
  const base = salesQuery(db, f, scope)
    .withMaterialized('picked', picked)
    .where('s.status', 'validated')
    .join('picked as sl', 'sl.sale_id', 's.id');
  const perProduct = (await base
    .clone()
    .join('products as p', 'p.id', 'sl.product_id')
    .groupBy('sl.product_id', 'p.code', 'p.name', 'p.unit')
    .select('sl.product_id', 'p.code', 'p.name', 'p.unit')
    .count({ n: '*' })
    .sum({
      quantity: 'sl.quantity',
      returned: 'sl.returned_quantity',
      sales: db.raw(lineTtc('sl', 's')),
      vat: 'sl.vat_amount',
      cost: db.raw('sl.quantity * sl.unit_cost'),
    })) as Record<string, unknown>[];
  // The page of lines; their count is the per-product counts' sum (the same lines: products and clients always exist), no second pass.
  const s = sliceOf(slice);
  const rows = (await base
    .clone()
    .join('products as p', 'p.id', 'sl.product_id')
    .join('clients as c', 'c.id', 's.client_id')
    .select(
      's.id',
      's.number',
      's.sale_date',
      's.prices_include_vat',
      'c.name as client_name',
      'p.code',
      'p.name',
      'p.unit',
      'sl.quantity',
      'sl.unit_price',
      'sl.net',
      'sl.allocated_discount',
      'sl.unit_cost',
      'sl.vat_amount',
    )
    .orderBy([
      { column: 's.sale_date', order: 'asc' },
      { column: 's.id', order: 'asc' },
      { column: 'sl.position', order: 'asc' },
    ])
    .limit(s.limit)
    .offset(s.offset)) as Record<string, unknown>[];
  const data: ReportRow[] = rows.map((r) => {
    // VAT included; the margin on the amount VAT excluded (shared/vat.ts).
    const { ht, ttc: sales } = lineVat(
      num(r.net) - num(r.allocated_discount),
      num(r.vat_amount),
      toBool(r.prices_include_vat),
    );
    const cost = num(r.quantity) * num(r.unit_cost);
    return {
      number: String(r.number),
      url: route('sales.show', { id: Number(r.id) }),
      date: String(r.sale_date),
      product: `${r.code} — ${r.name}`,
      client: String(r.client_name),
      quantity: num(r.quantity),
      unit: String(r.unit),
      unit_price: num(r.unit_price),
      line_total: sales,
      cost,
      margin: ht - cost,
    };
  });
  const sum = (k: string) => perProduct.reduce((acc, r) => acc + num(r[k]), 0);
  const total = sum('n');
  const totals: ReportRow = {
    number: `${sum('n')} ligne${sum('n') > 1 ? 's' : ''}`,
    line_total: sum('sales'),
    cost: sum('cost'),
    margin: sum('sales') - sum('vat') - sum('cost'),
  };
  // One product: its quantity can be added up (a single unit); several: never across units.
  if (perProduct.length === 1)
    Object.assign(totals, { quantity: num(perProduct[0].quantity), unit: String(perProduct[0].unit) });
  const summaryColumns: ReportColumn[] = [
    { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
    { id: 'lines', label: 'Lignes', kind: 'count', role: 'secondary' },
    { id: 'quantity', label: 'Quantité vendue', kind: 'quantity', role: 'figure' },
    { id: 'returned', label: 'Dont retournée', kind: 'quantity', role: 'secondary' },
    { id: 'line_total', label: 'Montant', kind: 'money', role: 'figure' },
    { id: 'cost', label: 'Coût', kind: 'money', role: 'secondary', cost: true },
    { id: 'margin', label: 'Marge', kind: 'money', role: 'figure', cost: true },
  ];
  const summary: ReportRow[] = perProduct.map((r) => ({
    product: `${r.code} — ${r.name}`,
    lines: num(r.n),
    quantity: num(r.quantity),
    returned: num(r.returned),
    unit: String(r.unit),
    line_total: num(r.sales),
    cost: num(r.cost),
    margin: num(r.sales) - num(r.vat) - num(r.cost),
  }));
  return {
    figures: [
      { id: 'lines', label: 'Lignes vendues', kind: 'count', figure: sum('n') },
      { id: 'sales', label: 'Montant', kind: 'money', figure: sum('sales') },
      {
        id: 'margin',
        label: 'Marge',
        kind: 'money',
        figure: sum('sales') - sum('vat') - sum('cost'),
        cost: true,
        tone: 'success',
      },
    ],
    tables: [
      table(
        'summary',
        summaryColumns,
        pageOf(summary, summary.length, { all: true, limit: Math.max(summary.length, 1) }),
        null,
        { title: 'Par produit' },
      ),
      table('lines', columns, pageOf(data, total, slice), totals, { title: 'Lignes de vente' }),
    ],
    notes: [
      'Lignes des ventes validées de la période ; montants après remises ; la quantité retournée par avoir reste comptée dans la vente.',
    ],
  };
}

async function transferredProducts(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const sent = inPeriod(
    db('transfers as t').whereNot('t.status', 'cancelled'),
    't.transfer_date',
    ['t.from_location_id', 't.to_location_id'],
    f,
    scope,
  );
  // Grouped by ids from the day summary report_transfer_days (server/db/sales-situation-days.ts),
  // read in (source, destination, product) order by its covering index — one line per product per
  // transfer (the unique index (transfer_id, product_id)), so a group's line count is its transfer
  // count; the received quantity stays empty while no line of the group has one —, then the names
  // joined and the whole list's count and totals taken in the same pass (window sums).
  const grouped = inPeriod(
    db('report_transfer_days as d'),
    'd.day',
    ['d.from_location_id', 'd.to_location_id'],
    f,
    scope,
  )
    .groupBy('d.from_location_id', 'd.to_location_id', 'd.product_id')
    .select(
      'd.from_location_id',
      'd.to_location_id',
      'd.product_id',
      db.raw('CASE WHEN SUM(d.received_lines) > 0 THEN SUM(d.received) END AS received'),
    )
    .sum({ n: 'd.line_count', sent: 'd.sent', value: 'd.value' })
    .havingRaw('SUM(d.line_count) > 0');
  const s = sliceOf(slice);
  const rows = (await db
    .from(grouped.as('g'))
    .join('products as p', 'p.id', 'g.product_id')
    .join('locations as lf', 'lf.id', 'g.from_location_id')
    .join('locations as lt', 'lt.id', 'g.to_location_id')
    .select(
      'g.*',
      'lf.name as source',
      'lt.name as destination',
      'p.code',
      'p.name',
      'p.unit',
      db.raw('COUNT(*) OVER () AS total_rows'),
      db.raw('SUM(g.n) OVER () AS lines'),
      db.raw('SUM(g.value) OVER () AS total_value'),
    )
    .orderByRaw(
      `${frenchKey(db, { name: 'lf.name' })}, ${frenchKey(db, { name: 'lt.name' })}, ${frenchKey(db, { folded: 'p.search_name' })}`,
    )
    .orderBy('p.id')
    .limit(s.limit)
    .offset(s.offset)) as Record<string, unknown>[];
  const totalsOf = rows.length
    ? { groups: num(rows[0].total_rows), lines: num(rows[0].lines), value: num(rows[0].total_value) }
    : await (async () => {
        const a = (await db
          .from(grouped.clone().as('g'))
          .count({ groups: '*' })
          .sum({ lines: 'g.n', value: 'g.value' })
          .first()) as Record<string, unknown> | undefined;
        return { groups: num(a?.groups), lines: num(a?.lines), value: num(a?.value) };
      })();
  const transfers = (await sent.clone().count({ n: '*' }).first()) as Record<string, unknown> | undefined;
  const total = totalsOf.groups;
  const agg = { n: num(transfers?.n), lines: totalsOf.lines, value: totalsOf.value };
  const columns: ReportColumn[] = [
    { id: 'source', label: 'Source', kind: 'text', role: 'secondary' },
    { id: 'destination', label: 'Destination', kind: 'text', role: 'secondary' },
    { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
    { id: 'transfers', label: 'Transferts', kind: 'count', role: 'secondary' },
    { id: 'sent', label: 'Quantité envoyée', kind: 'quantity', role: 'figure' },
    { id: 'received', label: 'Quantité reçue', kind: 'quantity', role: 'figure' },
    { id: 'value', label: 'Valeur (CMUP)', kind: 'money', role: 'figure', cost: true },
  ];
  const data: ReportRow[] = rows.map((r) => ({
    source: String(r.source),
    destination: String(r.destination),
    product: `${r.code} — ${r.name}`,
    transfers: num(r.n),
    sent: num(r.sent),
    received: r.received === null ? null : num(r.received),
    unit: String(r.unit),
    value: num(r.value),
  }));
  return {
    figures: [
      { id: 'transfers', label: 'Transferts', kind: 'count', figure: num(agg?.n) },
      { id: 'lines', label: 'Lignes', kind: 'count', figure: num(agg?.lines) },
      { id: 'value', label: 'Valeur envoyée (CMUP)', kind: 'money', figure: num(agg?.value), cost: true },
    ],
    tables: [
      table('transfers', columns, pageOf(data, total, slice), {
        source: 'Total',
        transfers: num(agg?.n),
        value: num(agg?.value),
      }),
    ],
    notes: [
      'Transferts envoyés pendant la période (hors annulés), par emplacement d’origine et de destination ; la quantité reçue est vide tant que le transfert est en transit.',
    ],
  };
}

async function cumulativeProducts(
  db: Knex,
  f: SalesSituationFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const { figures, table: products } = productSalesTable(await productSales(db, f, scope, slice), slice, {
    quantity: 'Quantité vendue',
    amount: { id: 'sales', label: 'Montant', figure: 'Montant net' },
    category: true,
    amountFirst: false,
  });
  return {
    figures,
    tables: [products],
    notes: [
      'Quantités et montants nets : les ventes de la période, moins les avoirs et les annulations de la période (chacun à sa date) ; coût au CMUP du jour de la vente.',
      f.kind ? 'Le cumul couvre les factures et les ventes boutique ensemble.' : '',
    ].filter(Boolean),
  };
}
