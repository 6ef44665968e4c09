import type { Knex } from 'knex';
// Frozen copy (README.md in this folder) of server/db/turnover-client-days.ts as of 2026-12-01 22:30, with the VAT sold (migration 202612012230_sale_prices_vat): never edit.
import { isSqlite } from './dialect.js';
import { addToSummarySql } from './summary-upsert.js';

/**
 * Chiffre d'affaires per day, location, kind of sale and client (migration
 * 202611282330_report_turnover_client_days): `report_turnover_client_days` holds the events of
 * Chiffre d'affaires summed per (day, location_id, kind, client_id) — `events` (raw event rows),
 * `sold` (sales), `gross` (their TTC), `returns` (credit notes and cancellations, positive), `cost`
 * (net) —, so the global, daily and by-client views, the dashboard's sales figures and its 30-day
 * chart read a year as ~45 000 rows (≈ 600 without the client) instead of 200 000 sales
 * (services/reports/turnover.ts: `turnoverEvents`).
 *
 * `turnoverEventsSql` is the one definition of those events (a sale on its date, a cancellation on
 * its cancellation date, a validated credit note on its date: turnover.ts's notes). Triggers of the
 * database keep the table in the documents' own transactions: every insert or change of a sale or a
 * credit note takes the row's old events out and puts its new ones in (grouped, so an unchanged key
 * writes nothing), and a key left without events is deleted — the table always equals the rebuild.
 * A cancellation's cost takes back the sale's cost less its credit notes' cost: the sale's triggers
 * move it with the sale, the credit notes' triggers shift it when a credit note changes that total.
 * `rebuildTurnoverClientDays` recomputes it (the migration, `npm run reports:rebuild`, the demo
 * seed after its bulk load); tests/http/report-summaries.test.ts proves it equal on random histories.
 */

export const TURNOVER_CLIENT_DAYS = 'report_turnover_client_days';

const KEY = ['day', 'location_id', 'kind', 'client_id'] as const;
const BASE_MEASURES = ['events', 'sold', 'gross', 'returns', 'cost'] as const;
/**
 * The measures of the table: `vat` (the events' VAT, net: a sale +, a credit note −, a
 * cancellation − what it takes back — CA net HT = gross − returns − vat) once migration
 * 202612012230 has added it; an older migration builds the table and its triggers of its day.
 */
const measuresOf = (vat: boolean): readonly string[] => (vat ? [...BASE_MEASURES, 'vat'] : BASE_MEASURES);

/** Whether the table has its `vat` measure yet (a migration older than 202612012230 runs without it). */
export async function turnoverHasVat(db: Knex | Knex.Transaction): Promise<boolean> {
  return db.schema.hasColumn(TURNOVER_CLIENT_DAYS, 'vat');
}

const cancelledOn = (s: string) => `COALESCE(${s}.cancelled_on, substr(${s}.cancelled_at, 1, 10), ${s}.sale_date)`;
const creditedSum = (column: string, saleId: string) =>
  `COALESCE((SELECT SUM(cx.${column}) FROM credit_notes cx WHERE cx.sale_id = ${saleId} AND cx.status = 'validated'), 0)`;
const creditedCost = (saleId: string) => creditedSum('cost_total', saleId);
/** `, <expr> AS vat` (or `, <expr>` in a later branch of a UNION) when the table has the measure. */
const withVat = (vat: boolean, expr: string, named = false) => (vat ? `, ${expr}${named ? ' AS vat' : ''}` : '');

/** Every event of Chiffre d'affaires: columns d, location_id, kind, client_id, sold, gross, returns, cost, vat (one row per event). */
export function turnoverEventsSql(vat = true): string {
  return `
    SELECT s.sale_date AS d, s.location_id AS location_id, s.kind AS kind, s.client_id AS client_id, 1 AS sold, s.total_ttc AS gross, 0 AS returns, s.cost_total AS cost${withVat(vat, 's.vat_amount', true)}
      FROM sales s
    UNION ALL
    SELECT ${cancelledOn('s')}, s.location_id, s.kind, s.client_id, 0, 0, s.total_ttc - s.amount_credited, -(s.cost_total - ${creditedCost('s.id')})${withVat(vat, `-(s.vat_amount - ${creditedSum('vat_amount', 's.id')})`)}
      FROM sales s WHERE s.status = 'cancelled'
    UNION ALL
    SELECT cn.credit_date, cn.location_id, s.kind, cn.client_id, 0, 0, cn.total, -cn.cost_total${withVat(vat, '-cn.vat_amount')}
      FROM credit_notes cn JOIN sales s ON s.id = cn.sale_id WHERE cn.status = 'validated'`;
}

/** The events a sale row (`r`: OLD or NEW) carries, times `sign`: its sale and, cancelled, its cancellation (columns d … cost, events, vat). */
function saleRowEvents(r: 'OLD' | 'NEW', sign: 1 | -1, vat: boolean): string {
  const n = (x: string) => (sign === 1 ? x : `-(${x})`);
  return `SELECT ${r}.sale_date AS d, ${r}.location_id AS location_id, ${r}.kind AS kind, ${r}.client_id AS client_id, ${n('1')} AS events, ${n('1')} AS sold, ${n(`${r}.total_ttc`)} AS gross, 0 AS returns, ${n(`${r}.cost_total`)} AS cost${withVat(vat, n(`${r}.vat_amount`), true)}
    UNION ALL
    SELECT ${cancelledOn(r)}, ${r}.location_id, ${r}.kind, ${r}.client_id, ${n('1')}, 0, 0, ${n(`${r}.total_ttc - ${r}.amount_credited`)}, ${n(`-(${r}.cost_total - ${creditedCost(`${r}.id`)})`)}${withVat(vat, n(`-(${r}.vat_amount - ${creditedSum('vat_amount', `${r}.id`)})`))}
      WHERE ${r}.status = 'cancelled'`;
}

/** The credit notes of a sale keyed by the sale's kind: a sale whose kind changes moves them (OLD out, NEW in). */
function creditsOfSaleByKind(vat: boolean): string {
  const rows = (r: 'OLD' | 'NEW', sign: string) =>
    `SELECT cn.credit_date, cn.location_id, ${r}.kind, cn.client_id, ${sign}1, 0, 0, ${sign}cn.total, ${sign === '-' ? '' : '-'}cn.cost_total${withVat(vat, `${sign === '-' ? '' : '-'}cn.vat_amount`)}
      FROM credit_notes cn WHERE cn.sale_id = NEW.id AND cn.status = 'validated' AND OLD.kind <> NEW.kind`;
  return `${rows('OLD', '-')}\n    UNION ALL\n    ${rows('NEW', '')}`;
}

/**
 * The events a credit note row (`c`: OLD or NEW) carries, times `sign`: its own (validated) and,
 * its sale cancelled, the shift of the cancellation's cost and VAT (which take back the sale's
 * less its credit notes').
 */
function creditRowEvents(c: 'OLD' | 'NEW', sign: 1 | -1, vat: boolean): string {
  const n = (x: string) => (sign === 1 ? x : `-(${x})`);
  return `SELECT ${c}.credit_date AS d, ${c}.location_id AS location_id, s.kind AS kind, ${c}.client_id AS client_id, ${n('1')} AS events, 0 AS sold, 0 AS gross, ${n(`${c}.total`)} AS returns, ${n(`-${c}.cost_total`)} AS cost${withVat(vat, n(`-${c}.vat_amount`), true)}
      FROM sales s WHERE s.id = ${c}.sale_id AND ${c}.status = 'validated'
    UNION ALL
    SELECT ${cancelledOn('s')}, s.location_id, s.kind, s.client_id, 0, 0, 0, 0, ${n(`${c}.cost_total`)}${withVat(vat, n(`${c}.vat_amount`))}
      FROM sales s WHERE s.id = ${c}.sale_id AND s.status = 'cancelled' AND ${c}.status = 'validated'`;
}

/** Adds `events` (columns d, location_id, kind, client_id, events, sold, gross, returns, cost, vat) to the summary, one write per key whose sums are not all zero. */
function upsertSql(events: string, pg: boolean, vat: boolean): string {
  const MEASURES = measuresOf(vat);
  const sums = MEASURES.map((m) => `SUM(x.${m}) AS ${m}`).join(', ');
  const nonZero = MEASURES.map((m) => `SUM(x.${m}) <> 0`).join(' OR ');
  return addToSummarySql(
    TURNOVER_CLIENT_DAYS,
    KEY,
    MEASURES,
    `SELECT g.* FROM (SELECT x.d, x.location_id, x.kind, x.client_id, ${sums} FROM (${events}) x GROUP BY x.d, x.location_id, x.kind, x.client_id HAVING ${nonZero}) g WHERE true`,
    pg,
  );
}

/** Deletes the keys among `days` × locations × kinds × clients left without events when `moved` (a document moved away from them: its key columns changed). */
function vacatedSql(moved: string, days: string[], locations: string[], kinds: string[], clients: string[]): string {
  return `DELETE FROM ${TURNOVER_CLIENT_DAYS} WHERE (${moved}) AND events = 0 AND day IN (${days.join(', ')}) AND location_id IN (${locations.join(', ')}) AND kind IN (${kinds.join(', ')}) AND client_id IN (${clients.join(', ')});`;
}

/** The columns whose change moves a row's events, and the WHEN of its update trigger. */
const SALE_COLUMNS = (vat: boolean) => [
  'sale_date',
  'location_id',
  'kind',
  'client_id',
  'total_ttc',
  'cost_total',
  'amount_credited',
  'status',
  'cancelled_on',
  'cancelled_at',
  ...(vat ? ['vat_amount'] : []),
];
const CREDIT_COLUMNS = (vat: boolean) => [
  'credit_date',
  'location_id',
  'client_id',
  'sale_id',
  'total',
  'cost_total',
  'status',
  ...(vat ? ['vat_amount'] : []),
];
/** The columns whose change may leave a key without events (a document's date, place, kind, client or status). */
const SALE_KEYS = ['sale_date', 'location_id', 'kind', 'client_id', 'status', 'cancelled_on', 'cancelled_at'];
const CREDIT_KEYS = ['credit_date', 'location_id', 'client_id', 'sale_id', 'status'];
const changed = (columns: string[], pg: boolean) =>
  columns.map((c) => `OLD.${c} ${pg ? 'IS DISTINCT FROM' : 'IS NOT'} NEW.${c}`).join(' OR ');

function bodies(
  pg: boolean,
  vat: boolean,
): Record<string, { table: string; on: 'INSERT' | 'UPDATE'; columns?: string[]; body: string }> {
  const saleUpdate = `${saleRowEvents('OLD', -1, vat)}\n    UNION ALL\n    ${saleRowEvents('NEW', 1, vat)}\n    UNION ALL\n    ${creditsOfSaleByKind(vat)}`;
  const creditUpdate = `${creditRowEvents('OLD', -1, vat)}\n    UNION ALL\n    ${creditRowEvents('NEW', 1, vat)}`;
  const saleOf = (c: string, col: string) => `(SELECT s.${col} FROM sales s WHERE s.id = ${c}.sale_id)`;
  return {
    report_turnover_sale_insert: {
      table: 'sales',
      on: 'INSERT',
      body: upsertSql(saleRowEvents('NEW', 1, vat), pg, vat),
    },
    report_turnover_sale_update: {
      table: 'sales',
      on: 'UPDATE',
      columns: SALE_COLUMNS(vat),
      body: `${upsertSql(saleUpdate, pg, vat)}
    ${vacatedSql(changed(SALE_KEYS, pg), ['OLD.sale_date', cancelledOn('OLD'), 'NEW.sale_date', cancelledOn('NEW')], ['OLD.location_id', 'NEW.location_id'], ['OLD.kind', 'NEW.kind'], ['OLD.client_id', 'NEW.client_id'])}
    ${vacatedSql('OLD.kind <> NEW.kind', [`SELECT cn.credit_date FROM credit_notes cn WHERE cn.sale_id = NEW.id`], [`SELECT cn.location_id FROM credit_notes cn WHERE cn.sale_id = NEW.id`], ['OLD.kind'], [`SELECT cn.client_id FROM credit_notes cn WHERE cn.sale_id = NEW.id`])}`,
    },
    report_turnover_credit_note_insert: {
      table: 'credit_notes',
      on: 'INSERT',
      body: upsertSql(creditRowEvents('NEW', 1, vat), pg, vat),
    },
    report_turnover_credit_note_update: {
      table: 'credit_notes',
      on: 'UPDATE',
      columns: CREDIT_COLUMNS(vat),
      body: `${upsertSql(creditUpdate, pg, vat)}
    ${vacatedSql(changed(CREDIT_KEYS, pg), ['OLD.credit_date', 'NEW.credit_date'], ['OLD.location_id', 'NEW.location_id'], [saleOf('OLD', 'kind'), saleOf('NEW', 'kind')], ['OLD.client_id', 'NEW.client_id'])}`,
    },
  };
}

/** Removes the triggers (a bulk load sets them aside, then rebuilds the table once). */
export async function dropTurnoverClientDaysTriggers(db: Knex): Promise<void> {
  const pg = !isSqlite(db);
  for (const [name, t] of Object.entries(bodies(pg, false))) {
    if (pg) {
      await db.raw(`DROP TRIGGER IF EXISTS ${name} ON ${t.table}`);
      await db.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    } else await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
}

/** The triggers that keep the table in the documents' own transactions (SQLite and PostgreSQL). */
export async function createTurnoverClientDaysTriggers(db: Knex): Promise<void> {
  const pg = !isSqlite(db);
  for (const [name, t] of Object.entries(bodies(pg, await turnoverHasVat(db)))) {
    const on = t.on === 'UPDATE' ? `UPDATE OF ${t.columns!.join(', ')}` : 'INSERT';
    const when = t.columns ? changed(t.columns, pg) : '';
    if (pg) {
      await db.raw(
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${t.body} RETURN NULL; END $$`,
      );
      await db.raw(
        `CREATE TRIGGER ${name} AFTER ${on} ON ${t.table} FOR EACH ROW ${when ? `WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
      );
    } else
      await db.raw(
        `CREATE TRIGGER ${name} AFTER ${on} ON ${t.table} ${when ? `WHEN ${when}` : ''} BEGIN ${t.body} END`,
      );
  }
}

/** The events grouped as the table holds them (the rebuild, and the tests that compare). */
export function turnoverClientDaysFromDocumentsSql(vat = true): string {
  return `SELECT e.d AS day, e.location_id, e.kind, e.client_id, COUNT(*) AS events, SUM(e.sold) AS sold, SUM(e.gross) AS gross, SUM(e.returns) AS returns, SUM(e.cost) AS cost${vat ? ', SUM(e.vat) AS vat' : ''}
    FROM (${turnoverEventsSql(vat)}) e GROUP BY e.d, e.location_id, e.kind, e.client_id`;
}

/** Recomputes the table from the sales and credit notes in one transaction (readers see the old or the new rows, never half); rows stored in day order. */
export async function rebuildTurnoverClientDays(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    await trx(TURNOVER_CLIENT_DAYS).delete();
    const vat = await turnoverHasVat(trx);
    await trx.raw(
      `INSERT INTO ${TURNOVER_CLIENT_DAYS} (${KEY.join(', ')}, ${measuresOf(vat).join(', ')}) SELECT g.* FROM (${turnoverClientDaysFromDocumentsSql(vat)}) g ORDER BY g.day, g.location_id, g.kind, g.client_id`,
    );
    return Number((await trx(TURNOVER_CLIENT_DAYS).count({ n: '*' }).first())!.n);
  });
}
