import { describe, expect, it } from 'vitest';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { businessDate } from '../../../server/domain/dates.js';
import { ROUTES } from '../../../shared/routes.js';
import { Client } from '../../support/app.js';
import { fundedDesk } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { idempotencyKey, lastNumber } from '../../support/stock.js';
import { listeningSuite, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, expectCashConsistent } from '../../support/treasury.js';

const today = () => businessDate('Africa/Abidjan');

/**
 * Décaissements under parallel load, through the real HTTP stack on a real port with 20 logged-in
 * sessions (as many cashiers at one desk): the desk holds 10 × the expense, so exactly 10 pass,
 * the 10 others are refused on their amount field by the balance, the CAI numbers stay gap-free
 * and the balance equals its ledger.
 */
describe.each(testDatabases())('20 parallel expenses on one desk (%s)', (kind) => {
  const suite = listeningSuite(kind);

  it(
    'a desk whose balance covers 10 expenses: exactly 10 recorded, 10 refused by the balance, numbers without gap',
    { timeout: 180_000 },
    async () => {
      const { t, server } = suite;
      const admin = new Client(t);
      await admin.login();
      const { desk, category } = await fundedDesk(t.db, admin, { code: 'P', name: 'Caisse parallèle', funds: 25_000 });
      expect(await balanceOf(t.db, desk)).toBe(25_000);
      const year = today().slice(0, 4);
      const before = await lastNumber(t.db, 'CAI', year);

      const clients = await loggedInClients(server, 20);
      const results = await Promise.all(
        clients.map((c, i) =>
          c.post(
            ROUTES['cashOperations.index'],
            {
              idempotency_key: idempotencyKey(),
              kind: 'expense',
              amount: 2_500,
              from_account_id: desk,
              expense_category_id: category,
              beneficiary: `Livreur ${i + 1}`,
            },
            { Referer: `${server.url}/operations/caisse` },
          ),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(303));
      const succeeded = results.map((r) => /^\/operations\/caisse\/operations\/\d+$/.test(r.headers.location));
      expect(succeeded.filter(Boolean)).toHaveLength(10);
      const messages = await Promise.all(
        clients.map(async (c, i) =>
          succeeded[i] ? null : (await c.visit('/operations/caisse')).body.props.errors?.amount,
        ),
      );
      const refused = messages.filter((m) => m !== null);
      expect(refused).toHaveLength(10);
      for (const m of refused)
        expect(m).toMatch(
          /^La caisse « Caisse parallèle .* » ne contient que 0\sFCFA : impossible d’en sortir 2\s500\sFCFA\.$/,
        );

      expect(await balanceOf(t.db, desk)).toBe(0);
      const expenses = await t
        .db('cash_operations')
        .where({ from_account_id: desk, kind: 'expense' })
        .orderBy('number')
        .select('number', 'amount');
      expect(expenses).toHaveLength(10);
      expect(expenses.map((e) => e.number)).toEqual(
        Array.from({ length: 10 }, (_, i) => formatDocumentNumber('CAI', Number(year), before + i + 1)),
      );
      expect(await lastNumber(t.db, 'CAI', year)).toBe(before + 10);
      await expectCashConsistent(t.db);
    },
  );
});
