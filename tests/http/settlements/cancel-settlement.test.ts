import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { NotFound, type Refusal } from '../../../server/domain/errors.js';
import { cancelSale } from '../../../server/services/sales/cancel-sale.js';
import { cancelSettlement } from '../../../server/services/settlements/cancel-settlement.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor, line, mobilePayment, saleInput, sell, walkInClient } from '../../support/sales.js';
import {
  clientMoney,
  creditClient,
  creditInvoice,
  expectReceivablesConsistent,
  orangeMoney,
  saleMoney,
  settle,
  settlementInput,
} from '../../support/settlements.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { type ListeningApp, listen, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => e as Refusal,
  );

/**
 * Annulations › Règlements (issue 15): cancelSettlement through the service and the screen — the
 * allocations, the money (a new movement dated today), the advance, the invoices' remaining and
 * the client's balance reversed; refusals (advance already spent, already cancelled, stale page,
 * a wallet that cannot pay back); the invoice cancelled once its last settlement is; a
 * cancellation racing a settlement of the same invoice over real HTTP; check:stock / check:cash
 * and the receivables consistent after each test.
 */
describe.each(testDatabases())('cancelSettlement — Annulations › Règlements (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let wallet: number;
  const clients: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
    await expectReceivablesConsistent(t.db, clients);
  });

  const client = async () => {
    const id = await creditClient(t.db);
    clients.push(id);
    return id;
  };
  const versionOf = async (id: number, table = 'settlements') =>
    Number((await t.db(table).where({ id }).first('version')).version);
  const cancel = async (id: number, reason = 'Règlement saisi sur le mauvais client') =>
    cancelSettlement(t.db, id, { reason, version: await versionOf(id) }, await adminActor(t.db));
  const desk = () => deskAccount(t.db, 'CAI02');

  it('a cash payment over two invoices with an advance: every effect reversed, the money by a new movement dated today', async () => {
    const c = await client();
    const a = await creditInvoice(t.db, f, c, 10_000);
    const b = await creditInvoice(t.db, f, c, 5_000);
    const cash = await desk();
    const before = { desk: await balanceOf(t.db, cash), client: await clientMoney(t.db, c) };
    const s = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 18_000,
        accountId: cash,
        allocations: [
          { saleId: a.id, amount: 10_000 },
          { saleId: b.id, amount: 5_000 },
        ],
      }),
    );
    expect(await clientMoney(t.db, c)).toEqual({ balance: before.client.balance - 18_000, advance: 3_000 });
    const result = await cancel(s.id);
    expect(result).toMatchObject({ number: s.number, refunded: 18_000, invoices: [a.number, b.number] });
    expect(await balanceOf(t.db, cash)).toBe(before.desk);
    expect(await clientMoney(t.db, c)).toEqual(before.client);
    expect(await saleMoney(t.db, a.id)).toEqual({ paid: 0, status: 'unpaid', remaining: 10_000 });
    expect(await saleMoney(t.db, b.id)).toEqual({ paid: 0, status: 'unpaid', remaining: 5_000 });
    const moves = await t.db('money_movements').where({ document_type: 'settlement', document_id: s.id }).orderBy('id');
    expect(moves.map((m) => [m.movement_type, Number(m.amount), m.business_date])).toEqual([
      ['settlement', 18_000, '2026-03-15'],
      ['settlement_cancel', -18_000, today()],
    ]);
    const row = (await t.db('settlements').where({ id: s.id }).first())!;
    expect([row.status, row.cancelled_on, row.cancel_reason]).toEqual([
      'cancelled',
      today(),
      'Règlement saisi sur le mauvais client',
    ]);
    // The allocations stay for the history, reversed.
    expect(
      (await t.db('settlement_allocations').where({ settlement_id: s.id })).map((x) => x.cancelled_at !== null),
    ).toEqual([true, true]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'settlement.cancelled', subject_id: String(s.id) })
        .first('id'),
    ).toBeTruthy();
  });

  it('a partial payment: the invoice goes back from partly paid to its earlier state, not further', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 10_000);
    const first = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 4_000,
        accountId: await desk(),
        allocations: [{ saleId: inv.id, amount: 4_000 }],
      }),
    );
    const second = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 6_000,
        accountId: wallet,
        ...orangeMoney(`MP${uniqueTag()}`),
        allocations: [{ saleId: inv.id, amount: 6_000 }],
      }),
    );
    expect((await saleMoney(t.db, inv.id)).status).toBe('paid');
    await cancel(second.id);
    expect(await saleMoney(t.db, inv.id)).toEqual({ paid: 4_000, status: 'partial', remaining: 6_000 });
    expect((await t.db('settlements').where({ id: first.id }).first('status'))!.status).toBe('validated');
  });

  it('spending of the advance: the advance comes back, no money moves', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 5_000);
    await settle(t.db, settlementInput({ clientId: c, amount: 5_000, accountId: await desk(), allocations: [] }));
    const spent = await settle(
      t.db,
      settlementInput({
        clientId: c,
        source: 'advance',
        method: null,
        amount: 5_000,
        allocations: [{ saleId: inv.id, amount: 5_000 }],
      }),
    );
    const before = await clientMoney(t.db, c);
    expect(before.advance).toBe(0);
    const result = await cancel(spent.id);
    expect(result.refunded).toBe(0);
    expect(await clientMoney(t.db, c)).toEqual({ balance: before.balance, advance: 5_000 });
    expect(await saleMoney(t.db, inv.id)).toMatchObject({ paid: 0, remaining: 5_000 });
    expect(await t.db('money_movements').where({ document_type: 'settlement', document_id: spent.id })).toEqual([]);
  });

  it('refuses a payment whose advance was already spent; allowed once the spending is cancelled', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 3_000);
    const paid = await settle(
      t.db,
      settlementInput({ clientId: c, amount: 4_000, accountId: await desk(), allocations: [] }),
    );
    const spent = await settle(
      t.db,
      settlementInput({
        clientId: c,
        source: 'advance',
        method: null,
        amount: 3_000,
        allocations: [{ saleId: inv.id, amount: 3_000 }],
      }),
    );
    const err = await refusal(cancel(paid.id));
    expect(err?.errors.settlement).toMatch(
      /^Ce règlement a laissé 4\s000\sFCFA d’acompte à « .+ », qui n’en a plus que 1\s000\sFCFA : l’acompte a déjà servi\. Annulez d’abord le règlement qui l’a utilisé\.$/,
    );
    expect((await t.db('settlements').where({ id: paid.id }).first('status'))!.status).toBe('validated');
    // The screen says so on the row.
    const row = (await admin.visit(`${route('settlements.cancellations')}?q=${paid.number}`)).body.props.settlements
      .data[0];
    expect(row.blocked).toMatch(/l’acompte a déjà servi/);
    await cancel(spent.id);
    await cancel(paid.id);
    expect(await clientMoney(t.db, c)).toMatchObject({ advance: 0 });
  });

  it('refuses an already cancelled settlement, a stale page, an unknown one; a wallet that cannot pay back is named, nothing written', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 2_000);
    const s = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 2_000,
        accountId: wallet,
        ...orangeMoney(`MP${uniqueTag()}`),
        allocations: [{ saleId: inv.id, amount: 2_000 }],
      }),
    );
    const stale = await versionOf(s.id);
    // The wallet's money was moved out meanwhile.
    const held = await balanceOf(t.db, wallet);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: wallet, amount: -held, movementType: 'transfer_out', paymentMethod: 'mobile_money' }],
        { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: today() },
      ),
    );
    const err = await refusal(cancel(s.id));
    expect(err?.errors.settlement).toMatch(/ne contient que 0\sFCFA : impossible d’en sortir 2\s000\sFCFA/);
    expect(await saleMoney(t.db, inv.id)).toMatchObject({ paid: 2_000, status: 'paid' });
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: wallet, amount: held, movementType: 'transfer_in', paymentMethod: 'mobile_money' }],
        { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: today() },
      ),
    );
    expect(
      (
        await refusal(
          cancelSettlement(t.db, s.id, { reason: 'Erreur de saisie', version: stale + 3 }, await adminActor(t.db)),
        )
      )?.errors.version,
    ).toMatch(/a été modifié entre-temps/);
    await cancel(s.id);
    expect((await refusal(cancel(s.id)))?.errors.reason).toBe(`Le règlement ${s.number} est déjà annulé.`);
    await expect(
      cancelSettlement(t.db, 99_999_999, { reason: 'Erreur de saisie', version: 1 }, await adminActor(t.db)),
    ).rejects.toBeInstanceOf(NotFound);
  });

  it('frees its mobile-money transaction id: the same id may be entered again', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 2_000);
    const reference = `MP${uniqueTag()}`;
    const s = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 2_000,
        accountId: wallet,
        ...orangeMoney(reference),
        allocations: [{ saleId: inv.id, amount: 2_000 }],
      }),
    );
    expect(
      (
        await refusal(
          settle(
            t.db,
            settlementInput({
              clientId: c,
              amount: 500,
              accountId: wallet,
              ...orangeMoney(reference),
              allocations: [],
            }),
          ),
        )
      )?.errors.reference,
    ).toMatch(/déjà enregistrée/);
    await cancel(s.id);
    const again = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 2_000,
        accountId: wallet,
        ...orangeMoney(reference),
        allocations: [{ saleId: inv.id, amount: 2_000 }],
      }),
    );
    expect(again.number).not.toBe(s.number);
  });

  it('an invoice is refused cancellation while settled, naming the REG numbers; cancelled after its last settlement is', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 9_000);
    const one = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 4_000,
        accountId: await desk(),
        allocations: [{ saleId: inv.id, amount: 4_000 }],
      }),
    );
    const two = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 5_000,
        accountId: wallet,
        ...orangeMoney(`MP${uniqueTag()}`),
        allocations: [{ saleId: inv.id, amount: 5_000 }],
      }),
    );
    const cancelInvoice = async () =>
      cancelSale(
        t.db,
        inv.id,
        { reason: 'Facture en double', version: await versionOf(inv.id, 'sales') },
        await adminActor(t.db),
      );
    expect((await refusal(cancelInvoice()))?.errors.sale).toBe(
      `La facture ${inv.number} est réglée par les règlements ${one.number} et ${two.number} : annulez d’abord ces règlements (Annulations › Règlements).`,
    );
    await cancel(two.id);
    expect((await refusal(cancelInvoice()))?.errors.sale).toBe(
      `La facture ${inv.number} est réglée par le règlement ${one.number} : annulez d’abord ce règlement (Annulations › Règlements).`,
    );
    await cancel(one.id);
    const before = await clientMoney(t.db, c);
    await cancelInvoice();
    expect(await clientMoney(t.db, c)).toEqual({ balance: before.balance - 9_000, advance: 0 });
    // A cancelled invoice can no longer be settled.
    expect(
      (
        await refusal(
          settle(
            t.db,
            settlementInput({
              clientId: c,
              amount: 1_000,
              accountId: await desk(),
              allocations: [{ saleId: inv.id, amount: 1_000 }],
            }),
          ),
        )
      )?.errors['allocations.0.sale_id'],
    ).toMatch(/est annulée/);
  });

  it('a counter sale’s mobile-money id is freed by the sale’s cancellation', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, retail_price: 1_000 });
    await giveStock(t.db, p, f.shop, 5, 500);
    const reference = `OM${uniqueTag()}`;
    const walkIn = await walkInClient(t.db);
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 1)],
        payments: [mobilePayment(1_000, reference)],
      }),
    );
    expect(
      (
        await refusal(
          sell(
            t.db,
            saleInput({
              clientId: walkIn,
              locationId: f.shop,
              lines: [line(p, 1)],
              payments: [mobilePayment(1_000, reference)],
            }),
          ),
        )
      )?.errors['payments.0.reference'],
    ).toMatch(/déjà enregistrée/);
    await cancelSale(
      t.db,
      sale.id,
      { reason: 'Vente en double', version: await versionOf(sale.id, 'sales') },
      await adminActor(t.db),
    );
    await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 1)],
        payments: [mobilePayment(1_000, reference)],
      }),
    );
  });

  describe('the screen', () => {
    it('lists, filters, cancels through the route (reason required, nothing written without it), 403s', async () => {
      const c = await client();
      const inv = await creditInvoice(t.db, f, c, 7_000);
      const s = await settle(
        t.db,
        settlementInput({
          clientId: c,
          settlementDate: today(),
          amount: 7_000,
          accountId: await desk(),
          allocations: [{ saleId: inv.id, amount: 7_000 }],
        }),
      );
      const page = await admin.visit(route('settlements.cancellations'));
      expect(page.status).toBe(200);
      expect(page.body.component).toBe('settlements/Cancellation');
      const row = page.body.props.settlements.data.find((r: { number: string }) => r.number === s.number);
      expect(row).toMatchObject({
        method_label: 'Espèces',
        received: 7_000,
        invoices: [inv.number],
        status: 'validated',
        blocked: null,
      });
      expect(
        (await admin.visit(`${route('settlements.cancellations')}?client_id=${c}&method=mobile_money`)).body.props
          .settlements.data,
      ).toEqual([]);
      const back = { Referer: `http://localhost${route('settlements.cancellations')}` };
      const refused = await admin.post(route('settlements.cancel', { id: s.id }), { reason: '', version: 1 }, back);
      expect((await admin.follow(refused)).body.props.errors.reason).toMatch(/motif d’annulation/i);
      expect((await t.db('settlements').where({ id: s.id }).first('status'))!.status).toBe('validated');

      const tag = uniqueTag().toLowerCase();
      const viewer = await userWithPermissions(t, `reg-lecture-${tag}@test.local`, ['menu.annulation.reglement']);
      const v = new Client(t);
      await v.login(viewer.email, viewer.password);
      expect((await v.visit(route('settlements.cancellations'))).body.props.can).toEqual({
        cancel: false,
        reprint: false,
      });
      expect(
        (await v.post(route('settlements.cancel', { id: s.id }), { reason: 'Erreur de saisie', version: 1 })).status,
      ).toBe(403);
      const other = await userWithPermissions(t, `reg-autre-${tag}@test.local`, [
        'menu.reglement',
        'settlements.cancel',
      ]);
      const o = new Client(t);
      await o.login(other.email, other.password);
      expect((await o.visit(route('settlements.cancellations'))).status).toBe(403);
      expect(
        (await o.post(route('settlements.cancel', { id: s.id }), { reason: 'Erreur de saisie', version: 1 })).status,
      ).toBe(403);
      expect((await t.db('settlements').where({ id: s.id }).first('status'))!.status).toBe('validated');

      const done = await admin.post(
        route('settlements.cancel', { id: s.id }),
        { reason: 'Règlement en double', version: await versionOf(s.id) },
        back,
      );
      expect(done.headers.location).toBe(route('settlements.cancellations'));
      expect((await admin.follow(done)).body.props.flash.success).toMatch(
        new RegExp(
          `^Règlement ${s.number} annulé : 7\\s000\\sFCFA sortis du compte qui les avait reçus, reste à payer rétabli sur ${inv.number}\\.$`,
        ),
      );
      const cancelled = (await admin.visit(`${route('settlements.cancellations')}?q=${s.number}`)).body.props
        .settlements.data[0];
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        status_label: 'Annulé',
        cancelled_on: today(),
        cancel_reason: 'Règlement en double',
      });
    });
  });

  it('reprints the receipt from the screen: the original, then DUPLICATA counted on the row; a user of the screen alone may reprint', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 2_500);
    const s = await settle(
      t.db,
      settlementInput({
        clientId: c,
        settlementDate: today(),
        amount: 2_500,
        accountId: await desk(),
        allocations: [{ saleId: inv.id, amount: 2_500 }],
      }),
    );
    const row = async () =>
      (await admin.visit(`${route('settlements.cancellations')}?q=${s.number}`)).body.props.settlements.data[0];
    const url = (await row()).receipt_url;
    expect(url).toBe(route('settlements.print', { id: s.id }, { print: 1, retour: 'annulation' }));
    expect((await printOut(admin, url)).body.props.copy.duplicata).toBe(false);
    const tag = uniqueTag().toLowerCase();
    const u = await userWithPermissions(t, `reg-reimpr-${tag}@test.local`, [
      'menu.annulation.reglement',
      'documents.reprint',
    ]);
    const c2 = new Client(t);
    await c2.login(u.email, u.password);
    const again = await printOut(c2, url);
    expect(again.status).toBe(200);
    expect(again.body.props).toMatchObject({
      copy: { duplicata: true, reprint: 1 },
      back_url: route('settlements.cancellations'),
    });
    expect((await row()).reprints).toBe(1);
  });

  describe('a cancellation racing a settlement of the same invoice, over real HTTP', () => {
    let server: ListeningApp;
    beforeAll(async () => {
      server = await listen(t);
    });
    afterAll(() => server.close());

    it(
      'either the invoice is cancelled and the settlement refused, or the settlement stands and the cancellation is refused — never both, never a half',
      { timeout: 120_000 },
      async () => {
        const c = await client();
        const invoices = await Promise.all(Array.from({ length: 8 }, () => creditInvoice(t.db, f, c, 3_000)));
        const [session] = await loggedInClients(server, 1);
        const cash = await desk();
        const outcomes = await Promise.all(
          invoices.map(async (inv, i) => {
            const [cancelled, settled] = await Promise.all([
              session.post(route('sales.cancel', { id: inv.id }), {
                reason: 'Facture annulée pendant un règlement',
                version: 1,
              }),
              // Alternate who starts first.
              new Promise((r) => setTimeout(r, i % 2 ? 0 : 2)).then(() =>
                settle(
                  t.db,
                  settlementInput({
                    clientId: c,
                    settlementDate: today(),
                    amount: 3_000,
                    accountId: cash,
                    allocations: [{ saleId: inv.id, amount: 3_000 }],
                  }),
                ).then(
                  () => true,
                  () => false,
                ),
              ),
            ]);
            expect(cancelled.status).toBe(303);
            const status = (await t.db('sales').where({ id: inv.id }).first('status'))!.status;
            return { status, settled };
          }),
        );
        for (const o of outcomes) expect(o.status === 'cancelled' ? !o.settled : o.settled).toBe(true);
        for (const inv of invoices) {
          const live = await t
            .db('settlement_allocations')
            .where({ sale_id: inv.id })
            .whereNull('cancelled_at')
            .count({ n: '*' })
            .first();
          const status = (await t.db('sales').where({ id: inv.id }).first('status'))!.status;
          expect(status === 'cancelled' ? Number(live!.n) === 0 : true).toBe(true);
        }
      },
    );
  });
});
