import type { Knex } from 'knex';
import type { ReportChart, ReportColumn, ReportFigure, ReportRow } from '../../../shared/reports.js';
import { route } from '../../../shared/routes.js';
import { addDays } from '../../domain/dates.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { type ReportSlice, num, pageOf, sliceQuery, table } from './frame.js';
import type { ReportBody } from './sales-situation.js';

/**
 * Éditions › Finances › État des créances (issue 17, report 5): what the clients owe at a date
 * (today by default) — per client the total due, what is overdue and its ageing 0–30 / 31–60 /
 * 61–90 / > 90 days (by due date, or by invoice date), the client's advance beside, a chart of the
 * buckets — and the open invoices themselves.
 *
 * What a sale still owes is total_ttc − amount_paid − amount_credited (shared/sales.ts), counted
 * for validated sales only. At today's date it is read from the sale itself (an index on the open
 * sales, migration 202611250100); at a past date it is what the sale owes now plus the events
 * after the date (`openSales`) — which comes to the documents dated up to it: the payments at the
 * sale, the allocations of settlements dated up to it and not cancelled by then, the credit notes
 * dated up to it, a sale cancelled after it still owed (tests/http/reports-receivables-at-date.test.ts
 * holds the two to each other on random histories). Every
 * figure is a SQL aggregate; no row is added up in JavaScript.
 */

export const RECEIVABLES_STATE_VIEWS = [
  { id: 'clients', label: 'Par client' },
  { id: 'factures', label: 'Factures ouvertes' },
] as const;
export type ReceivablesStateView = (typeof RECEIVABLES_STATE_VIEWS)[number]['id'];

export interface ReceivablesStateFilters {
  view: ReceivablesStateView;
  /** The date the receivables are read at (≤ today). */
  date: string;
  /** Ageing counted from the due date (a sale without one: its date) or from the invoice date. */
  basis: 'due' | 'invoice';
  location_id: string;
}

export const AGEING_BASIS_LABELS: Record<ReceivablesStateFilters['basis'], string> = {
  due: 'Date d’échéance',
  invoice: 'Date de facture',
};

/** The open sales at the date: id, number, client_id, location_id, sale_date, due, total_ttc, rem (> 0). */
export function openSales(
  db: Knex,
  f: Pick<ReceivablesStateFilters, 'date' | 'location_id'>,
  scope: PlaceScope,
  today: string,
): Knex.QueryBuilder {
  const place = (q: Knex.QueryBuilder) => {
    whereAllowedLocation(q, 's.location_id', scope);
    if (f.location_id) q.where('s.location_id', Number(f.location_id));
    return q;
  };
  const columns = [
    's.id',
    's.number',
    's.client_id',
    's.location_id',
    's.sale_date',
    's.total_ttc',
    db.raw('COALESCE(s.due_date, s.sale_date) as due'),
  ];
  if (f.date >= today) {
    // Today: the sale's own figures, through the partial index of the open sales (same predicate;
    // no condition on the sale date, which would lead the planner to the date index — a sale is
    // never dated after today).
    return place(
      db('sales as s')
        .where('s.status', 'validated')
        .whereRaw('s.total_ttc > s.amount_paid + s.amount_credited')
        .select([...columns, db.raw('s.total_ttc - s.amount_paid - s.amount_credited as rem')]),
    );
  }
  const d = f.date;
  const cancelledOn = (a: string) => `COALESCE(${a}.cancelled_on, substr(${a}.cancelled_at, 1, 10))`;
  // What a sale owes at d = what it owes now (total − amount_paid − amount_credited: amount_paid is
  // the payments at the sale plus the allocations of the validated settlements, amount_credited the
  // validated credit notes; a cancelled sale keeps both as they were) + what came in after d − what
  // counted at d and has been cancelled since. So only the events after d are read, grouped by sale,
  // instead of each sale's whole history:
  // - the allocations of validated settlements dated after d (counted now, not at d), for the sales
  //   dated up to d whose last settlement is after d (sales.last_settlement_date, one index range:
  //   never the settlements since d one by one — migration 202611260050),
  // - minus the allocations of settlements dated up to d and cancelled after it (counted at d, not now),
  // - the validated credit notes dated after d;
  // and, with nothing to add, the sales open now and the sales cancelled after d (still owed at d).
  // Every branch reads its own index; the sale date and status are checked once grouped. The first
  // branch is written as CROSS JOINs with the join terms in WHERE: SQLite keeps that order (sales
  // first, through sales_settled_after — left free, it walked the settlements since d, 15× slower six
  // months back on the large set); PostgreSQL plans it as the inner join it is.
  const events = db
    .from('sales as sd')
    .crossJoin(db.raw('settlement_allocations as a'))
    .crossJoin(db.raw('settlements as st'))
    .whereRaw('a.sale_id = sd.id')
    .whereRaw('st.id = a.settlement_id')
    .where('sd.last_settlement_date', '>', d)
    .where('sd.sale_date', '<=', d)
    .where('st.settlement_date', '>', d)
    .where('st.status', 'validated')
    .select('a.sale_id', 'a.amount as back')
    .unionAll([
      db
        .from('settlements as st')
        .join('settlement_allocations as a', 'a.settlement_id', 'st.id')
        .where('st.status', 'cancelled')
        .where('st.settlement_date', '<=', d)
        .whereRaw(`${cancelledOn('st')} > ?`, [d])
        .select('a.sale_id', db.raw('0 - a.amount as back')),
      db('credit_notes as cn')
        .where('cn.status', 'validated')
        .where('cn.credit_date', '>', d)
        .select('cn.sale_id', 'cn.total as back'),
      db('sales as s')
        .where('s.status', 'validated')
        .whereRaw('s.total_ttc > s.amount_paid + s.amount_credited')
        .select('s.id as sale_id', db.raw('0 as back')),
      // Through the index on cancelled_on (every cancellation records it).
      db('sales as s')
        .where('s.status', 'cancelled')
        .where('s.cancelled_on', '>', d)
        .select('s.id as sale_id', db.raw('0 as back')),
    ]);
  const after = db.from(events.as('e')).groupBy('e.sale_id').select('e.sale_id', db.raw('SUM(e.back) as back'));
  const atDate = place(
    db
      .from(after.as('g'))
      .join('sales as s', 's.id', 'g.sale_id')
      .where('s.sale_date', '<=', d)
      .where((w) => w.where('s.status', 'validated').orWhereRaw(`${cancelledOn('s')} > ?`, [d]))
      .select([...columns, db.raw('s.total_ttc - s.amount_paid - s.amount_credited + g.back as rem')]),
  );
  return db.from(atDate.as('o0')).select('o0.*').where('o0.rem', '>', 0);
}

const BUCKETS = [
  { id: 'not_due', label: 'Non échu' },
  { id: 'b30', label: '0–30 j' },
  { id: 'b60', label: '31–60 j' },
  { id: 'b90', label: '61–90 j' },
  { id: 'over90', label: '> 90 j' },
] as const;

/** Σ due, overdue and each ageing bucket over the open sales `o` (dates compared as ISO strings: no date arithmetic in SQL). */
function bucketSums(db: Knex, f: ReceivablesStateFilters): Knex.Raw[] {
  const d = f.date;
  const [d30, d60, d90] = [addDays(d, -30), addDays(d, -60), addDays(d, -90)];
  const x = f.basis === 'due' ? 'o.due' : 'o.sale_date';
  const sum = (cond: string, bindings: string[], alias: string) =>
    db.raw(`SUM(CASE WHEN ${cond} THEN o.rem ELSE 0 END) as ${alias}`, bindings);
  return [
    db.raw('COUNT(*) as n'),
    db.raw('SUM(o.rem) as due_total'),
    sum('o.due < ?', [d], 'overdue'),
    sum(`${x} > ?`, [d], 'not_due'),
    sum(`${x} <= ? AND ${x} >= ?`, [d, d30], 'b30'),
    sum(`${x} < ? AND ${x} >= ?`, [d30, d60], 'b60'),
    sum(`${x} < ? AND ${x} >= ?`, [d60, d90], 'b90'),
    sum(`${x} < ?`, [d90], 'over90'),
  ];
}

const figuresOf = (r: Record<string, unknown> | undefined): ReportRow => ({
  invoices: num(r?.n),
  due: num(r?.due_total),
  not_due: num(r?.not_due),
  b30: num(r?.b30),
  b60: num(r?.b60),
  b90: num(r?.b90),
  over90: num(r?.over90),
  overdue: num(r?.overdue),
});

export async function receivablesState(
  db: Knex,
  f: ReceivablesStateFilters,
  scope: PlaceScope,
  slice: ReportSlice,
  today: string,
): Promise<ReportBody & { chart: ReportChart | null }> {
  const open = openSales(db, f, scope, today);
  const buckets = BUCKETS.filter((b) => f.basis === 'due' || b.id !== 'not_due');
  const agg = (await db
    .from(open.clone().as('o'))
    .select([...bucketSums(db, f), db.raw('COUNT(DISTINCT o.client_id) as clients')])
    .first()) as Record<string, unknown> | undefined;
  const all = figuresOf(agg);
  // A client's advance is not tied to a place: shown to users who work everywhere.
  const withAdvance = scope.all;
  const advanceTotal = withAdvance
    ? num(
        (
          (await db('clients')
            .whereIn('id', db.from(open.clone().as('o')).distinct('o.client_id'))
            .sum({ advance: 'advance' })
            .first()) as Record<string, unknown> | undefined
        )?.advance,
      )
    : 0;
  const figures: ReportFigure[] = [
    { id: 'due', label: 'Total dû', kind: 'money', figure: Number(all.due) },
    {
      id: 'overdue',
      label: 'Échu',
      kind: 'money',
      figure: Number(all.overdue),
      tone: Number(all.overdue) > 0 ? 'danger' : undefined,
    },
    {
      id: 'over90',
      label: 'À plus de 90 jours',
      kind: 'money',
      figure: Number(all.over90),
      tone: Number(all.over90) > 0 ? 'danger' : undefined,
    },
    { id: 'clients', label: 'Clients débiteurs', kind: 'count', figure: num(agg?.clients) },
    ...(withAdvance
      ? [
          {
            id: 'advance',
            label: 'Acomptes de ces clients',
            kind: 'money' as const,
            figure: advanceTotal,
            tone: 'info' as const,
          },
        ]
      : []),
  ];
  const chart: ReportChart | null =
    Number(all.invoices) > 0
      ? {
          type: 'bar',
          title:
            f.basis === 'due'
              ? 'Ancienneté des créances (depuis l’échéance)'
              : 'Ancienneté des créances (depuis la facture)',
          labels: buckets.map((b) => b.label),
          series: [{ label: 'Montant dû', unit: 'money', data: buckets.map((b) => Number(all[b.id])) }],
        }
      : null;
  const notes = [
    'Reste dû d’une facture validée : montant TTC − payé − avoirs, à la date choisie (règlements, avoirs et annulations datés jusqu’à elle). ' +
      (f.basis === 'due'
        ? 'Ancienneté comptée depuis l’échéance (la date de la vente si elle n’en a pas) ; « Non échu » : échéance après la date.'
        : 'Ancienneté comptée depuis la date de la facture ; « Échu » reste compté depuis l’échéance.'),
    ...(withAdvance ? ['Acompte : l’avance disponible du client aujourd’hui, à déduire de ce qu’il doit.'] : []),
  ];
  const bucketColumns: ReportColumn[] = buckets.map((b) => ({
    id: b.id,
    label: b.label,
    kind: 'money',
    role: 'secondary',
  }));

  if (f.view === 'factures') {
    const ordered = db
      .from(open.clone().as('o'))
      .join('clients as c', 'c.id', 'o.client_id')
      .select('o.*', 'c.name as client_name')
      .orderBy([
        { column: 'o.due', order: 'asc' },
        { column: 'o.id', order: 'asc' },
      ]);
    const { rows, total } = await sliceQuery(db, ordered, slice);
    const x = f.basis === 'due' ? 'due' : 'sale_date';
    const data: ReportRow[] = rows.map((r) => {
      const late = daysBetween(String(r.due), f.date);
      const age = daysBetween(String(r[x]), f.date);
      const bucket = age < 0 ? 'not_due' : age <= 30 ? 'b30' : age <= 60 ? 'b60' : age <= 90 ? 'b90' : 'over90';
      return {
        number: String(r.number),
        url: route('sales.show', { id: Number(r.id) }),
        date: String(r.sale_date),
        due_date: String(r.due),
        client: String(r.client_name),
        total: num(r.total_ttc),
        due: num(r.rem),
        late: Math.max(0, late),
        bucket: BUCKETS.find((b) => b.id === bucket)!.label,
        tone: bucket === 'not_due' ? 'secondary' : bucket === 'b30' ? 'warning' : 'danger',
      };
    });
    const columns: ReportColumn[] = [
      { id: 'number', label: 'N°', kind: 'text', link: true, role: 'title' },
      { id: 'date', label: 'Date', kind: 'date', role: 'secondary' },
      { id: 'due_date', label: 'Échéance', kind: 'date', role: 'secondary' },
      { id: 'client', label: 'Client', kind: 'text', role: 'title', wrap: true },
      { id: 'total', label: 'Montant', kind: 'money', role: 'secondary' },
      { id: 'due', label: 'Reste dû', kind: 'money', role: 'figure' },
      { id: 'late', label: 'Retard (j)', kind: 'count', role: 'secondary' },
      { id: 'bucket', label: 'Ancienneté', kind: 'status', role: 'status' },
    ];
    return {
      figures,
      tables: [table('factures', columns, pageOf(data, total, slice), { number: 'Total', total: null, due: all.due })],
      chart,
      notes,
    };
  }

  // Par client: grouped in SQL, the page's clients joined (name, code, advance).
  const grouped = db
    .from(open.clone().as('o'))
    .groupBy('o.client_id')
    .select(['o.client_id', ...bucketSums(db, f)]);
  const ordered = db
    .from(grouped.as('g'))
    .join('clients as c', 'c.id', 'g.client_id')
    .select('g.*', 'c.code', 'c.name', 'c.advance')
    .orderByRaw('g.due_total DESC, g.client_id ASC');
  const { rows, total } = await sliceQuery(db, ordered, slice);
  const data: ReportRow[] = rows.map((r) => ({
    client: String(r.name),
    url: `${route('clients.show', { id: Number(r.client_id) })}#client-statement-title`,
    ...figuresOf(r),
    ...(withAdvance ? { advance: num(r.advance) } : {}),
  }));
  const columns: ReportColumn[] = [
    { id: 'client', label: 'Client (relevé)', kind: 'text', role: 'title', link: true, wrap: true },
    { id: 'invoices', label: 'Factures', kind: 'count', role: 'secondary' },
    { id: 'due', label: 'Total dû', kind: 'money', role: 'figure' },
    ...bucketColumns,
    { id: 'overdue', label: 'Échu', kind: 'money', role: 'figure' },
    ...(withAdvance ? [{ id: 'advance', label: 'Acompte', kind: 'money' as const, role: 'secondary' as const }] : []),
  ];
  return {
    figures,
    tables: [
      table('clients', columns, pageOf(data, total, slice), {
        client: 'Total',
        ...all,
        ...(withAdvance ? { advance: advanceTotal } : {}),
      }),
    ],
    chart,
    notes,
  };
}

/** Whole days from `from` to `to` (ISO dates), negative when `from` is later. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
