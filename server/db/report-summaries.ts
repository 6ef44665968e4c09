import type { Knex } from 'knex';
import { roomForLargeSorts } from './bulk.js';

/**
 * The summary tables of the reports (migrations 202611241200_report_summaries,
 * 202611250200_report_running_totals and 202611281000_dashboard_summaries: what each holds), the
 * triggers that keep them in the documents' own transaction, and their recomputation from the
 * documents and the stock ledger: by the migration, by `npm run reports:rebuild` (scripts/rebuild-reports.ts) and
 * by the tests that prove the triggers right. One transaction: readers see the old or the new
 * figures, never half.
 */

/** Every event that changes what was sold, per (day, location, product): sale lines, credit-note lines, cancellations. */
export function salesEventsSql(): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `
    SELECT s.sale_date AS d, s.location_id AS location_id, sl.product_id AS product_id, sl.quantity AS quantity, sl.net - sl.allocated_discount AS sales, sl.quantity * sl.unit_cost AS cost
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id
    UNION ALL
    SELECT cn.credit_date, cn.location_id, cnl.product_id, -cnl.quantity, -cnl.amount, -(cnl.quantity * cnl.unit_cost)
      FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id
    UNION ALL
    SELECT COALESCE(s.cancelled_on, substr(s.cancelled_at, 1, 10), s.sale_date), s.location_id, sl.product_id,
        -(sl.quantity - ${returned('cnl.quantity')}),
        -(sl.net - sl.allocated_discount - ${returned('cnl.amount')}),
        -((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost)
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id WHERE s.status = 'cancelled'`;
}

/** What a cancelled sale's credit notes already took back at cost (a cancellation takes back the rest). */
const creditedCost = (sale: string) => `COALESCE((SELECT SUM(cx.cost_total) FROM credit_notes cx WHERE cx.sale_id = ${sale}.id AND cx.status = 'validated'), 0)`;
const cancelledOn = (sale: string) => `COALESCE(${sale}.cancelled_on, substr(${sale}.cancelled_at, 1, 10), ${sale}.sale_date)`;

/**
 * Every event of Chiffre d'affaires per (day, location, kind of sale) — columns d, location_id,
 * kind, sold (count of sales), gross (TTC), returns (credit notes and cancellations, positive),
 * cost (net): a sale on its date, a validated credit note on its date, a cancellation on its
 * cancellation date (what the sale still weighed: its total less its credit notes). The same events
 * as services/reports/turnover.ts `turnoverEvents` (tests/http/report-summaries.test.ts holds the
 * summary built from these equal to it on random histories).
 */
export function turnoverEventsSql(): string {
  return `
    SELECT s.sale_date AS d, s.location_id AS location_id, s.kind AS kind, 1 AS sold, s.total_ttc AS gross, 0 AS returns, s.cost_total AS cost FROM sales s
    UNION ALL
    SELECT ${cancelledOn('s')}, s.location_id, s.kind, 0, 0, s.total_ttc - s.amount_credited, -(s.cost_total - ${creditedCost('s')}) FROM sales s WHERE s.status = 'cancelled'
    UNION ALL
    SELECT cn.credit_date, cn.location_id, s.kind, 0, 0, cn.total, -cn.cost_total FROM credit_notes cn JOIN sales s ON s.id = cn.sale_id WHERE cn.status = 'validated'`;
}

/** The tables of 202611281000_dashboard_summaries (absent while an older migration creates the triggers of its day). */
const LATER_TABLES = ['report_sales_months', 'report_turnover_days'] as const;
type LaterTable = (typeof LATER_TABLES)[number];

async function presentTables(db: Knex): Promise<Set<LaterTable>> {
  const present = new Set<LaterTable>();
  for (const table of LATER_TABLES) if (await db.schema.hasTable(table)) present.add(table);
  return present;
}

const TRIGGERS = {
  report_sale_line_insert: 'sale_lines',
  report_credit_note_line_insert: 'credit_note_lines',
  report_sale_cancel: 'sales',
  report_stock_movement_insert: 'stock_movements',
  report_turnover_sale_insert: 'sales',
  report_turnover_sale_update: 'sales',
  report_turnover_credit_note_insert: 'credit_notes',
} as const;

/** The upsert of report_sales_months (the month of each event's day) from the same event source as report_sales_days. */
function monthDeltaSql(select: string, pg: boolean): string {
  const x = pg ? 'x.quantity::bigint, x.sales::bigint, x.cost::bigint' : 'x.quantity, x.sales, x.cost';
  const r = pg ? 'r.' : '';
  return `INSERT INTO report_sales_months ${pg ? 'AS r ' : ''}(month, location_id, product_id, quantity, sales, cost)
      SELECT substr(x.d, 1, 7), x.location_id, x.product_id, ${x} FROM (${select}) x WHERE true
      ON CONFLICT (month, location_id, product_id) DO UPDATE SET quantity = ${r}quantity + excluded.quantity, sales = ${r}sales + excluded.sales, cost = ${r}cost + excluded.cost;`;
}

/** What one sales row (`NEW` or `OLD`) weighs in report_turnover_days, signed: its sale, and its cancellation when cancelled. */
function saleContribution(row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const m = sign === 1 ? '' : '-';
  return `SELECT ${row}.sale_date AS d, ${row}.location_id AS location_id, ${row}.kind AS kind, ${sign} AS sold, ${m}${row}.total_ttc AS gross, 0 AS returns, ${m}${row}.cost_total AS cost
    UNION ALL SELECT ${cancelledOn(row)}, ${row}.location_id, ${row}.kind, 0, 0, ${m}(${row}.total_ttc - ${row}.amount_credited), ${sign === 1 ? '-' : ''}(${row}.cost_total - ${creditedCost(row)}) WHERE ${row}.status = 'cancelled'`;
}

/** The upsert of report_turnover_days from event rows (d, location_id, kind, sold, gross, returns, cost), summed per key; a change that weighs nothing writes nothing. */
function turnoverDeltaSql(select: string, pg: boolean): string {
  const r = pg ? 'r.' : '';
  return `INSERT INTO report_turnover_days ${pg ? 'AS r ' : ''}(day, location_id, kind, sold, gross, returns, cost)
      SELECT x.d, x.location_id, x.kind, SUM(x.sold), SUM(x.gross), SUM(x.returns), SUM(x.cost) FROM (${select}) x WHERE true
      GROUP BY x.d, x.location_id, x.kind HAVING SUM(x.sold) <> 0 OR SUM(x.gross) <> 0 OR SUM(x.returns) <> 0 OR SUM(x.cost) <> 0
      ON CONFLICT (day, location_id, kind) DO UPDATE SET sold = ${r}sold + excluded.sold, gross = ${r}gross + excluded.gross, returns = ${r}returns + excluded.returns, cost = ${r}cost + excluded.cost;`;
}

const CREDIT_NOTE_EVENT = `SELECT NEW.credit_date AS d, NEW.location_id AS location_id, s.kind AS kind, 0 AS sold, 0 AS gross, NEW.total AS returns, -NEW.cost_total AS cost FROM sales s WHERE s.id = NEW.sale_id AND NEW.status = 'validated'`;
/** The sales columns a turnover event reads: an update of any other (payments, version) fires nothing. */
const TURNOVER_SALE_COLUMNS = 'sale_date, location_id, kind, total_ttc, cost_total, amount_credited, status, cancelled_on, cancelled_at';

/** The SQL of one event source (columns d, location_id, product_id, quantity, sales, cost) applied to report_sales_days. */
function salesDeltaSql(select: string, pg: boolean, months: boolean): string {
  const x = pg ? 'x.d, x.location_id, x.product_id, x.quantity::bigint, x.sales::bigint, x.cost::bigint' : 'x.d, x.location_id, x.product_id, x.quantity, x.sales, x.cost';
  const r = pg ? 'r.' : '';
  return `INSERT INTO report_sales_days ${pg ? 'AS r ' : ''}(day, location_id, product_id, quantity, sales, cost, cum_quantity, cum_sales, cum_cost)
      SELECT ${x}, COALESCE(p.cum_quantity, 0) + x.quantity, COALESCE(p.cum_sales, 0) + x.sales, COALESCE(p.cum_cost, 0) + x.cost
      FROM (${select}) x
      LEFT JOIN report_sales_days p ON p.product_id = x.product_id AND p.location_id = x.location_id
        AND p.day = (SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = x.product_id AND m.location_id = x.location_id AND m.day < x.d)
      WHERE true
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = ${r}quantity + excluded.quantity, sales = ${r}sales + excluded.sales, cost = ${r}cost + excluded.cost,
        cum_quantity = ${r}cum_quantity + excluded.quantity, cum_sales = ${r}cum_sales + excluded.sales, cum_cost = ${r}cum_cost + excluded.cost;
    UPDATE report_sales_days ${pg ? 'AS r ' : ''}SET cum_quantity = ${pg ? 'r.' : 'report_sales_days.'}cum_quantity + x.quantity, cum_sales = ${pg ? 'r.' : 'report_sales_days.'}cum_sales + x.sales, cum_cost = ${pg ? 'r.' : 'report_sales_days.'}cum_cost + x.cost
      FROM (${select}) x
      WHERE ${pg ? 'r' : 'report_sales_days'}.product_id = x.product_id AND ${pg ? 'r' : 'report_sales_days'}.location_id = x.location_id AND ${pg ? 'r' : 'report_sales_days'}.day > x.d;
    ${months ? monthDeltaSql(select, pg) : ''}`;
}

/** One stock movement (NEW) applied to report_stock_days: its day's net movement and closing, and the closings of the pair's later days. */
function stockDeltaSql(pg: boolean): string {
  const r = pg ? 'r.' : '';
  return `INSERT INTO report_stock_days ${pg ? 'AS r ' : ''}(day, location_id, product_id, quantity, closing)
      VALUES (NEW.business_date, NEW.location_id, NEW.product_id, NEW.quantity,
        COALESCE((SELECT p.closing FROM report_stock_days p WHERE p.product_id = NEW.product_id AND p.location_id = NEW.location_id AND p.day < NEW.business_date ORDER BY p.day DESC LIMIT 1), 0) + NEW.quantity)
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = ${r}quantity + excluded.quantity, closing = ${r}closing + excluded.quantity;
    UPDATE report_stock_days SET closing = closing + NEW.quantity WHERE product_id = NEW.product_id AND location_id = NEW.location_id AND day > NEW.business_date;`;
}

const SALE_LINE =
  `SELECT s.sale_date AS d, s.location_id AS location_id, NEW.product_id AS product_id, NEW.quantity AS quantity, NEW.net - NEW.allocated_discount AS sales, NEW.quantity * NEW.unit_cost AS cost FROM sales s WHERE s.id = NEW.sale_id`;
const CREDIT_LINE = `SELECT cn.credit_date AS d, cn.location_id AS location_id, NEW.product_id AS product_id, -NEW.quantity AS quantity, -NEW.amount AS sales, -(NEW.quantity * NEW.unit_cost) AS cost FROM credit_notes cn WHERE cn.id = NEW.credit_note_id`;

/** What a cancellation (NEW: the sale) takes back per product: each line less what validated credit notes already returned, on the cancellation's date. */
function cancelledLinesSelect(): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `SELECT COALESCE(NEW.cancelled_on, substr(NEW.cancelled_at, 1, 10), NEW.sale_date) AS d, NEW.location_id AS location_id, sl.product_id AS product_id,
      -SUM(sl.quantity - ${returned('cnl.quantity')}) AS quantity,
      -SUM(sl.net - sl.allocated_discount - ${returned('cnl.amount')}) AS sales,
      -SUM((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost) AS cost
    FROM sale_lines sl WHERE sl.sale_id = NEW.id GROUP BY sl.product_id`;
}

/** Removes the summary triggers (a bulk load sets them aside, then rebuilds the summaries once). */
export async function dropReportTriggers(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  for (const [name, table] of Object.entries(TRIGGERS)) {
    if (isPg) {
      await db.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
      await db.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    } else await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
}

/**
 * The triggers that keep the summaries and their running totals in the documents' own transactions
 * (SQLite and PostgreSQL) — those of the tables present: an older migration creates the triggers
 * of its day before the later tables exist.
 */
export async function createReportTriggers(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  const present = await presentTables(db);
  const months = present.has('report_sales_months');
  const turnover = present.has('report_turnover_days');
  if (!isPg) {
    await db.raw(`CREATE TRIGGER report_sale_line_insert AFTER INSERT ON sale_lines BEGIN ${salesDeltaSql(SALE_LINE, false, months)} END`);
    await db.raw(`CREATE TRIGGER report_credit_note_line_insert AFTER INSERT ON credit_note_lines BEGIN ${salesDeltaSql(CREDIT_LINE, false, months)} END`);
    await db.raw(`CREATE TRIGGER report_sale_cancel AFTER UPDATE OF status ON sales WHEN OLD.status = 'validated' AND NEW.status = 'cancelled' BEGIN ${salesDeltaSql(cancelledLinesSelect(), false, months)} END`);
    await db.raw(`CREATE TRIGGER report_stock_movement_insert AFTER INSERT ON stock_movements BEGIN ${stockDeltaSql(false)} END`);
    if (turnover) {
      await db.raw(`CREATE TRIGGER report_turnover_sale_insert AFTER INSERT ON sales BEGIN ${turnoverDeltaSql(saleContribution('NEW', 1), false)} END`);
      await db.raw(`CREATE TRIGGER report_turnover_sale_update AFTER UPDATE OF ${TURNOVER_SALE_COLUMNS} ON sales BEGIN ${turnoverDeltaSql(`${saleContribution('NEW', 1)} UNION ALL ${saleContribution('OLD', -1)}`, false)} END`);
      await db.raw(`CREATE TRIGGER report_turnover_credit_note_insert AFTER INSERT ON credit_notes BEGIN ${turnoverDeltaSql(CREDIT_NOTE_EVENT, false)} END`);
    }
    return;
  }
  const fn = async (name: string, body: string, on: string, when = '') => {
    await db.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`);
    await db.raw(`CREATE TRIGGER ${name} AFTER ${on} FOR EACH ROW ${when} EXECUTE FUNCTION ${name}()`);
  };
  await fn('report_sale_line_insert', salesDeltaSql(SALE_LINE, true, months), 'INSERT ON sale_lines');
  await fn('report_credit_note_line_insert', salesDeltaSql(CREDIT_LINE, true, months), 'INSERT ON credit_note_lines');
  await fn('report_sale_cancel', salesDeltaSql(cancelledLinesSelect(), true, months), 'UPDATE OF status ON sales', "WHEN (OLD.status = 'validated' AND NEW.status = 'cancelled')");
  await fn('report_stock_movement_insert', stockDeltaSql(true), 'INSERT ON stock_movements');
  if (turnover) {
    await fn('report_turnover_sale_insert', turnoverDeltaSql(saleContribution('NEW', 1), true), 'INSERT ON sales');
    await fn('report_turnover_sale_update', turnoverDeltaSql(`${saleContribution('NEW', 1)} UNION ALL ${saleContribution('OLD', -1)}`, true), `UPDATE OF ${TURNOVER_SALE_COLUMNS} ON sales`);
    await fn('report_turnover_credit_note_insert', turnoverDeltaSql(CREDIT_NOTE_EVENT, true), 'INSERT ON credit_notes');
  }
}

export interface ReportSummaryCounts {
  salesDays: number;
  stockDays: number;
  salesMonths: number;
  turnoverDays: number;
}

export async function rebuildReportSummaries(db: Knex): Promise<ReportSummaryCounts> {
  const present = await presentTables(db);
  return db.transaction(async (trx) => {
    await roomForLargeSorts(trx);
    await trx('report_sales_days').delete();
    await trx('report_stock_days').delete();
    // Day totals, then the running totals per (product, location) in day order (window sums) —
    // stored day after day, as the triggers write them, so a short period's rows lie together
    // (productSales sums them: services/reports/sales-summaries.ts).
    await trx.raw(`INSERT INTO report_sales_days (day, location_id, product_id, quantity, sales, cost, cum_quantity, cum_sales, cum_cost)
      SELECT g.d, g.location_id, g.product_id, g.quantity, g.sales, g.cost, SUM(g.quantity) OVER w, SUM(g.sales) OVER w, SUM(g.cost) OVER w
      FROM (SELECT e.d, e.location_id, e.product_id, SUM(e.quantity) AS quantity, SUM(e.sales) AS sales, SUM(e.cost) AS cost FROM (${salesEventsSql()}) e GROUP BY e.d, e.location_id, e.product_id) g
      WINDOW w AS (PARTITION BY g.product_id, g.location_id ORDER BY g.d)
      ORDER BY g.d, g.location_id, g.product_id`);
    await trx.raw(`INSERT INTO report_stock_days (day, location_id, product_id, quantity, closing)
      SELECT g.d, g.location_id, g.product_id, g.quantity, SUM(g.quantity) OVER (PARTITION BY g.product_id, g.location_id ORDER BY g.d)
      FROM (SELECT business_date AS d, location_id, product_id, SUM(quantity) AS quantity FROM stock_movements GROUP BY business_date, location_id, product_id) g`);
    if (present.has('report_sales_months')) await rebuildSalesMonths(trx);
    if (present.has('report_turnover_days')) await rebuildTurnoverDays(trx);
    const count = async (table: string) => Number((await trx(table).count({ n: '*' }).first())!.n);
    return {
      salesDays: await count('report_sales_days'),
      stockDays: await count('report_stock_days'),
      salesMonths: present.has('report_sales_months') ? await count('report_sales_months') : 0,
      turnoverDays: present.has('report_turnover_days') ? await count('report_turnover_days') : 0,
    };
  });
}

/** report_sales_months from the day rows (their months' sums: the same events), in month order. */
export async function rebuildSalesMonths(trx: Knex.Transaction): Promise<void> {
  await trx('report_sales_months').delete();
  await trx.raw(`INSERT INTO report_sales_months (month, location_id, product_id, quantity, sales, cost)
    SELECT substr(d.day, 1, 7), d.location_id, d.product_id, SUM(d.quantity), SUM(d.sales), SUM(d.cost) FROM report_sales_days d
    GROUP BY substr(d.day, 1, 7), d.location_id, d.product_id
    ORDER BY 1, 2, 3`);
}

/** report_turnover_days from the documents (turnoverEventsSql), days without any weight left out. */
export async function rebuildTurnoverDays(trx: Knex.Transaction): Promise<void> {
  await trx('report_turnover_days').delete();
  await trx.raw(`INSERT INTO report_turnover_days (day, location_id, kind, sold, gross, returns, cost)
    SELECT e.d, e.location_id, e.kind, SUM(e.sold), SUM(e.gross), SUM(e.returns), SUM(e.cost) FROM (${turnoverEventsSql()}) e
    GROUP BY e.d, e.location_id, e.kind
    HAVING SUM(e.sold) <> 0 OR SUM(e.gross) <> 0 OR SUM(e.returns) <> 0 OR SUM(e.cost) <> 0
    ORDER BY 1, 2, 3`);
}

/**
 * A bulk load (the demo seed's year of history) without the summary triggers: they are set aside
 * for `work` and the summaries rebuilt once from the documents after it — one grouped pass instead
 * of a trigger per line and movement (PostgreSQL's seed spent most of its time in them). Only for
 * a load nobody else writes during (the triggers are absent for every connection meanwhile).
 */
export async function withoutReportTriggers<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  await dropReportTriggers(db);
  try {
    return await work();
  } finally {
    await createReportTriggers(db);
    await rebuildReportSummaries(db);
  }
}
