import type { Knex } from 'knex';

/**
 * Éditions (issue 17): summary tables for the two reports that plain indexed SQL cannot answer
 * over a year of the large data set within 300 ms (measured: sales by product 6.3 s — 1 070 000
 * lines joined to their sales —, stock at a past date 2 to 4 s — 1 600 000 movements summed).
 *
 * - `report_sales_days` / `report_sales_months` (day or month, location, product): what was sold,
 *   net of what came back, dated by the event that changed it — a sale line on its sale's date
 *   (+), a credit note line on the credit note's date (−), a sale's cancellation on its
 *   cancellation date (− what was still sold: the lines less what credit notes already took back).
 *   `quantity` in base units, `sales` the line amounts after every discount (TTC: prices include
 *   VAT), `cost` quantity × the CMUP kept on the line. A period is read from whole months plus the
 *   days at its edges (server/services/reports/sales-summaries.ts).
 * - `report_stock_days` / `report_stock_months` (day or month, location, product): the net stock
 *   movement of the day or month. The stock at the end of a day = Σ whole months before + Σ days
 *   of its month up to it (measured: 4 s summed from the ledger, ≈ 100 ms from these).
 *
 * They are kept by triggers of the database itself, in the very transaction that writes the
 * document or the movement (every service and the demo seed alike, SQLite and PostgreSQL):
 * inserts into sale_lines, credit_note_lines and stock_movements (append-only), and a sale whose
 * status turns to cancelled. `npm run reports:rebuild` recomputes them from the documents and the
 * ledger; tests/http/report-summaries.test.ts proves them equal to the raw ledgers on random
 * histories.
 */

const SALES_TABLES = ['report_sales_days', 'report_sales_months'] as const;

export async function up(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  for (const [table, key, width] of [
    ['report_sales_days', 'day', 10],
    ['report_sales_months', 'month', 7],
  ] as const) {
    await db.schema.createTable(table, (t) => {
      t.string(key, width).notNullable();
      t.integer('location_id').notNullable().references('id').inTable('locations');
      t.integer('product_id').notNullable().references('id').inTable('products');
      t.bigInteger('quantity').notNullable().defaultTo(0);
      t.bigInteger('sales').notNullable().defaultTo(0);
      t.bigInteger('cost').notNullable().defaultTo(0);
      t.primary([key, 'location_id', 'product_id']);
    });
  }
  for (const [table, key, width] of [
    ['report_stock_days', 'day', 10],
    ['report_stock_months', 'month', 7],
  ] as const) {
    await db.schema.createTable(table, (t) => {
      t.string(key, width).notNullable();
      t.integer('location_id').notNullable().references('id').inTable('locations');
      t.integer('product_id').notNullable().references('id').inTable('products');
      t.bigInteger('quantity').notNullable().defaultTo(0);
      t.primary([key, 'location_id', 'product_id']);
    });
  }
  // Read per product over many months: covering indexes in product order (no sort, no table lookup).
  await db.schema.alterTable('report_sales_months', (t) =>
    t.index(['product_id', 'month', 'location_id', 'quantity', 'sales', 'cost'], 'report_sales_months_product'),
  );
  await db.schema.alterTable('report_stock_months', (t) =>
    t.index(['product_id', 'location_id', 'month', 'quantity'], 'report_stock_months_product'),
  );
  // Cancellations of the period (Chiffre d'affaires): few rows, found by their date.
  await db.schema.alterTable('sales', (t) => t.index(['cancelled_on'], 'sales_cancelled_on'));
  // The reports read a period of sales of every kind: its aggregates from one covering index (no
  // table lookup), its list in date order, and the payments taken at those sales without their rows.
  await db.schema.alterTable('sales', (t) => {
    t.index(
      [
        'sale_date',
        'kind',
        'location_id',
        'status',
        'payment_status',
        'payment_mode',
        'client_id',
        'total_ttc',
        'amount_paid',
        'amount_credited',
        'cost_total',
      ],
      'sales_report_period',
    );
    t.index(['sale_date', 'id'], 'sales_date_id');
  });
  await db.schema.alterTable('sale_payments', (t) => t.index(['sale_id', 'method', 'amount'], 'sale_payments_report'));

  if (isPg) await createPgTriggers(db);
  else await createSqliteTriggers(db);
  // Filled from the documents by 202611250200_report_running_totals (its rebuild knows the tables as they are now).
}

/** The upsert of one delta into both sales tables, for a trigger body (SQLite). */
function sqliteSalesUpsert(select: string): string {
  // « WHERE true »: SQLite's parser needs it before ON CONFLICT after a SELECT.
  return SALES_TABLES.map((table) => {
    const key = table === 'report_sales_days' ? 'day' : 'month';
    const keyExpr = table === 'report_sales_days' ? 'd' : 'substr(d, 1, 7)';
    return `INSERT INTO ${table} (${key}, location_id, product_id, quantity, sales, cost)
      SELECT ${keyExpr}, location_id, product_id, quantity, sales, cost FROM (${select}) WHERE true
      ON CONFLICT (${key}, location_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, sales = sales + excluded.sales, cost = cost + excluded.cost;`;
  }).join('\n');
}

async function createSqliteTriggers(db: Knex): Promise<void> {
  await db.raw(`CREATE TRIGGER report_sale_line_insert AFTER INSERT ON sale_lines BEGIN
    ${sqliteSalesUpsert(`SELECT s.sale_date AS d, s.location_id AS location_id, NEW.product_id AS product_id, NEW.quantity AS quantity, NEW.net - NEW.allocated_discount AS sales, NEW.quantity * NEW.unit_cost AS cost FROM sales s WHERE s.id = NEW.sale_id`)}
  END`);
  await db.raw(`CREATE TRIGGER report_credit_note_line_insert AFTER INSERT ON credit_note_lines BEGIN
    ${sqliteSalesUpsert(`SELECT cn.credit_date AS d, cn.location_id AS location_id, NEW.product_id AS product_id, -NEW.quantity AS quantity, -NEW.amount AS sales, -(NEW.quantity * NEW.unit_cost) AS cost FROM credit_notes cn WHERE cn.id = NEW.credit_note_id`)}
  END`);
  await db.raw(`CREATE TRIGGER report_sale_cancel AFTER UPDATE OF status ON sales WHEN OLD.status = 'validated' AND NEW.status = 'cancelled' BEGIN
    ${sqliteSalesUpsert(cancelledLinesSelect('NEW'))}
  END`);
  await db.raw(`CREATE TRIGGER report_stock_movement_insert AFTER INSERT ON stock_movements BEGIN
    INSERT INTO report_stock_days (day, location_id, product_id, quantity) VALUES (NEW.business_date, NEW.location_id, NEW.product_id, NEW.quantity)
    ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity;
    INSERT INTO report_stock_months (month, location_id, product_id, quantity) VALUES (substr(NEW.business_date, 1, 7), NEW.location_id, NEW.product_id, NEW.quantity)
    ON CONFLICT (month, location_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity;
  END`);
}

/**
 * What a cancellation takes back, per product of the sale (`s` the sale row: NEW in a trigger):
 * each line's quantity, amount and cost less what validated credit notes already returned.
 */
function cancelledLinesSelect(s: string): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `SELECT COALESCE(${s}.cancelled_on, substr(${s}.cancelled_at, 1, 10), ${s}.sale_date) AS d, ${s}.location_id AS location_id, sl.product_id AS product_id,
      -SUM(sl.quantity - ${returned('cnl.quantity')}) AS quantity,
      -SUM(sl.net - sl.allocated_discount - ${returned('cnl.amount')}) AS sales,
      -SUM((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost) AS cost
    FROM sale_lines sl WHERE sl.sale_id = ${s}.id GROUP BY sl.product_id`;
}

async function createPgTriggers(db: Knex): Promise<void> {
  const upsert = (select: string) =>
    SALES_TABLES.map((table) => {
      const key = table === 'report_sales_days' ? 'day' : 'month';
      const keyExpr = table === 'report_sales_days' ? 'x.d' : 'substr(x.d, 1, 7)';
      return `INSERT INTO ${table} AS r (${key}, location_id, product_id, quantity, sales, cost)
        SELECT ${keyExpr}, x.location_id, x.product_id, x.quantity, x.sales, x.cost FROM (${select}) x
        ON CONFLICT (${key}, location_id, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, sales = r.sales + excluded.sales, cost = r.cost + excluded.cost;`;
    }).join('\n');
  await db.raw(`CREATE FUNCTION report_sale_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(`SELECT s.sale_date AS d, s.location_id, NEW.product_id AS product_id, NEW.quantity::bigint AS quantity, (NEW.net - NEW.allocated_discount)::bigint AS sales, (NEW.quantity * NEW.unit_cost)::bigint AS cost FROM sales s WHERE s.id = NEW.sale_id`)}
      RETURN NULL;
    END $$`);
  await db.raw(
    `CREATE TRIGGER report_sale_line_insert AFTER INSERT ON sale_lines FOR EACH ROW EXECUTE FUNCTION report_sale_line_insert()`,
  );
  await db.raw(`CREATE FUNCTION report_credit_note_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(`SELECT cn.credit_date AS d, cn.location_id, NEW.product_id AS product_id, (-NEW.quantity)::bigint AS quantity, (-NEW.amount)::bigint AS sales, (-(NEW.quantity * NEW.unit_cost))::bigint AS cost FROM credit_notes cn WHERE cn.id = NEW.credit_note_id`)}
      RETURN NULL;
    END $$`);
  await db.raw(
    `CREATE TRIGGER report_credit_note_line_insert AFTER INSERT ON credit_note_lines FOR EACH ROW EXECUTE FUNCTION report_credit_note_line_insert()`,
  );
  await db.raw(`CREATE FUNCTION report_sale_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'validated' AND NEW.status = 'cancelled' THEN
        ${upsert(`SELECT y.d, y.location_id, y.product_id, y.quantity::bigint AS quantity, y.sales::bigint AS sales, y.cost::bigint AS cost FROM (${cancelledLinesSelect('NEW')}) y`)}
      END IF;
      RETURN NULL;
    END $$`);
  await db.raw(
    `CREATE TRIGGER report_sale_cancel AFTER UPDATE OF status ON sales FOR EACH ROW EXECUTE FUNCTION report_sale_cancel()`,
  );
  await db.raw(`CREATE FUNCTION report_stock_movement_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO report_stock_days AS r (day, location_id, product_id, quantity) VALUES (NEW.business_date, NEW.location_id, NEW.product_id, NEW.quantity)
      ON CONFLICT (day, location_id, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity;
      INSERT INTO report_stock_months AS r (month, location_id, product_id, quantity) VALUES (substr(NEW.business_date, 1, 7), NEW.location_id, NEW.product_id, NEW.quantity)
      ON CONFLICT (month, location_id, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity;
      RETURN NULL;
    END $$`);
  await db.raw(
    `CREATE TRIGGER report_stock_movement_insert AFTER INSERT ON stock_movements FOR EACH ROW EXECUTE FUNCTION report_stock_movement_insert()`,
  );
}

export async function down(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  for (const name of [
    'report_sale_line_insert',
    'report_credit_note_line_insert',
    'report_sale_cancel',
    'report_stock_movement_insert',
  ]) {
    const table = {
      report_sale_line_insert: 'sale_lines',
      report_credit_note_line_insert: 'credit_note_lines',
      report_sale_cancel: 'sales',
      report_stock_movement_insert: 'stock_movements',
    }[name];
    if (isPg) {
      await db.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
      await db.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    } else await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
  await db.schema.alterTable('sale_payments', (t) => t.dropIndex([], 'sale_payments_report'));
  await db.schema.alterTable('sales', (t) => {
    t.dropIndex([], 'sales_cancelled_on');
    t.dropIndex([], 'sales_report_period');
    t.dropIndex([], 'sales_date_id');
  });
  await db.schema.dropTable('report_stock_months');
  await db.schema.dropTable('report_stock_days');
  await db.schema.dropTable('report_sales_months');
  await db.schema.dropTable('report_sales_days');
}
