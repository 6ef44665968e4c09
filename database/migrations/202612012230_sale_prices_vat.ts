import type { Knex } from 'knex';
// The triggers with the VAT (up) are frozen copies of server/db's of this day; the ones down puts back, those of before.
import {
  createReportTriggers,
  dropReportTriggers,
  rebuildReportSummaries,
} from './frozen/report-summaries-202612012230.js';
import {
  createTurnoverClientDaysTriggers,
  dropTurnoverClientDaysTriggers,
  rebuildTurnoverClientDays,
} from './frozen/turnover-client-days-202612012230.js';
import { createReportTriggers as createReportTriggersBefore } from './frozen/report-summaries.js';
import { createTurnoverClientDaysTriggers as createTurnoverClientDaysTriggersBefore } from './frozen/turnover-client-days.js';

/**
 * Sale prices typed VAT included or excluded (issue 34), and margins VAT excluded:
 * - company_settings.prices_include_vat (true: TTC, what every sale was until now; false: HT, the
 *   VAT added on top) — each sale keeps it in its own prices_include_vat;
 * - sale_lines.vat_amount: the line's share of its document's VAT (largest remainder, the shares
 *   add up to sales.vat_amount), so a line's HT and TTC — and what a product sold VAT excluded —
 *   add up to the document's; credit_note_lines.vat_amount / credit_notes.vat_amount: the VAT of
 *   what a credit note refunds (its line's share, in proportion to the units returned);
 * - the report summaries carry the VAT of what was sold (report_sales_days.vat and its running
 *   total cum_vat, report_sales_months.vat, report_turnover_client_days.vat), read by Chiffre
 *   d'affaires, Situation des ventes and the dashboard for their margins; their covering indexes
 *   hold it too.
 * Sales made before had their VAT on the document only: it is spread over their lines here. The
 * summaries are rebuilt only when some sale carries VAT (their new columns' 0 is right otherwise).
 * The triggers installed are those of server/db/report-summaries.ts and turnover-client-days.ts
 * with the VAT, frozen in frozen/*-202612012230.ts; down puts back the ones of before (frozen/).
 */

/** The same largest-remainder share as server/domain/pricing allocateDocumentDiscount (copied: a migration keeps its own arithmetic). */
function shares(amounts: bigint[], total: bigint): bigint[] {
  const sum = amounts.reduce((s, n) => s + n, 0n);
  if (total === 0n || sum === 0n) return amounts.map(() => 0n);
  const out = amounts.map((n) => (n * total) / sum);
  let left = total - out.reduce((s, n) => s + n, 0n);
  const order = amounts
    .map((n, i) => ({ i, rem: (n * total) % sum }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    out[i] += 1n;
    left -= 1n;
  }
  return out;
}

async function spreadExistingVat(db: Knex): Promise<boolean> {
  const sales = await db('sales').where('vat_amount', '>', 0).select('id', 'vat_amount');
  for (const sale of sales) {
    const lines = await db('sale_lines')
      .where({ sale_id: sale.id })
      .orderBy('position')
      .select('id', 'net', 'allocated_discount', 'quantity');
    const vat = shares(
      lines.map((l) => BigInt(l.net) - BigInt(l.allocated_discount)),
      BigInt(sale.vat_amount),
    );
    for (const [i, l] of lines.entries()) {
      await db('sale_lines')
        .where({ id: l.id })
        .update({ vat_amount: Number(vat[i]) });
      // Its credit notes' lines, in the order they were made: the cumulative proportion of the
      // line's VAT (floor(vat × returned so far / sold), as refundAmount does for the amount).
      let before = 0n;
      const sold = BigInt(l.quantity);
      const returned = await db('credit_note_lines')
        .where({ sale_line_id: l.id })
        .orderBy('id')
        .select('id', 'quantity');
      for (const r of returned) {
        const after = before + BigInt(r.quantity);
        const part = sold > 0n ? (vat[i] * after) / sold - (vat[i] * before) / sold : 0n;
        await db('credit_note_lines')
          .where({ id: r.id })
          .update({ vat_amount: Number(part) });
        before = after;
      }
    }
  }
  if (sales.length) {
    const totals = (await db('credit_note_lines')
      .groupBy('credit_note_id')
      .select('credit_note_id')
      .sum({ vat: 'vat_amount' })
      .having(db.raw('SUM(vat_amount) <> 0'))) as Array<{ credit_note_id: number; vat: number | string }>;
    for (const t of totals)
      await db('credit_notes')
        .where({ id: t.credit_note_id })
        .update({ vat_amount: Number(t.vat) });
  }
  return sales.length > 0;
}

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('company_settings', (t) => t.boolean('prices_include_vat').notNullable().defaultTo(true));
  await db.schema.alterTable('sale_lines', (t) => t.bigInteger('vat_amount').notNullable().defaultTo(0));
  await db.schema.alterTable('credit_note_lines', (t) => t.bigInteger('vat_amount').notNullable().defaultTo(0));
  await db.schema.alterTable('credit_notes', (t) => t.bigInteger('vat_amount').notNullable().defaultTo(0));
  const vatSold = await spreadExistingVat(db);

  await dropReportTriggers(db);
  await dropTurnoverClientDaysTriggers(db);
  await db.schema.alterTable('report_sales_days', (t) => {
    t.bigInteger('vat').notNullable().defaultTo(0);
    t.bigInteger('cum_vat').notNullable().defaultTo(0);
  });
  await db.schema.alterTable('report_sales_months', (t) => t.bigInteger('vat').notNullable().defaultTo(0));
  await db.schema.alterTable('report_turnover_client_days', (t) => t.bigInteger('vat').notNullable().defaultTo(0));
  // The covering indexes the reports read a period's totals from, with the VAT.
  await db.raw('DROP INDEX IF EXISTS report_sales_days_pair');
  await db.schema.alterTable('report_sales_days', (t) =>
    t.index(
      ['product_id', 'location_id', 'day', 'cum_quantity', 'cum_sales', 'cum_cost', 'cum_vat'],
      'report_sales_days_pair',
    ),
  );
  await db.raw('DROP INDEX IF EXISTS report_sales_months_product');
  await db.schema.alterTable('report_sales_months', (t) =>
    t.index(['month', 'product_id', 'location_id', 'quantity', 'sales', 'cost', 'vat'], 'report_sales_months_product'),
  );
  await createReportTriggers(db);
  await createTurnoverClientDaysTriggers(db);
  if (vatSold) {
    await rebuildReportSummaries(db);
    await rebuildTurnoverClientDays(db);
  }
}

export async function down(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await dropTurnoverClientDaysTriggers(db);
  await db.raw('DROP INDEX IF EXISTS report_sales_days_pair');
  await db.raw('DROP INDEX IF EXISTS report_sales_months_product');
  await db.schema.alterTable('report_sales_days', (t) => {
    t.dropColumn('vat');
    t.dropColumn('cum_vat');
  });
  await db.schema.alterTable('report_sales_months', (t) => t.dropColumn('vat'));
  await db.schema.alterTable('report_turnover_client_days', (t) => t.dropColumn('vat'));
  await db.schema.alterTable('report_sales_days', (t) =>
    t.index(['product_id', 'location_id', 'day', 'cum_quantity', 'cum_sales', 'cum_cost'], 'report_sales_days_pair'),
  );
  await db.schema.alterTable('report_sales_months', (t) =>
    t.index(['month', 'product_id', 'location_id', 'quantity', 'sales', 'cost'], 'report_sales_months_product'),
  );
  for (const table of ['credit_notes', 'credit_note_lines', 'sale_lines'] as const)
    await db.schema.alterTable(table, (t) => t.dropColumn('vat_amount'));
  await db.schema.alterTable('company_settings', (t) => t.dropColumn('prices_include_vat'));
  await createReportTriggersBefore(db);
  await createTurnoverClientDaysTriggersBefore(db);
}
