import type { Knex } from 'knex';
import { withSearchName } from '../../db/search.js';
import { nowIso } from '../../db/dialect.js';
import { syncCashDeskAccount } from '../treasury/cash-desk-accounts.js';
import { seedExpenseCategories } from '../cash/expense-categories.js';

/**
 * Reference data every install needs from the first start: the company row, "Dépôt principal",
 * "Boutique 1", their cash desks (with their treasury accounts), the built-in walk-in client and the expense categories. Idempotent.
 */
export async function seedReference(db: Knex): Promise<void> {
  const now = nowIso();
  await db.transaction(async (trx) => {
    if (!(await trx('company_settings').where({ id: 1 }).first('id'))) {
      await trx('company_settings').insert({ id: 1, name: 'Ma Société', updated_at: now });
    }
    if ((await trx('locations').count<{ n: number }[]>({ n: '*' }))[0].n == 0) {
      await trx('locations').insert([
        { code: 'DEP01', name: 'Dépôt principal', kind: 'depot', created_at: now, updated_at: now },
        { code: 'BTQ01', name: 'Boutique 1', kind: 'boutique', created_at: now, updated_at: now },
      ]);
      // Both inserted just above, in this transaction.
      const depot = (await trx('locations').where({ code: 'DEP01' }).first('id'))!;
      const shop = (await trx('locations').where({ code: 'BTQ01' }).first('id'))!;
      await trx('cash_desks').insert([
        {
          code: 'CAI01',
          name: 'Caisse principale',
          location_id: depot.id,
          is_main: true,
          created_at: now,
          updated_at: now,
        },
        {
          code: 'CAI02',
          name: 'Caisse Boutique 1',
          location_id: shop.id,
          is_main: false,
          created_at: now,
          updated_at: now,
        },
      ]);
      for (const desk of await trx('cash_desks').select('id')) await syncCashDeskAccount(trx, Number(desk.id));
    }
    if (!(await trx('clients').where({ is_walk_in: true }).first('id'))) {
      await trx('clients').insert(
        withSearchName({
          code: 'CL00000',
          name: 'CLIENT COMPTANT',
          kind: 'particulier' as const,
          is_walk_in: true,
          credit_limit: 0,
          created_at: now,
          updated_at: now,
        }),
      );
    }
    await seedExpenseCategories(trx);
  });
}
