import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../database/migrations/202611250400_settlement_balance_after.js';
import { cancelSale } from '../../../server/services/sales/cancel-sale.js';
import { cancelSettlement } from '../../../server/services/settlements/cancel-settlement.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor } from '../../support/sales.js';
import {
  clientMoney,
  creditClient,
  creditInvoice,
  expectReceivablesConsistent,
  settle,
  settlementInput,
} from '../../support/settlements.js';
import { type StockFixtures, stockFixtures } from '../../support/stock.js';
import { deskAccount } from '../../support/treasury.js';
import { printOut } from '../../support/print.js';

/**
 * A settlement's receipt shows the client's balance and advance as that settlement left them —
 * reprinted later (DUPLICATA) too, whatever happened since — stored at creation
 * (settlements.balance_after / advance_after); the migration's backfill finds the same figures
 * for settlements recorded before it.
 */
describe.each(testDatabases())('settlement receipt balance (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let desk: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
    desk = await deskAccount(t.db, 'CAI01');
  });
  afterAll(() => t.close());

  const receipt = async (id: number) => (await printOut(admin, route('settlements.print', { id }))).body.props;

  it('the reprint shows the balance after that settlement, not the current one; DUPLICATA unchanged', async () => {
    const c = await creditClient(t.db);
    const inv = await creditInvoice(t.db, f, c, 9_000);
    const first = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 4_000,
        accountId: desk,
        allocations: [{ saleId: inv.id, amount: 4_000 }],
      }),
    );
    const original = await receipt(first.id);
    expect(original.settlement).toMatchObject({ balance_after: 5_000, advance_after: 0 });
    expect(original.copy).toMatchObject({ duplicata: false });
    await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 7_000,
        accountId: desk,
        allocations: [{ saleId: inv.id, amount: 5_000 }],
      }),
    );
    expect(await clientMoney(t.db, c)).toEqual({ balance: -2_000, advance: 2_000 });
    const reprint = await receipt(first.id);
    expect(reprint.settlement).toMatchObject({
      balance_after: 5_000,
      advance_after: 0,
      client: { balance: -2_000, advance: 2_000 },
    });
    expect(reprint.copy).toMatchObject({ duplicata: true, reprint: 1 });
  });

  it('the backfill gives the settlements recorded before it the figures they were validated with', async () => {
    const actor = await adminActor(t.db);
    const c = await creditClient(t.db);
    const a = await creditInvoice(t.db, f, c, 10_000);
    const b = await creditInvoice(t.db, f, c, 6_000);
    const ids: number[] = [];
    const pay = async (
      amount: number,
      allocations: Array<{ saleId: number; amount: number }>,
      source: 'payment' | 'advance' = 'payment',
    ) =>
      ids.push(
        (
          await settle(
            t.db,
            settlementInput({
              clientId: c,
              amount,
              source,
              accountId: source === 'payment' ? desk : null,
              method: source === 'payment' ? 'especes' : null,
              allocations,
            }),
          )
        ).id,
      );
    await pay(3_000, [{ saleId: a.id, amount: 3_000 }]);
    await pay(9_000, [{ saleId: a.id, amount: 7_000 }]); // 2 000 kept as advance
    await pay(1_500, [{ saleId: b.id, amount: 1_500 }], 'advance');
    const cancelled = ids[0];
    const version = Number((await t.db('settlements').where({ id: cancelled }).first('version'))!.version);
    await cancelSettlement(t.db, cancelled, { reason: 'Saisie en double', version }, actor);
    const c2 = await creditInvoice(t.db, f, c, 2_500);
    await pay(1_000, [{ saleId: b.id, amount: 1_000 }]);
    await cancelSale(t.db, c2.id, { reason: 'Erreur', version: 1 }, actor);
    await expectReceivablesConsistent(t.db, [c]);
    const recorded = async () =>
      (
        await t.db('settlements').where({ client_id: c }).orderBy('id').select('id', 'balance_after', 'advance_after')
      ).map((r) => [Number(r.id), Number(r.balance_after), Number(r.advance_after)]);
    const atCreation = await recorded();
    expect(atCreation).toHaveLength(4);
    await down(t.db);
    await up(t.db);
    expect(await recorded()).toEqual(atCreation);
  });
});
