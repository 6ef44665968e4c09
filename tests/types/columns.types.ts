/*
 * Checked by `npm run typecheck` (tsc), never run: each @ts-expect-error line must fail to
 * compile, so a column renamed in a migration (and in server/db/tables.generated.ts) breaks every
 * query still naming the old one.
 */
import type { Knex } from 'knex';

export async function wrongColumns(db: Knex) {
  // @ts-expect-error sales has no column « totl_ttc »
  await db('sales').where({ totl_ttc: 0 });
  // @ts-expect-error an insert names the table's columns only
  await db('clients').insert({ name: 'X', solde: 0 });
  const sale = await db('sales').where({ id: 1 }).first('number', 'total_ttc');
  // @ts-expect-error a column not selected is not on the row
  void sale?.client_id;
  // @ts-expect-error the row may be missing: .first() answers undefined then
  void sale.number;
  const account = await db('treasury_accounts').where({ id: 1 }).first('kind');
  // @ts-expect-error treasury_accounts.kind is one of the treasury kinds
  if (account?.kind === 'coffre') return;
  const ok: string | undefined = sale?.number;
  return ok;
}
