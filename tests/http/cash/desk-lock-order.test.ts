import { describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { ROUTES } from '../../../shared/routes.js';
import { Client } from '../../support/app.js';
import { fundedDesk } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { makeClient } from '../../support/sales.js';
import { idempotencyKey } from '../../support/stock.js';
import { listeningSuite, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, expectCashConsistent } from '../../support/treasury.js';

/**
 * Documents of different series writing into one desk at the same moment, through the real HTTP
 * stack on a real port: client settlements paid into the desk, décaissements out of it. Each
 * document's row references the desk (a foreign key: a KEY SHARE lock on PostgreSQL) before its
 * money is posted under the desk's FOR UPDATE lock; unless the desk is locked first, two writers of
 * different series deadlock and one answers 500 (found by `npm run drill`'s load step, 2 cashiers).
 */
describe.each(testDatabases())('settlements and expenses at once on one desk (%s)', (kind) => {
  const suite = listeningSuite(kind);

  it('every one is recorded, none answers 500, the desk balance equals its ledger', { timeout: 180_000 }, async () => {
    const { t, server } = suite;
    const admin = new Client(t);
    await admin.login();
    const { desk, category } = await fundedDesk(t.db, admin, { code: 'L', name: 'Caisse croisée', funds: 100_000 });
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const today = businessDate('Africa/Abidjan');

    const sessions = await loggedInClients(server, 24);
    const results = await Promise.all(
      sessions.map((c, i) =>
        i % 2 === 0
          ? c.post(ROUTES['settlements.index'], {
              idempotency_key: idempotencyKey(),
              client_id: client,
              settlement_date: today,
              source: 'payment',
              method: 'especes',
              account_id: desk,
              amount: 1_000,
              allocation_mode: 'chosen',
              allocations: [],
              note: '',
            })
          : c.post(ROUTES['cashOperations.index'], {
              idempotency_key: idempotencyKey(),
              kind: 'expense',
              amount: 500,
              from_account_id: desk,
              expense_category_id: category,
              beneficiary: `Livreur ${i}`,
            }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(303));
    expect(
      results.filter((r, i) =>
        (i % 2 === 0 ? /^\/operations\/reglement\/\d+$/ : /^\/operations\/caisse\/operations\/\d+$/).test(
          r.headers.location,
        ),
      ),
    ).toHaveLength(24);
    expect(Number((await t.db('settlements').where({ account_id: desk }).count({ n: '*' }).first())!.n)).toBe(12);
    expect(await balanceOf(t.db, desk)).toBe(100_000 + 12 * 1_000 - 12 * 500);
    await expectCashConsistent(t.db);
  });
});
