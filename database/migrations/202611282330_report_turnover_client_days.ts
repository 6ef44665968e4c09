import type { Knex } from 'knex';
import {
  createTurnoverClientDaysTriggers,
  dropTurnoverClientDaysTriggers,
  rebuildTurnoverClientDays,
} from './frozen/turnover-client-days.js';

/**
 * Chiffre d'affaires at scale (issue 17): `report_turnover_client_days`, the events of the report
 * (a sale on its date, a cancellation on its cancellation date, a validated credit note on its
 * date) summed per (day, location, kind of sale, client): `events` (raw events), `sold` (sales),
 * `gross`, `returns`, `cost` — what turnover.ts's global, daily and by-client views and the
 * dashboard's sales figures and chart sum. A year of the large data set is ~45 000 rows instead
 * of 200 000 sales (the counter sales of a day share the walk-in client). Kept by triggers on
 * sales and credit_notes in the documents' own transactions, rebuilt here and by `npm run
 * reports:rebuild`: server/db/turnover-client-days.ts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('report_turnover_client_days', (t) => {
    t.string('day', 10).notNullable();
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('kind', 10).notNullable();
    t.integer('client_id').notNullable().references('id').inTable('clients');
    t.integer('events').notNullable().defaultTo(0);
    t.integer('sold').notNullable().defaultTo(0);
    t.bigInteger('gross').notNullable().defaultTo(0);
    t.bigInteger('returns').notNullable().defaultTo(0);
    t.bigInteger('cost').notNullable().defaultTo(0);
    t.primary(['day', 'location_id', 'kind', 'client_id']);
  });
  await createTurnoverClientDaysTriggers(db);
  await rebuildTurnoverClientDays(db);
}

export async function down(db: Knex): Promise<void> {
  await dropTurnoverClientDaysTriggers(db);
  await db.schema.dropTable('report_turnover_client_days');
}
