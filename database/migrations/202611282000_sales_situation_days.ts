import type { Knex } from 'knex';
import {
  createSalesSituationTriggers,
  dropSalesSituationTriggers,
  rebuildSalesSituationDays,
} from './frozen/sales-situation-days.js';

/**
 * Situation des ventes over a year (issue 17, ≤ 300 ms on SQLite and PostgreSQL): the « situation
 * des factures » and the « situation des paiements » grouped ≈ 200 000 sales (and joined their
 * payments) on each view — 270 to 410 ms of SQL on SQLite, a sort of every sale by status and mode.
 * Two day summaries kept by triggers in the documents' own transactions (server/db/sales-situation-days.ts):
 *
 * - `report_sale_days`: per (sale date, location, kind, status, payment status, payment mode) the
 *   number of sales, total_ttc, amount_paid, amount_credited and what they still owe, as the sales
 *   stand now (a settlement or a cancellation moves a sale from one group to another);
 * - `report_payment_days`: per (day, origin, location, account, kind, method) the number and the sum
 *   of the payments received at validated sales (origin 'sale', on the sale's date and location) and
 *   of the validated money settlements (origin 'settlement', on their date and account).
 *
 * - `report_transfer_days`: per (transfer date, source, destination, product) the lines of the
 *   transfers not cancelled (count, sent, received and how many lines have a received quantity,
 *   value at CMUP), read in (source, destination, product) order through its covering index, so
 *   « produits transférés » no longer sorts every line of a year (≈ 150 000) to group them.
 *
 * A year of the large set is ≈ 1 000, ≈ 4 000 and ≈ 150 000 rows. `npm run reports:rebuild` recomputes them; the demo seed
 * sets the triggers aside during its bulk load and rebuilds once (withoutReportTriggers).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('report_sale_days', (t) => {
    t.string('day', 10).notNullable();
    t.integer('location_id').notNullable();
    t.string('kind', 10).notNullable();
    t.string('status', 12).notNullable();
    t.string('payment_status', 10).notNullable();
    t.string('payment_mode', 10).notNullable();
    t.bigInteger('sale_count').notNullable().defaultTo(0);
    t.bigInteger('total_ttc').notNullable().defaultTo(0);
    t.bigInteger('amount_paid').notNullable().defaultTo(0);
    t.bigInteger('amount_credited').notNullable().defaultTo(0);
    t.bigInteger('remaining').notNullable().defaultTo(0);
    t.primary(['day', 'location_id', 'kind', 'status', 'payment_status', 'payment_mode']);
  });
  await db.schema.createTable('report_payment_days', (t) => {
    t.string('day', 10).notNullable();
    t.string('origin', 10).notNullable();
    t.integer('location_id').notNullable();
    t.integer('account_id').notNullable();
    t.string('kind', 10).notNullable();
    t.string('method', 20).notNullable();
    t.bigInteger('payment_count').notNullable().defaultTo(0);
    t.bigInteger('amount').notNullable().defaultTo(0);
    t.primary(['day', 'origin', 'location_id', 'account_id', 'kind', 'method']);
  });
  await db.schema.createTable('report_transfer_days', (t) => {
    t.string('day', 10).notNullable();
    t.integer('from_location_id').notNullable();
    t.integer('to_location_id').notNullable();
    t.integer('product_id').notNullable();
    t.bigInteger('line_count').notNullable().defaultTo(0);
    t.bigInteger('sent').notNullable().defaultTo(0);
    t.bigInteger('received').notNullable().defaultTo(0);
    t.bigInteger('received_lines').notNullable().defaultTo(0);
    t.bigInteger('value').notNullable().defaultTo(0);
    // Keyed and read in (source, destination, product) order — « produits transférés » groups by it,
    // so no sort of every line; no index starts with the day (SQLite would take it for a year and sort).
    t.primary(['from_location_id', 'to_location_id', 'product_id', 'day']);
  });
  await db.schema.alterTable('report_transfer_days', (t) =>
    t.index(
      [
        'from_location_id',
        'to_location_id',
        'product_id',
        'day',
        'line_count',
        'sent',
        'received',
        'received_lines',
        'value',
      ],
      'report_transfer_days_pair',
    ),
  );
  await createSalesSituationTriggers(db);
  await rebuildSalesSituationDays(db);
}

export async function down(db: Knex): Promise<void> {
  await dropSalesSituationTriggers(db);
  await db.schema.dropTableIfExists('report_transfer_days');
  await db.schema.dropTableIfExists('report_payment_days');
  await db.schema.dropTableIfExists('report_sale_days');
}
