import type { Knex } from 'knex';
import type { Situation, SituationAccount, SituationDay } from '../../../shared/cash-closing-pages.js';
import { MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { toBool } from '../../db/dialect.js';
import { NotFound } from '../../domain/errors.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';

/**
 * Situation de caisse (issue 16): for one treasury account and a period, the opening balance, every
 * in and out grouped by movement type (sales, settlements, refunds, cancellations, expenses,
 * contributions, transfers, deposits, withdrawals, supplier payments, closing differences…), the
 * closing balance and the days with their closings. Everything is a SQL aggregate over
 * money_movements on its (account_id, business_date) index; the opening balance starts from the
 * last closing before the period when there is one (what it counted is what the ledger holds up
 * to that day), so a year reads only the year.
 */

/** The treasury accounts the user works on (desks of their places, their banks and wallets), for the picker. */
export async function situationAccounts(db: Knex, scope: PlaceScope): Promise<SituationAccount[]> {
  const q = db('treasury_accounts as a').leftJoin('locations as l', 'l.id', 'a.location_id').orderByRaw("CASE a.kind WHEN 'caisse' THEN 0 WHEN 'banque' THEN 1 ELSE 2 END").orderBy('a.code').select('a.id', 'a.code', 'a.name', 'a.kind', 'a.active', 'l.name as location_name');
  return (await whereAllowedAccount(q, scope, 'a.')).map((r: any) => ({ id: Number(r.id), code: r.code, name: r.name, kind: r.kind, location_name: r.location_name ?? null, active: toBool(r.active) }));
}

const TYPE_ORDER = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);
const typeOrder = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

export async function cashSituation(db: Knex, accountId: number, from: string, to: string): Promise<Situation> {
  const a = await db('treasury_accounts as a').leftJoin('locations as l', 'l.id', 'a.location_id').where('a.id', accountId).first('a.id', 'a.code', 'a.name', 'a.kind', 'a.active', 'l.name as location_name');
  if (!a) throw new NotFound();
  const account: SituationAccount = { id: Number(a.id), code: a.code, name: a.name, kind: a.kind, location_name: a.location_name ?? null, active: toBool(a.active) };

  // Opening: the last standing closing before the period holds the ledger's sum up to its day.
  const previous = await db('cash_closings').where({ account_id: accountId, status: 'closed' }).where('closing_date', '<', from).orderBy('closing_date', 'desc').first('closing_date', 'counted');
  const before = db('money_movements').where('account_id', accountId).where('business_date', '<', from);
  if (previous) before.where('business_date', '>', previous.closing_date);
  const openingRow = await before.first(db.raw('? + COALESCE(SUM(amount), 0) AS opening', [previous ? Number(previous.counted) : 0]));
  const opening = Number(openingRow.opening);

  const inPeriod = () => db('money_movements').where('account_id', accountId).whereBetween('business_date', [from, to]);
  const [byType, byDay, closings] = await Promise.all([
    inPeriod()
      .groupBy('movement_type')
      .select('movement_type', db.raw('COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS total_in'), db.raw('COALESCE(SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS total_out'), db.raw('COUNT(*) AS n')),
    inPeriod()
      .groupBy('business_date')
      .orderBy('business_date')
      .select('business_date', db.raw('COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS total_in'), db.raw('COALESCE(SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS total_out'), db.raw('COUNT(*) AS n')),
    db('cash_closings').where({ account_id: accountId, status: 'closed' }).whereBetween('closing_date', [from, to]).select('id', 'closing_date', 'difference'),
  ]);
  const closingOf = new Map(closings.map((c: any) => [c.closing_date as string, { id: Number(c.id), difference: Number(c.difference) }]));
  const dayRows = new Map(byDay.map((r: any) => [r.business_date as string, r]));
  // Days with movements or with a closing, in order, each with its end-of-day balance.
  const dayList = [...new Set([...dayRows.keys(), ...closingOf.keys()])].sort();
  let balance = opening;
  const days: SituationDay[] = dayList.map((day) => {
    const r = dayRows.get(day);
    const totalIn = r ? Number(r.total_in) : 0;
    const totalOut = r ? Number(r.total_out) : 0;
    balance += totalIn - totalOut;
    const closing = closingOf.get(day);
    return { day, total_in: totalIn, total_out: totalOut, count: r ? Number(r.n) : 0, balance, closing_id: closing?.id ?? null, difference: closing?.difference ?? null };
  });
  const totals = await inPeriod().first(
    db.raw('COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS total_in'),
    db.raw('COALESCE(SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS total_out'),
    db.raw('? + COALESCE(SUM(amount), 0) AS closing', [opening]),
    db.raw('COUNT(*) AS n'),
  );
  return {
    account,
    from,
    to,
    opening_balance: opening,
    total_in: Number(totals.total_in),
    total_out: Number(totals.total_out),
    closing_balance: Number(totals.closing),
    movement_count: Number(totals.n),
    by_type: byType
      .map((r: any) => ({ movement_type: r.movement_type, label: MONEY_MOVEMENT_TYPE_LABELS[r.movement_type] ?? r.movement_type, total_in: Number(r.total_in), total_out: Number(r.total_out), count: Number(r.n) }))
      .sort((x, y) => typeOrder(x.movement_type) - typeOrder(y.movement_type)),
    days,
  };
}
