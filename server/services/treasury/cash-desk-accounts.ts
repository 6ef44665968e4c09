import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';

/**
 * A cash desk is a treasury account of kind caisse (DESIGN.md §3: one money ledger for cash desks,
 * bank and mobile-money accounts). The desk row holds what the desk is (code, name, location, main
 * desk); its treasury account holds its balance and its ledger. This keeps the account in step with
 * the desk, in the desk's own transaction.
 */
export async function syncCashDeskAccount(trx: Knex.Transaction, deskId: number): Promise<void> {
  const desk = await trx('cash_desks').where({ id: deskId }).first('id', 'code', 'name', 'location_id', 'active');
  if (!desk) return;
  const now = nowIso();
  const fields = {
    code: desk.code,
    name: desk.name,
    location_id: desk.location_id,
    active: desk.active,
    updated_at: now,
  };
  const updated = await trx('treasury_accounts').where({ cash_desk_id: deskId }).update(fields);
  if (!updated)
    await trx('treasury_accounts').insert({
      ...fields,
      kind: 'caisse',
      cash_desk_id: deskId,
      balance: 0,
      created_at: now,
    });
}

/** Removes the account of a desk being deleted; the caller has checked that it has no movement. */
export async function deleteCashDeskAccount(trx: Knex.Transaction, deskId: number): Promise<void> {
  await trx('treasury_accounts').where({ cash_desk_id: deskId }).delete();
}

/** The treasury account that holds a desk's cash. */
export async function cashDeskAccountId(db: Knex | Knex.Transaction, deskId: number): Promise<number | null> {
  const row = await db('treasury_accounts').where({ cash_desk_id: deskId }).first('id');
  return row ? Number(row.id) : null;
}
