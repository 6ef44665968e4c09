import type { Knex } from 'knex';
// Frozen copy (README.md in this folder) of server/db/report-summaries.ts as of 2026-12-01 22:30, with the VAT sold (migration 202612012230_sale_prices_vat): never edit.
import { isSqlite, roomForLargeSorts } from './dialect.js';
import { addToSummarySql } from './summary-upsert.js';

/**
 * The summary tables of the reports (migrations 202611241200_report_summaries,
 * 202611250200_report_running_totals and 202611281000_dashboard_summaries: what each holds), the
 * triggers that keep them in the documents' own transaction, and their recomputation from the
 * documents and the stock ledger: by the migration, by `npm run reports:rebuild` (scripts/rebuild-reports.ts) and
 * by the tests that prove the triggers right. One transaction: readers see the old or the new
 * figures, never half.
 */

/**
 * What a sale line (`sl`, of the sale `s`) brought in VAT included: its paid amount (net less its
 * share of the document discount) in the sale's price basis, plus its share of the VAT when its
 * prices were typed VAT excluded (sale_lines.vat_amount, migration 202612012230; before it, the
 * paid amount: every sale was priced VAT included).
 */
export const lineTtc = (sl: string, s: string, vat = true) =>
  vat
    ? `(${sl}.net - ${sl}.allocated_discount + CASE WHEN ${s}.prices_include_vat THEN 0 ELSE ${sl}.vat_amount END)`
    : `(${sl}.net - ${sl}.allocated_discount)`;
/** `, <expr>` when the summaries carry their `vat` measure. */
const withVat = (vat: boolean, expr: string, name = '') => (vat ? `, ${expr}${name ? ` AS ${name}` : ''}` : '');

/** Whether the summaries carry the VAT of what was sold yet (migration 202612012230): an older migration builds them without it. */
export async function summariesHaveVat(db: Knex | Knex.Transaction): Promise<boolean> {
  return db.schema.hasColumn('report_sales_days', 'vat');
}

/**
 * Every event that changes what was sold, per (day, location, product): sale lines, credit-note
 * lines, cancellations — sales VAT included and, with `vat`, the VAT in it (sales − vat: VAT
 * excluded, what a margin is computed on).
 */
export function salesEventsSql(vat = true): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `
    SELECT s.sale_date AS d, s.location_id AS location_id, sl.product_id AS product_id, sl.quantity AS quantity, ${lineTtc('sl', 's', vat)} AS sales, sl.quantity * sl.unit_cost AS cost${withVat(vat, 'sl.vat_amount', 'vat')}
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id
    UNION ALL
    SELECT cn.credit_date, cn.location_id, cnl.product_id, -cnl.quantity, -cnl.amount, -(cnl.quantity * cnl.unit_cost)${withVat(vat, '-cnl.vat_amount')}
      FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id
    UNION ALL
    SELECT COALESCE(s.cancelled_on, substr(s.cancelled_at, 1, 10), s.sale_date), s.location_id, sl.product_id,
        -(sl.quantity - ${returned('cnl.quantity')}),
        -(${lineTtc('sl', 's', vat)} - ${returned('cnl.amount')}),
        -((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost)${withVat(vat, `-(sl.vat_amount - ${returned('cnl.vat_amount')})`)}
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id WHERE s.status = 'cancelled'`;
}

/** The tables of 202611281000_dashboard_summaries (absent while an older migration creates the triggers of its day). */
const LATER_TABLES = ['report_sales_months'] as const;
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
} as const;

/**
 * The SQL of one event source (columns d, location_id, product_id, quantity, sales, cost; on
 * PostgreSQL one row per (d, location_id, product_id)) applied to report_sales_days and its running
 * totals, and to report_sales_months. SQLite: a row trigger's event (one line, or a cancellation's
 * products), each later day of its pair moved by it. PostgreSQL: a whole statement's lines at once
 * (a document's), as for the stock (STOCK_DELTA_STATEMENT_PG): a day row inserted here took its
 * running totals from the days before it as they stood before the statement, so it also gets the
 * statement's events of earlier days through the update of the later days, summed per later day (a
 * plain UPDATE … FROM would apply only one of several matching events); the months summed per
 * month first (two days of one month would otherwise update one month row twice).
 */
function salesDeltaSql(select: string, pg: boolean, months: boolean, vat: boolean): string {
  const measures = vat ? ['quantity', 'sales', 'cost', 'vat'] : ['quantity', 'sales', 'cost'];
  const x = measures.map((m) => (pg ? `x.${m}::bigint` : `x.${m}`)).join(', ');
  const r = pg ? 'r.' : '';
  const days = `INSERT INTO report_sales_days ${pg ? 'AS r ' : ''}(day, location_id, product_id, ${measures.join(', ')}, ${measures.map((m) => `cum_${m}`).join(', ')})
      SELECT x.d, x.location_id, x.product_id, ${x}, ${measures.map((m) => `COALESCE(p.cum_${m}, 0) + x.${m}`).join(', ')}
      FROM (${select}) x
      LEFT JOIN report_sales_days p ON p.product_id = x.product_id AND p.location_id = x.location_id
        AND p.day = (SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = x.product_id AND m.location_id = x.location_id AND m.day < x.d)
      ${pg ? 'ORDER BY x.product_id, x.location_id, x.d' : 'WHERE true'}
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET ${measures.map((m) => `${m} = ${r}${m} + excluded.${m}`).join(', ')},
        ${measures.map((m) => `cum_${m} = ${r}cum_${m} + excluded.${m}`).join(', ')};`;
  const later = pg
    ? `UPDATE report_sales_days AS r SET ${measures.map((m) => `cum_${m} = r.cum_${m} + later.${m}`).join(', ')}
      FROM (SELECT l.day, l.location_id, l.product_id, ${measures.map((m) => `SUM(x.${m})::bigint AS ${m}`).join(', ')}
              FROM (${select}) x
              JOIN report_sales_days l ON l.product_id = x.product_id AND l.location_id = x.location_id AND l.day > x.d
             GROUP BY l.day, l.location_id, l.product_id) later
      WHERE r.day = later.day AND r.location_id = later.location_id AND r.product_id = later.product_id;`
    : `UPDATE report_sales_days SET ${measures.map((m) => `cum_${m} = report_sales_days.cum_${m} + x.${m}`).join(', ')}
      FROM (${select}) x
      WHERE report_sales_days.product_id = x.product_id AND report_sales_days.location_id = x.location_id AND report_sales_days.day > x.d;`;
  const month = pg
    ? `SELECT substr(x.d, 1, 7), x.location_id, x.product_id, ${measures.map((m) => `SUM(x.${m})::bigint`).join(', ')} FROM (${select}) x GROUP BY substr(x.d, 1, 7), x.location_id, x.product_id ORDER BY 3, 2, 1`
    : `SELECT substr(x.d, 1, 7), x.location_id, x.product_id, ${measures.map((m) => `x.${m}`).join(', ')} FROM (${select}) x WHERE true`;
  return `${days}
    ${later}
    ${months ? addToSummarySql('report_sales_months', ['month', 'location_id', 'product_id'], measures, month, pg) : ''}`;
}

/** SQLite: one stock movement (NEW) applied to report_stock_days: its day's net movement and closing, and the closings of the pair's later days (PostgreSQL: per statement, below). */
function stockDeltaSql(): string {
  return `INSERT INTO report_stock_days (day, location_id, product_id, quantity, closing)
      VALUES (NEW.business_date, NEW.location_id, NEW.product_id, NEW.quantity,
        COALESCE((SELECT p.closing FROM report_stock_days p WHERE p.product_id = NEW.product_id AND p.location_id = NEW.location_id AND p.day < NEW.business_date ORDER BY p.day DESC LIMIT 1), 0) + NEW.quantity)
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, closing = closing + excluded.quantity;
    UPDATE report_stock_days SET closing = closing + NEW.quantity WHERE product_id = NEW.product_id AND location_id = NEW.location_id AND day > NEW.business_date;`;
}

/*
 * PostgreSQL: the movements of one INSERT (a whole document's) applied at once, from the statement's
 * transition table `moved`: one upsert of their (day, location, product) sums instead of one per
 * movement, then the closings of the pairs' later days. A day row inserted here took its closing
 * from the days before it as they stood before the statement, so it also gets the statement's
 * movements of earlier days through the second step, like any later day. The rows are upserted in
 * (product, location, day) order; the ledger has locked those products already.
 */
const MOVED_DAYS = `SELECT business_date AS day, location_id, product_id, SUM(quantity)::bigint AS quantity FROM moved GROUP BY business_date, location_id, product_id`;
const STOCK_DELTA_STATEMENT_PG = `INSERT INTO report_stock_days AS r (day, location_id, product_id, quantity, closing)
      SELECT d.day, d.location_id, d.product_id, d.quantity,
        COALESCE((SELECT p.closing FROM report_stock_days p WHERE p.product_id = d.product_id AND p.location_id = d.location_id AND p.day < d.day ORDER BY p.day DESC LIMIT 1), 0) + d.quantity
      FROM (${MOVED_DAYS}) d
      ORDER BY d.product_id, d.location_id, d.day
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, closing = r.closing + excluded.quantity;
    UPDATE report_stock_days AS r SET closing = r.closing + later.quantity
      FROM (SELECT l.day, l.location_id, l.product_id, SUM(d.quantity)::bigint AS quantity
              FROM (${MOVED_DAYS}) d
              JOIN report_stock_days l ON l.product_id = d.product_id AND l.location_id = d.location_id AND l.day > d.day
             GROUP BY l.day, l.location_id, l.product_id) later
      WHERE r.day = later.day AND r.location_id = later.location_id AND r.product_id = later.product_id;`;

const SALE_LINE = (vat: boolean) =>
  `SELECT s.sale_date AS d, s.location_id AS location_id, NEW.product_id AS product_id, NEW.quantity AS quantity, ${lineTtc('NEW', 's', vat)} AS sales, NEW.quantity * NEW.unit_cost AS cost${withVat(vat, 'NEW.vat_amount', 'vat')} FROM sales s WHERE s.id = NEW.sale_id`;
const CREDIT_LINE = (vat: boolean) =>
  `SELECT cn.credit_date AS d, cn.location_id AS location_id, NEW.product_id AS product_id, -NEW.quantity AS quantity, -NEW.amount AS sales, -(NEW.quantity * NEW.unit_cost) AS cost${withVat(vat, '-NEW.vat_amount', 'vat')} FROM credit_notes cn WHERE cn.id = NEW.credit_note_id`;
/** PostgreSQL: the lines of one INSERT (its transition table `new_lines`), summed per (day, location, product). */
const SALE_LINES_PG = (
  vat: boolean,
) => `SELECT s.sale_date AS d, s.location_id AS location_id, n.product_id AS product_id, SUM(n.quantity) AS quantity, SUM(${lineTtc('n', 's', vat)}) AS sales, SUM(n.quantity * n.unit_cost) AS cost${withVat(vat, 'SUM(n.vat_amount)', 'vat')}
    FROM new_lines n JOIN sales s ON s.id = n.sale_id GROUP BY s.sale_date, s.location_id, n.product_id`;
const CREDIT_LINES_PG = (
  vat: boolean,
) => `SELECT cn.credit_date AS d, cn.location_id AS location_id, n.product_id AS product_id, -SUM(n.quantity) AS quantity, -SUM(n.amount) AS sales, -SUM(n.quantity * n.unit_cost) AS cost${withVat(vat, '-SUM(n.vat_amount)', 'vat')}
    FROM new_lines n JOIN credit_notes cn ON cn.id = n.credit_note_id GROUP BY cn.credit_date, cn.location_id, n.product_id`;

/** What a cancellation (NEW: the sale) takes back per product: each line less what validated credit notes already returned, on the cancellation's date. */
function cancelledLinesSelect(vat: boolean): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `SELECT COALESCE(NEW.cancelled_on, substr(NEW.cancelled_at, 1, 10), NEW.sale_date) AS d, NEW.location_id AS location_id, sl.product_id AS product_id,
      -SUM(sl.quantity - ${returned('cnl.quantity')}) AS quantity,
      -SUM(${lineTtc('sl', 'NEW', vat)} - ${returned('cnl.amount')}) AS sales,
      -SUM((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost) AS cost${withVat(vat, `-SUM(sl.vat_amount - ${returned('cnl.vat_amount')})`, 'vat')}
    FROM sale_lines sl WHERE sl.sale_id = NEW.id GROUP BY sl.product_id`;
}

/** Removes the summary triggers (a bulk load sets them aside, then rebuilds the summaries once). */
export async function dropReportTriggers(db: Knex): Promise<void> {
  const isPg = !isSqlite(db);
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
  const isPg = !isSqlite(db);
  const present = await presentTables(db);
  const months = present.has('report_sales_months');
  const vat = await summariesHaveVat(db);
  if (!isPg) {
    await db.raw(
      `CREATE TRIGGER report_sale_line_insert AFTER INSERT ON sale_lines BEGIN ${salesDeltaSql(SALE_LINE(vat), false, months, vat)} END`,
    );
    await db.raw(
      `CREATE TRIGGER report_credit_note_line_insert AFTER INSERT ON credit_note_lines BEGIN ${salesDeltaSql(CREDIT_LINE(vat), false, months, vat)} END`,
    );
    await db.raw(
      `CREATE TRIGGER report_sale_cancel AFTER UPDATE OF status ON sales WHEN OLD.status = 'validated' AND NEW.status = 'cancelled' BEGIN ${salesDeltaSql(cancelledLinesSelect(vat), false, months, vat)} END`,
    );
    await db.raw(
      `CREATE TRIGGER report_stock_movement_insert AFTER INSERT ON stock_movements BEGIN ${stockDeltaSql()} END`,
    );
    return;
  }
  const fn = async (name: string, body: string, on: string, when = '', each = 'FOR EACH ROW') => {
    await db.raw(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`,
    );
    await db.raw(`CREATE TRIGGER ${name} AFTER ${on} ${each} ${when} EXECUTE FUNCTION ${name}()`);
  };
  const perStatement = 'REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT';
  await fn(
    'report_sale_line_insert',
    salesDeltaSql(SALE_LINES_PG(vat), true, months, vat),
    'INSERT ON sale_lines',
    '',
    perStatement,
  );
  await fn(
    'report_credit_note_line_insert',
    salesDeltaSql(CREDIT_LINES_PG(vat), true, months, vat),
    'INSERT ON credit_note_lines',
    '',
    perStatement,
  );
  await fn(
    'report_sale_cancel',
    salesDeltaSql(cancelledLinesSelect(vat), true, months, vat),
    'UPDATE OF status ON sales',
    "WHEN (OLD.status = 'validated' AND NEW.status = 'cancelled')",
  );
  await fn(
    'report_stock_movement_insert',
    STOCK_DELTA_STATEMENT_PG,
    'INSERT ON stock_movements',
    '',
    'REFERENCING NEW TABLE AS moved FOR EACH STATEMENT',
  );
}

export interface ReportSummaryCounts {
  salesDays: number;
  stockDays: number;
  salesMonths: number;
}

export async function rebuildReportSummaries(db: Knex): Promise<ReportSummaryCounts> {
  const present = await presentTables(db);
  const vat = await summariesHaveVat(db);
  const measures = vat ? ['quantity', 'sales', 'cost', 'vat'] : ['quantity', 'sales', 'cost'];
  return db.transaction(async (trx) => {
    await roomForLargeSorts(trx);
    await trx('report_sales_days').delete();
    await trx('report_stock_days').delete();
    // Day totals, then the running totals per (product, location) in day order (window sums) —
    // stored day after day, as the triggers write them, so a short period's rows lie together
    // (productSales sums them: services/reports/sales-summaries.ts).
    await trx.raw(`INSERT INTO report_sales_days (day, location_id, product_id, ${measures.join(', ')}, ${measures.map((m) => `cum_${m}`).join(', ')})
      SELECT g.d, g.location_id, g.product_id, ${measures.map((m) => `g.${m}`).join(', ')}, ${measures.map((m) => `SUM(g.${m}) OVER w`).join(', ')}
      FROM (SELECT e.d, e.location_id, e.product_id, ${measures.map((m) => `SUM(e.${m}) AS ${m}`).join(', ')} FROM (${salesEventsSql(vat)}) e GROUP BY e.d, e.location_id, e.product_id) g
      WINDOW w AS (PARTITION BY g.product_id, g.location_id ORDER BY g.d)
      ORDER BY g.d, g.location_id, g.product_id`);
    await trx.raw(`INSERT INTO report_stock_days (day, location_id, product_id, quantity, closing)
      SELECT g.d, g.location_id, g.product_id, g.quantity, SUM(g.quantity) OVER (PARTITION BY g.product_id, g.location_id ORDER BY g.d)
      FROM (SELECT business_date AS d, location_id, product_id, SUM(quantity) AS quantity FROM stock_movements GROUP BY business_date, location_id, product_id) g`);
    if (present.has('report_sales_months')) await rebuildSalesMonths(trx, vat);
    const count = async (table: string) => Number((await trx(table).count({ n: '*' }).first())!.n);
    return {
      salesDays: await count('report_sales_days'),
      stockDays: await count('report_stock_days'),
      salesMonths: present.has('report_sales_months') ? await count('report_sales_months') : 0,
    };
  });
}

/** report_sales_months from the day rows (their months' sums: the same events), in month order. */
export async function rebuildSalesMonths(trx: Knex.Transaction, vat?: boolean): Promise<void> {
  const measures =
    (vat ?? (await summariesHaveVat(trx))) ? ['quantity', 'sales', 'cost', 'vat'] : ['quantity', 'sales', 'cost'];
  await trx('report_sales_months').delete();
  await trx.raw(`INSERT INTO report_sales_months (month, location_id, product_id, ${measures.join(', ')})
    SELECT substr(d.day, 1, 7), d.location_id, d.product_id, ${measures.map((m) => `SUM(d.${m})`).join(', ')} FROM report_sales_days d
    GROUP BY substr(d.day, 1, 7), d.location_id, d.product_id
    ORDER BY 1, 2, 3`);
}
