import type { Knex } from 'knex';
// Frozen copy (README.md in this folder) of server/db/money-days.ts as of 2026-12-01: never edit.

/**
 * The money ledger's day summary (migration 202611250000_money_days): per treasury account, business
 * date and movement type, what came in, what went out and how many movements — kept by a trigger
 * of the database itself in the very transaction that appends to money_movements (every service
 * through postMoneyMovements, and the demo seed's bulk inserts alike, SQLite and PostgreSQL).
 * money_movements is append-only, so an insert trigger is all it takes.
 *
 * The closing screen, the situation de caisse and the balances at a date read it instead of the
 * ledger's rows: a year of a busy desk is ~5 000 summary rows instead of ~150 000 movements.
 * `rebuildMoneyDays` recomputes it from the ledger (the migration, `npm run reports:rebuild`, the
 * tests that prove the trigger right: tests/http/cash/money-days.property.test.ts).
 */

/** The ledger grouped as the summary holds it. */
export function moneyDaysFromLedgerSql(): string {
  return `SELECT account_id, business_date, movement_type,
      SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS total_in,
      SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS total_out,
      COUNT(*) AS movement_count
    FROM money_movements GROUP BY account_id, business_date, movement_type`;
}

/** Recomputes the summary from the ledger in one transaction (readers see the old or the new rows, never half). */
export async function rebuildMoneyDays(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    await trx('money_days').delete();
    await trx.raw(
      `INSERT INTO money_days (account_id, business_date, movement_type, total_in, total_out, movement_count) ${moneyDaysFromLedgerSql()}`,
    );
    return Number((await trx('money_days').count({ n: '*' }).first())!.n);
  });
}
