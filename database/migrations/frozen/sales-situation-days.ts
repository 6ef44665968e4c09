import type { Knex } from 'knex';
// Frozen copy (README.md in this folder) of server/db/sales-situation-days.ts as of 2026-12-01: never edit.
import { addToSummarySql } from './summary-upsert.js';

/**
 * The day summaries of Situation des ventes (migration 202611282000_sales_situation_days): what the
 * « situation des factures », the « liste des factures » totals and the « situation des paiements »
 * read instead of a year of sales (≈ 200 000 rows grouped on each view):
 *
 * - `report_sale_days`: per sale date, location, kind, status, payment status and payment mode, the
 *   number of sales and the sums of total_ttc, amount_paid, amount_credited and of what each still
 *   owes (`saleRemainingSql`, never below zero) — as the sales stand now (a settlement moves a sale
 *   from « partiel » to « payé »: its row leaves one group for the other).
 * - `report_payment_days`: per day and method, what was received — `origin` 'sale': the payments of
 *   validated sales on the sale's date, location and kind (account 0); 'settlement': the validated
 *   settlements paid in money (`source` 'payment') on their date and account (location 0, kind '').
 * - `report_transfer_days`: per transfer date, source, destination and product, the lines of the
 *   transfers not cancelled (count, quantity sent, quantity received and how many lines have one —
 *   none: still in transit, shown empty —, value at CMUP), read in (source, destination, product)
 *   order by its covering index for « produits transférés » (no sort of every line).
 *
 * Kept by triggers in the documents' own transaction (sales insert / update of the grouped columns /
 * delete, sale_payments insert / delete, settlements and transfer_lines insert / update / delete, a
 * transfer cancelled or moved), on SQLite and
 * PostgreSQL alike; a group whose sales all left it keeps a row of zeros, which the readers skip
 * (HAVING). `rebuildSalesSituationDays` recomputes both from the documents (the migration,
 * `npm run reports:rebuild`, the demo seed after its bulk load); `salesSituationDaysDifferences`
 * compares them with the documents (tests/http/sales-situation-days.test.ts, random histories).
 */

/** `saleRemaining` (shared/sales.ts) in SQL for one row of sales aliased `alias` (NEW / OLD in a trigger): Σ of it is what is owed. */
export function saleRemainingSql(alias = 's'): string {
  const diff = `${alias}.total_ttc - ${alias}.amount_paid - ${alias}.amount_credited`;
  return `CASE WHEN ${diff} > 0 THEN ${diff} ELSE 0 END`;
}

const SALE_KEY = ['day', 'location_id', 'kind', 'status', 'payment_status', 'payment_mode'] as const;
const SALE_SUMS = ['sale_count', 'total_ttc', 'amount_paid', 'amount_credited', 'remaining'] as const;
const PAYMENT_KEY = ['day', 'origin', 'location_id', 'account_id', 'kind', 'method'] as const;
const PAYMENT_SUMS = ['payment_count', 'amount'] as const;

/** The sales grouped as report_sale_days holds them. */
export function saleDaysFromSalesSql(): string {
  return `SELECT s.sale_date AS day, s.location_id, s.kind, s.status, s.payment_status, s.payment_mode,
      COUNT(*) AS sale_count, SUM(s.total_ttc) AS total_ttc, SUM(s.amount_paid) AS amount_paid, SUM(s.amount_credited) AS amount_credited, SUM(${saleRemainingSql('s')}) AS remaining
    FROM sales s GROUP BY s.sale_date, s.location_id, s.kind, s.status, s.payment_status, s.payment_mode`;
}

/** The payments of validated sales and the validated money settlements grouped as report_payment_days holds them. */
export function paymentDaysFromDocumentsSql(): string {
  return `SELECT s.sale_date AS day, 'sale' AS origin, s.location_id, 0 AS account_id, s.kind, sp.method, COUNT(*) AS payment_count, SUM(sp.amount) AS amount
      FROM sale_payments sp JOIN sales s ON s.id = sp.sale_id WHERE s.status = 'validated'
      GROUP BY s.sale_date, s.location_id, s.kind, sp.method
    UNION ALL
    SELECT st.settlement_date, 'settlement', 0, COALESCE(st.account_id, 0), '', COALESCE(st.method, ''), COUNT(*), SUM(st.amount)
      FROM settlements st WHERE st.status = 'validated' AND st.source = 'payment'
      GROUP BY st.settlement_date, COALESCE(st.account_id, 0), COALESCE(st.method, '')`;
}

/** One sale (NEW or OLD) added (+1) or taken out (−1) of its group. */
function saleRow(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  const big = pg ? '::bigint' : '';
  return addToSummarySql(
    'report_sale_days',
    SALE_KEY,
    SALE_SUMS,
    `SELECT ${row}.sale_date, ${row}.location_id, ${row}.kind, ${row}.status, ${row}.payment_status, ${row}.payment_mode, ${sign}${big}, ${m}${row}.total_ttc, ${m}${row}.amount_paid, ${m}${row}.amount_credited, ${m}(${saleRemainingSql(row)}) WHERE true`,
    pg,
  );
}

/** The payments of a sale (NEW or OLD, when validated) added or taken out of report_payment_days. */
function salePayments(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  return addToSummarySql(
    'report_payment_days',
    PAYMENT_KEY,
    PAYMENT_SUMS,
    `SELECT ${row}.sale_date, 'sale', ${row}.location_id, 0, ${row}.kind, sp.method, ${m}COUNT(*), ${m}SUM(sp.amount)
      FROM sale_payments sp WHERE sp.sale_id = ${row}.id AND ${row}.status = 'validated' GROUP BY sp.method`,
    pg,
  );
}

/** One payment row (NEW or OLD of sale_payments) added or taken out, when its sale is validated. */
function onePayment(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  return addToSummarySql(
    'report_payment_days',
    PAYMENT_KEY,
    PAYMENT_SUMS,
    `SELECT s.sale_date, 'sale', s.location_id, 0, s.kind, ${row}.method, ${sign}, ${m}${row}.amount FROM sales s WHERE s.id = ${row}.sale_id AND s.status = 'validated'`,
    pg,
  );
}

/** One settlement (NEW or OLD) added or taken out, when it is a validated money settlement. */
function oneSettlement(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  const big = pg ? '::bigint' : '';
  return addToSummarySql(
    'report_payment_days',
    PAYMENT_KEY,
    PAYMENT_SUMS,
    `SELECT ${row}.settlement_date, 'settlement', 0, COALESCE(${row}.account_id, 0), '', COALESCE(${row}.method, ''), ${sign}${big}, ${m}${row}.amount WHERE ${row}.status = 'validated' AND ${row}.source = 'payment'`,
    pg,
  );
}

const TRANSFER_KEY = ['day', 'from_location_id', 'to_location_id', 'product_id'] as const;
const TRANSFER_SUMS = ['line_count', 'sent', 'received', 'received_lines', 'value'] as const;

/** The lines of the transfers not cancelled grouped as report_transfer_days holds them. */
export function transferDaysFromDocumentsSql(): string {
  return `SELECT t.transfer_date AS day, t.from_location_id, t.to_location_id, tl.product_id, COUNT(*) AS line_count, SUM(tl.quantity_sent) AS sent,
      COALESCE(SUM(tl.quantity_received), 0) AS received, COUNT(tl.quantity_received) AS received_lines, SUM(tl.quantity_sent * tl.unit_cost) AS value
    FROM transfer_lines tl JOIN transfers t ON t.id = tl.transfer_id WHERE t.status <> 'cancelled'
    GROUP BY t.transfer_date, t.from_location_id, t.to_location_id, tl.product_id`;
}

/** One transfer line (NEW or OLD of transfer_lines) added or taken out, when its transfer is not cancelled. */
function oneTransferLine(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  return addToSummarySql(
    'report_transfer_days',
    TRANSFER_KEY,
    TRANSFER_SUMS,
    `SELECT t.transfer_date, t.from_location_id, t.to_location_id, ${row}.product_id, ${sign}, ${m}${row}.quantity_sent, ${m}COALESCE(${row}.quantity_received, 0),
        ${m}(CASE WHEN ${row}.quantity_received IS NULL THEN 0 ELSE 1 END), ${m}(${row}.quantity_sent * ${row}.unit_cost)
      FROM transfers t WHERE t.id = ${row}.transfer_id AND t.status <> 'cancelled'`,
    pg,
  );
}

/** Every line of a transfer (NEW or OLD of transfers, when not cancelled) added or taken out: a cancellation, a date or a place changed. */
function transferLines(row: 'NEW' | 'OLD', sign: 1 | -1, pg: boolean): string {
  const m = sign < 0 ? '-' : '';
  return addToSummarySql(
    'report_transfer_days',
    TRANSFER_KEY,
    TRANSFER_SUMS,
    `SELECT ${row}.transfer_date, ${row}.from_location_id, ${row}.to_location_id, tl.product_id, ${m}COUNT(*), ${m}SUM(tl.quantity_sent), ${m}COALESCE(SUM(tl.quantity_received), 0),
        ${m}COUNT(tl.quantity_received), ${m}SUM(tl.quantity_sent * tl.unit_cost)
      FROM transfer_lines tl WHERE tl.transfer_id = ${row}.id AND ${row}.status <> 'cancelled' GROUP BY tl.product_id`,
    pg,
  );
}

const SALE_COLUMNS =
  'sale_date, location_id, kind, status, payment_status, payment_mode, total_ttc, amount_paid, amount_credited';
const SALE_PAYMENT_COLUMNS = 'sale_date, location_id, kind, status';
const SETTLEMENT_COLUMNS = 'settlement_date, account_id, method, amount, status, source';
const TRANSFER_LINE_COLUMNS = 'transfer_id, product_id, quantity_sent, quantity_received, unit_cost';
const TRANSFER_COLUMNS = 'transfer_date, from_location_id, to_location_id';
const changed = (columns: string) =>
  columns
    .split(', ')
    .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
    .join(' OR ');

/** name → [table, timing and event, WHEN condition (or ''), body]. */
function triggers(pg: boolean): Array<[string, string, string, string, string]> {
  const distinct = (columns: string) =>
    pg ? changed(columns) : changed(columns).replaceAll('IS DISTINCT FROM', 'IS NOT');
  return [
    ['sales_situation_sale_insert', 'sales', 'INSERT', '', saleRow('NEW', 1, pg)],
    [
      'sales_situation_sale_update',
      'sales',
      `UPDATE OF ${SALE_COLUMNS}`,
      distinct(SALE_COLUMNS),
      saleRow('OLD', -1, pg) + saleRow('NEW', 1, pg),
    ],
    [
      'sales_situation_sale_payments_move',
      'sales',
      `UPDATE OF ${SALE_PAYMENT_COLUMNS}`,
      distinct(SALE_PAYMENT_COLUMNS),
      salePayments('OLD', -1, pg) + salePayments('NEW', 1, pg),
    ],
    ['sales_situation_sale_delete', 'sales', 'DELETE', '', saleRow('OLD', -1, pg)],
    ['sales_situation_payment_insert', 'sale_payments', 'INSERT', '', onePayment('NEW', 1, pg)],
    ['sales_situation_payment_delete', 'sale_payments', 'DELETE', '', onePayment('OLD', -1, pg)],
    ['sales_situation_settlement_insert', 'settlements', 'INSERT', '', oneSettlement('NEW', 1, pg)],
    [
      'sales_situation_settlement_update',
      'settlements',
      `UPDATE OF ${SETTLEMENT_COLUMNS}`,
      distinct(SETTLEMENT_COLUMNS),
      oneSettlement('OLD', -1, pg) + oneSettlement('NEW', 1, pg),
    ],
    ['sales_situation_settlement_delete', 'settlements', 'DELETE', '', oneSettlement('OLD', -1, pg)],
    ['sales_situation_transfer_line_insert', 'transfer_lines', 'INSERT', '', oneTransferLine('NEW', 1, pg)],
    [
      'sales_situation_transfer_line_update',
      'transfer_lines',
      `UPDATE OF ${TRANSFER_LINE_COLUMNS}`,
      distinct(TRANSFER_LINE_COLUMNS),
      oneTransferLine('OLD', -1, pg) + oneTransferLine('NEW', 1, pg),
    ],
    ['sales_situation_transfer_line_delete', 'transfer_lines', 'DELETE', '', oneTransferLine('OLD', -1, pg)],
    // A reception changes the status too (in transit → received): only a cancellation (or its undoing), a date or a place moves the lines.
    [
      'sales_situation_transfer_move',
      'transfers',
      `UPDATE OF status, ${TRANSFER_COLUMNS}`,
      `${distinct(TRANSFER_COLUMNS)} OR ${pg ? "(OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')" : "(OLD.status = 'cancelled') IS NOT (NEW.status = 'cancelled')"}`,
      transferLines('OLD', -1, pg) + transferLines('NEW', 1, pg),
    ],
  ];
}

const isPg = (db: Knex) => db.client.config.client === 'pg';

/** The triggers that keep report_sale_days and report_payment_days in the documents' own transactions. */
export async function createSalesSituationTriggers(db: Knex): Promise<void> {
  const pg = isPg(db);
  for (const [name, table, event, when, body] of triggers(pg)) {
    if (pg) {
      await db.raw(
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`,
      );
      await db.raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW ${when ? `WHEN (${when})` : ''} EXECUTE FUNCTION ${name}()`,
      );
    } else
      await db.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} ${when ? `WHEN ${when}` : ''} BEGIN ${body} END`);
  }
}

/** Removes them (a bulk load sets them aside, then rebuilds once: `withoutReportTriggers`). */
export async function dropSalesSituationTriggers(db: Knex): Promise<void> {
  const pg = isPg(db);
  for (const [name, table] of triggers(pg)) {
    if (pg) {
      await db.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
      await db.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    } else await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  }
}

/** Recomputes both summaries from the documents (inside the caller's transaction when given one). */
export async function rebuildSalesSituationDays(
  db: Knex | Knex.Transaction,
): Promise<{ saleDays: number; paymentDays: number; transferDays: number }> {
  await db('report_sale_days').delete();
  await db('report_payment_days').delete();
  await db('report_transfer_days').delete();
  await db.raw(`INSERT INTO report_sale_days (${[...SALE_KEY, ...SALE_SUMS].join(', ')}) ${saleDaysFromSalesSql()}`);
  await db.raw(
    `INSERT INTO report_payment_days (${[...PAYMENT_KEY, ...PAYMENT_SUMS].join(', ')}) ${paymentDaysFromDocumentsSql()}`,
  );
  await db.raw(
    `INSERT INTO report_transfer_days (${[...TRANSFER_KEY, ...TRANSFER_SUMS].join(', ')}) ${transferDaysFromDocumentsSql()}`,
  );
  const count = async (table: string) => Number((await db(table).count({ n: '*' }).first())!.n);
  return {
    saleDays: await count('report_sale_days'),
    paymentDays: await count('report_payment_days'),
    transferDays: await count('report_transfer_days'),
  };
}
