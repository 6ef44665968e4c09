import type { Knex } from 'knex';

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

/** The rows where the summary and the ledger disagree (empty when they agree): for the checks and the tests. */
export async function moneyDaysDifferences(
  db: Knex | Knex.Transaction,
): Promise<Array<{ account_id: number; business_date: string; movement_type: string }>> {
  const rows =
    await db.raw(`SELECT COALESCE(l.account_id, d.account_id) AS account_id, COALESCE(l.business_date, d.business_date) AS business_date, COALESCE(l.movement_type, d.movement_type) AS movement_type
    FROM (${moneyDaysFromLedgerSql()}) l
    FULL OUTER JOIN money_days d ON d.account_id = l.account_id AND d.business_date = l.business_date AND d.movement_type = l.movement_type
    WHERE l.account_id IS NULL OR d.account_id IS NULL OR l.total_in <> d.total_in OR l.total_out <> d.total_out OR l.movement_count <> d.movement_count`);
  const list = (Array.isArray(rows) ? rows : rows.rows) as Array<{
    account_id: number;
    business_date: string;
    movement_type: string;
  }>;
  return list.map((r) => ({
    account_id: Number(r.account_id),
    business_date: r.business_date,
    movement_type: r.movement_type,
  }));
}
