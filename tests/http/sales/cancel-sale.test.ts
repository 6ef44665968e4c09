import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { nowIso } from '../../../server/db/dialect.js';
import { NotFound, type Refusal } from '../../../server/domain/errors.js';
import { cancelSale, paymentReversals } from '../../../server/services/sales/cancel-sale.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import {
  adminActor,
  cashPayment,
  line,
  makeClient,
  mobilePayment,
  saleInput,
  sell,
  walkInClient,
} from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => e as Refusal,
  );

describe('paymentReversals: what goes back out of each account', () => {
  const pay = (account_id: number, amount: number) => ({
    account_id,
    method: 'especes' as const,
    amount,
    operator: null,
    phone: null,
    reference: null,
  });
  it('reverses every payment when nothing was refunded', () => {
    expect(paymentReversals([pay(1, 3_000), pay(2, 2_000)], []).map((p) => [p.account_id, p.back])).toEqual([
      [1, 3_000],
      [2, 2_000],
    ]);
  });
  it('takes a refund off the account it came out of first, then off the others in order', () => {
    expect(
      paymentReversals([pay(1, 3_000), pay(2, 2_000)], [{ account_id: 2, refunded: 500 }]).map((p) => [
        p.account_id,
        p.back,
      ]),
    ).toEqual([
      [1, 3_000],
      [2, 1_500],
    ]);
    // Refunded from a desk that never received this sale's money (paid by mobile money).
    expect(
      paymentReversals([pay(1, 3_000), pay(2, 2_000)], [{ account_id: 9, refunded: 3_500 }]).map((p) => [
        p.account_id,
        p.back,
      ]),
    ).toEqual([[2, 1_500]]);
  });
  it('pays back nothing once everything was refunded', () => {
    expect(paymentReversals([pay(1, 3_000)], [{ account_id: 1, refunded: 3_000 }])).toEqual([]);
  });
});

/**
 * Annulations › Factures (issue 15): cancelSale through the service and through the screen — the
 * reversals in the stock and money ledgers (dated today), the client's balance, the refusal while
 * settlements are allocated (naming them), bad input (no reason, already cancelled, stale page),
 * the 403s, and the reprints (DUPLICATA counted and shown on the screen).
 */
describe.each(testDatabases())('cancelSale — Annulations › Factures (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let walkIn: number;
  let admin: Client;
  let wallet: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  // check:stock and check:cash stay clean after each test.
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (cost = 600, location = f.shop) => {
    const id = await makeProduct(t.db, {
      category_id: f.category,
      retail_price: 1_000,
      name: `Produit ${uniqueTag()}`,
    });
    await giveStock(t.db, id, location, 20, cost);
    return id;
  };
  const versionOf = async (id: number) => Number((await t.db('sales').where({ id }).first('version'))!.version);
  const cancel = async (id: number, reason = 'Erreur de saisie du vendeur') =>
    cancelSale(t.db, id, { reason, version: await versionOf(id) }, await adminActor(t.db));
  const creditInvoice = async (productId: number, quantity: number, clientId?: number) => {
    const client = clientId ?? (await makeClient(t.db, { credit_limit: 10_000_000 }));
    const sale = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        saleDate: today(),
        paymentMode: 'credit',
        dueDate: today(),
        lines: [line(productId, quantity)],
      }),
    );
    return { ...sale, client };
  };
  const clientBalance = async (id: number) => Number((await t.db('clients').where({ id }).first('balance'))!.balance);
  /** A settlement of the invoice written as the settlement schema stores it (the service lands in its own branch). */
  const allocate = async (saleId: number, clientId: number, amount: number) => {
    const now = nowIso();
    const number = `REG-2026-${uniqueTag().replace(/\D/g, '').padStart(6, '0').slice(-6)}${Math.floor(Math.random() * 10)}`;
    const [row] = await t
      .db('settlements')
      .insert({
        number,
        client_id: clientId,
        source: 'payment',
        account_id: null,
        method: 'especes',
        settlement_date: today(),
        amount,
        allocated: amount,
        advance: 0,
        allocation_mode: 'chosen',
        status: 'validated',
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const settlementId = typeof row === 'object' ? Number(row.id) : Number(row);
    await t.db('settlement_allocations').insert({ settlement_id: settlementId, sale_id: saleId, position: 1, amount });
    return { id: settlementId, number };
  };

  it('a credit invoice: the goods come back at their original cost, its remaining leaves the client balance, dated today, audited', async () => {
    const p = await product(600);
    // The CMUP moves after the sale: the goods still come back at the cost they left at.
    const inv = await creditInvoice(p, 3);
    await giveStock(t.db, p, f.shop, 10, 900);
    const balance = await clientBalance(inv.client);
    expect(balance).toBe(3_000);
    const level = await levelOf(t.db, p, f.shop);
    const result = await cancel(inv.id);
    expect(result).toMatchObject({ number: inv.number, refunded: 0, balanceReleased: 3_000 });
    expect(await levelOf(t.db, p, f.shop)).toBe(level + 3);
    expect(await clientBalance(inv.client)).toBe(0);
    const moves = await t
      .db('stock_movements')
      .where({ document_type: 'sale', document_id: inv.id, movement_type: 'sale_cancel' });
    expect(moves.map((m) => [Number(m.quantity), Number(m.unit_cost), m.business_date])).toEqual([[3, 600, today()]]);
    const row = (await t.db('sales').where({ id: inv.id }).first())!;
    expect([row.status, row.cancelled_on, row.cancel_reason, row.number]).toEqual([
      'cancelled',
      today(),
      'Erreur de saisie du vendeur',
      inv.number,
    ]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'sale.cancelled', subject_id: String(inv.id) })
        .first('id'),
    ).toBeTruthy();
  });

  it('a cash counter sale split cash / mobile money: each payment goes back out of its account (new movements, dated today)', async () => {
    const p = await product();
    const desk = await deskAccount(t.db, 'CAI02');
    const [deskBefore, walletBefore] = [await balanceOf(t.db, desk), await balanceOf(t.db, wallet)];
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        saleDate: '2026-03-10',
        lines: [line(p, 5)],
        payments: [mobilePayment(2_000, `OM${uniqueTag()}`), cashPayment(5_000)],
      }),
    );
    expect(await balanceOf(t.db, desk)).toBe(deskBefore + 3_000);
    const moved = await t.db('money_movements').count({ n: '*' }).first();
    const result = await cancel(sale.id);
    expect(result.refunded).toBe(5_000);
    expect([await balanceOf(t.db, desk), await balanceOf(t.db, wallet)]).toEqual([deskBefore, walletBefore]);
    const reversals = await t
      .db('money_movements')
      .where({ document_type: 'sale', document_id: sale.id, movement_type: 'sale_cancel' })
      .orderBy('id');
    expect(reversals.map((m) => [Number(m.account_id), Number(m.amount), m.payment_method, m.business_date])).toEqual([
      [wallet, -2_000, 'mobile_money', today()],
      [desk, -3_000, 'especes', today()],
    ]);
    // Append-only: the sale's own movements are still there.
    expect(Number((await t.db('money_movements').count({ n: '*' }).first())!.n)).toBe(Number(moved!.n) + 2);
    expect(
      Number(
        (await t
          .db('money_movements')
          .where({ document_type: 'sale', document_id: sale.id, movement_type: 'sale' })
          .count({ n: '*' })
          .first())!.n,
      ),
    ).toBe(2);
  });

  it('after a credit note: only the goods still out come back, only what was not refunded is paid back', async () => {
    const p = await product(500);
    const desk = await deskAccount(t.db, 'CAI02');
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 4)], payments: [cashPayment(4_000)] }),
    );
    const lineId = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
    await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: sale.id,
        reason: 'Produit abîmé',
        version: await versionOf(sale.id),
        lines: [{ saleLineId: lineId, quantity: 1 }],
      },
      await adminActor(t.db),
    );
    const [level, cash] = [await levelOf(t.db, p, f.shop), await balanceOf(t.db, desk)];
    const result = await cancel(sale.id);
    expect(result.refunded).toBe(3_000);
    expect(await levelOf(t.db, p, f.shop)).toBe(level + 3);
    expect(await balanceOf(t.db, desk)).toBe(cash - 3_000);
  });

  it('is refused while a settlement is allocated to the invoice, naming it; allowed once that allocation is cancelled', async () => {
    const p = await product();
    const inv = await creditInvoice(p, 2);
    const a = await allocate(inv.id, inv.client, 500);
    const b = await allocate(inv.id, inv.client, 700);
    const level = await levelOf(t.db, p, f.shop);
    const err = await refusal(cancel(inv.id));
    expect(err?.errors.sale).toBe(
      `La facture ${inv.number} est réglée par les règlements ${a.number} et ${b.number} : annulez d’abord ces règlements (Annulations › Règlements).`,
    );
    expect((await t.db('sales').where({ id: inv.id }).first('status'))!.status).toBe('validated');
    expect(await levelOf(t.db, p, f.shop)).toBe(level);
    // The screen says so on the row, and the button is disabled.
    const page = await admin.visit(`${route('sales.cancellations')}?q=${inv.number}`);
    expect(page.body.props.sales.data[0]).toMatchObject({
      number: inv.number,
      settlements: [a.number, b.number],
      blocked: err?.errors.sale,
    });
    // A cancelled settlement's allocation stays for the history, but no longer blocks.
    await t.db('settlement_allocations').whereIn('settlement_id', [a.id, b.id]).update({ cancelled_at: nowIso() });
    await t.db('settlements').whereIn('id', [a.id, b.id]).update({ status: 'cancelled' });
    await cancel(inv.id);
    expect((await t.db('sales').where({ id: inv.id }).first('status'))!.status).toBe('cancelled');
  });

  it('refuses an already cancelled sale, a stale page, an unknown sale; a desk that cannot pay back is named and nothing is written', async () => {
    const p = await product();
    const inv = await creditInvoice(p, 1);
    const stale = await versionOf(inv.id);
    await cancel(inv.id);
    expect((await refusal(cancel(inv.id)))?.errors.reason).toBe(`La facture ${inv.number} est déjà annulée.`);
    const other = await creditInvoice(p, 1);
    expect(
      (
        await refusal(
          cancelSale(t.db, other.id, { reason: 'Erreur de saisie', version: stale - 1 }, await adminActor(t.db)),
        )
      )?.errors.version,
    ).toMatch(/a été modifiée entre-temps/);
    await expect(
      cancelSale(t.db, 99_999_999, { reason: 'Erreur de saisie', version: 1 }, await adminActor(t.db)),
    ).rejects.toBeInstanceOf(NotFound);

    const desk = await deskAccount(t.db, 'CAI02');
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 2)], payments: [cashPayment(2_000)] }),
    );
    const held = await balanceOf(t.db, desk);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: -held, movementType: 'bank_deposit', paymentMethod: 'especes' }],
        { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: today() },
      ),
    );
    const level = await levelOf(t.db, p, f.shop);
    const err = await refusal(cancel(sale.id));
    expect(err?.errors.refund_account_id).toMatch(
      /^La caisse « Caisse Boutique 1 » ne contient que 0\sFCFA : impossible d’en sortir 2\s000\sFCFA\. Choisissez un autre compte d’où rembourser le client\.$/,
    );
    expect(await levelOf(t.db, p, f.shop)).toBe(level);
    expect((await t.db('sales').where({ id: sale.id }).first('status'))!.status).toBe('validated');
    await t.db.transaction((trx) =>
      postMoneyMovements(trx, [{ accountId: desk, amount: held, movementType: 'cash_in', paymentMethod: 'especes' }], {
        documentType: null,
        documentId: null,
        documentNumber: null,
        userId: null,
        businessDate: today(),
      }),
    );
  });

  it('yesterday’s counter sale whose cash was banked: refused from the desk, refunded from the account chosen on the form — one the user works on, active', async () => {
    const p = await product();
    const desk = await deskAccount(t.db, 'CAI02');
    const bank = await makeTreasuryAccount(t.db, 'banque', { name: `Banque ${uniqueTag()}` });
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 3)], payments: [cashPayment(3_000)] }),
    );
    // The evening's versement: the desk keeps 1 000 of the 3 000.
    const banked = (await balanceOf(t.db, desk)) - 1_000;
    const move = (accountId: number, amount: number, movementType: string) =>
      t.db.transaction((trx) =>
        postMoneyMovements(trx, [{ accountId, amount, movementType, paymentMethod: 'especes' }], {
          documentType: null,
          documentId: null,
          documentNumber: null,
          userId: null,
          businessDate: today(),
        }),
      );
    await move(desk, -banked, 'bank_deposit');
    await move(bank, banked, 'bank_deposit');
    const level = await levelOf(t.db, p, f.shop);
    const back = { Referer: `http://localhost${route('sales.cancellations')}` };
    const body = (over: object = {}) => ({ reason: 'Client remboursé le lendemain', version: 1, ...over });

    // The screen offers every account the administrator works on.
    const page = await admin.visit(route('sales.cancellations'));
    expect(page.body.props.refund_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: bank, kind: 'banque' }),
        expect.objectContaining({ id: desk, kind: 'caisse' }),
        expect.objectContaining({ id: wallet, kind: 'mobile_money', operator: 'orange_money' }),
      ]),
    );

    const fromDesk = await admin.follow(await admin.post(route('sales.cancel', { id: sale.id }), body(), back));
    expect(fromDesk.body.props.errors.refund_account_id).toMatch(
      /^La caisse « Caisse Boutique 1 » ne contient que 1\s000\sFCFA : impossible d’en sortir 3\s000\sFCFA\. Choisissez un autre compte/,
    );
    // A wallet that cannot pay either: refused, on the field, nothing written.
    const fromWallet = await admin.follow(
      await admin.post(route('sales.cancel', { id: sale.id }), body({ refund_account_id: wallet }), back),
    );
    expect(fromWallet.body.props.errors.refund_account_id).toMatch(/^Le compte « .+ » ne contient que/);
    expect([
      (await t.db('sales').where({ id: sale.id }).first('status'))!.status,
      await levelOf(t.db, p, f.shop),
    ]).toEqual(['validated', level]);

    // A cashier of Boutique 1 with no bank: the bank is not theirs.
    const tag = uniqueTag().toLowerCase();
    const cashier = await userWithPermissions(t, `annul-caisse-${tag}@test.local`, [
      'menu.annulation.factures',
      'invoices.cancel',
    ]);
    await t.db('user_locations').insert({ user_id: cashier.id, location_id: f.shop });
    await t.db('users').where({ id: cashier.id }).update({ places_restricted: true });
    const c = new Client(t);
    await c.login(cashier.email, cashier.password);
    expect(
      (await c.visit(route('sales.cancellations'))).body.props.refund_accounts.map((a: { id: number }) => a.id),
    ).not.toContain(bank);
    expect(
      (await c.follow(await c.post(route('sales.cancel', { id: sale.id }), body({ refund_account_id: bank }), back)))
        .body.props.errors.refund_account_id,
    ).toBe('Vous ne travaillez pas sur ce compte : choisissez-en un qui vous est attribué.');

    const [deskBefore, bankBefore] = [await balanceOf(t.db, desk), await balanceOf(t.db, bank)];
    const done = await admin.post(route('sales.cancel', { id: sale.id }), body({ refund_account_id: bank }), back);
    expect((await admin.follow(done)).body.props.flash.success).toMatch(
      new RegExp(`^Vente ${sale.number} annulée : la marchandise est revenue en stock, 3\\s000\\sFCFA remboursés\\.$`),
    );
    expect([await balanceOf(t.db, desk), await balanceOf(t.db, bank), await levelOf(t.db, p, f.shop)]).toEqual([
      deskBefore,
      bankBefore - 3_000,
      level + 3,
    ]);
    const moves = await t
      .db('money_movements')
      .where({ document_type: 'sale', document_id: sale.id, movement_type: 'sale_cancel' })
      .select('account_id', 'amount', 'payment_method', 'label');
    expect(moves.map((m) => [Number(m.account_id), Number(m.amount), m.payment_method])).toEqual([
      [bank, -3_000, 'virement'],
    ]);
    expect(moves[0].label).toMatch(/remboursement depuis Banque/);
  });

  it('an archived account cannot pay a refund', async () => {
    const p = await product();
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db('treasury_accounts').where({ id: bank }).update({ active: false });
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 1)], payments: [cashPayment(1_000)] }),
    );
    const err = await refusal(
      cancelSale(
        t.db,
        sale.id,
        { reason: 'Erreur de saisie', version: 1, refundAccountId: bank },
        await adminActor(t.db),
      ),
    );
    expect(err?.errors.refund_account_id).toMatch(/est archivé : choisissez un compte actif/);
  });

  it('frees the mobile-money transaction ids of the cancelled sale', async () => {
    const p = await product();
    const reference = `OM${uniqueTag()}`;
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 1)],
        payments: [mobilePayment(1_000, reference)],
      }),
    );
    await t
      .db('mobile_money_references')
      .insert({
        operator: 'orange_money',
        reference,
        document_type: 'sale',
        document_id: sale.id,
        document_number: sale.number,
        created_at: nowIso(),
      })
      .onConflict(['operator', 'reference'])
      .ignore();
    await cancel(sale.id);
    expect(
      await t.db('mobile_money_references').where({ operator: 'orange_money', reference }).first(),
    ).toBeUndefined();
  });

  describe('the screen', () => {
    const cancelBody = (version: number, reason = 'Facture saisie en double') => ({ reason, version });

    it('lists invoices and counter sales together, filters by kind, status and client', async () => {
      const p = await product();
      const inv = await creditInvoice(p, 1);
      const vb = await sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          saleDate: today(),
          lines: [line(p, 1)],
          payments: [cashPayment(1_000)],
        }),
      );
      const page = await admin.visit(route('sales.cancellations'));
      expect(page.status).toBe(200);
      expect(page.body.component).toBe('sales/Cancellation');
      const numbers = page.body.props.sales.data.map((s: { number: string }) => s.number);
      expect(numbers).toEqual(expect.arrayContaining([inv.number, vb.number]));
      expect(
        (await admin.visit(`${route('sales.cancellations')}?kind=counter`)).body.props.sales.data.map(
          (s: { kind: string }) => s.kind,
        ),
      ).not.toContain('invoice');
      expect(
        (await admin.visit(`${route('sales.cancellations')}?client_id=${inv.client}`)).body.props.sales.data.map(
          (s: { number: string }) => s.number,
        ),
      ).toEqual([inv.number]);
      await cancel(inv.id);
      const cancelled = (await admin.visit(`${route('sales.cancellations')}?status=cancelled&client_id=${inv.client}`))
        .body.props.sales.data;
      expect(cancelled[0]).toMatchObject({
        number: inv.number,
        status: 'cancelled',
        status_label: 'Annulée',
        cancelled_on: today(),
        cancel_reason: 'Erreur de saisie du vendeur',
      });
      expect(page.body.props.can).toEqual({ cancel: true, reprint: true });
    });

    it('cancels through the route: reason required (nothing written), then done with a flash; the sale reads ANNULÉE on its page and printout', async () => {
      const p = await product();
      const inv = await creditInvoice(p, 2);
      const back = { Referer: `http://localhost${route('sales.cancellations')}` };
      const refused = await admin.post(route('sales.cancel', { id: inv.id }), cancelBody(1, ''), back);
      expect(refused.status).toBe(303);
      const errors = (await admin.follow(refused)).body.props.errors;
      expect(errors.reason).toMatch(/motif d’annulation/i);
      expect((await t.db('sales').where({ id: inv.id }).first('status'))!.status).toBe('validated');
      const done = await admin.post(route('sales.cancel', { id: inv.id }), cancelBody(await versionOf(inv.id)), back);
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe(route('sales.cancellations'));
      expect((await admin.follow(done)).body.props.flash.success).toMatch(
        new RegExp(
          `^Facture ${inv.number} annulée : la marchandise est revenue en stock, 2\\s000\\sFCFA retirés du solde du client\\.$`,
        ),
      );
      const show = await admin.visit(route('sales.show', { id: inv.id }));
      expect(show.body.props.sale).toMatchObject({
        status: 'cancelled',
        status_label: 'Annulée',
        cancel_reason: 'Facture saisie en double',
      });
      const again = await admin.post(route('sales.cancel', { id: inv.id }), cancelBody(await versionOf(inv.id)), back);
      expect((await admin.follow(again)).body.props.errors.reason).toBe(`La facture ${inv.number} est déjà annulée.`);
    });

    it('403 without invoices.cancel or without the screen; the Factures screen opens the sale and its printouts without Sortie de stock', async () => {
      const p = await product();
      const inv = await creditInvoice(p, 1);
      const tag = uniqueTag().toLowerCase();
      const viewer = await userWithPermissions(t, `annul-lecture-${tag}@test.local`, [
        'menu.annulation.factures',
        'documents.reprint',
      ]);
      const c = new Client(t);
      await c.login(viewer.email, viewer.password);
      expect((await c.visit(route('sales.cancellations'))).body.props.can).toEqual({ cancel: false, reprint: true });
      expect((await c.post(route('sales.cancel', { id: inv.id }), cancelBody(1))).status).toBe(403);
      expect((await c.visit(route('sales.show', { id: inv.id }))).status).toBe(200);
      expect((await c.visit(route('sales.print', { id: inv.id }))).status).toBe(200);
      const seller = await userWithPermissions(t, `annul-vendeur-${tag}@test.local`, [
        'menu.sortiestock',
        'invoices.cancel',
      ]);
      const s = new Client(t);
      await s.login(seller.email, seller.password);
      expect((await s.visit(route('sales.cancellations'))).status).toBe(403);
      expect((await s.post(route('sales.cancel', { id: inv.id }), cancelBody(1))).status).toBe(403);
      expect((await t.db('sales').where({ id: inv.id }).first('status'))!.status).toBe('validated');
    });

    it('reprints: the first print is the original, the next ones DUPLICATA at A6, counted on the row; the ticket too', async () => {
      const p = await product();
      const vb = await sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          saleDate: today(),
          lines: [line(p, 1)],
          payments: [cashPayment(1_000)],
        }),
      );
      const url = route('sales.print', { id: vb.id }, { format: 'a6', retour: 'annulation' });
      const rowOf = async () =>
        (await admin.visit(`${route('sales.cancellations')}?q=${vb.number}`)).body.props.sales.data[0];
      // Never printed: the row says so (its button prints the original at A5, not an « A6 »); a preview changes nothing.
      expect((await rowOf()).printed).toEqual({ invoice: false, ticket: false });
      expect((await admin.visit(url)).body.props.settings.format).not.toBe('A6');
      expect((await rowOf()).printed).toEqual({ invoice: false, ticket: false });
      const first = await printOut(admin, url);
      expect((await rowOf()).printed).toEqual({ invoice: true, ticket: false });
      expect(first.body.props.copy.duplicata).toBe(false);
      expect(first.body.props.settings.format).not.toBe('A6');
      const second = await printOut(admin, url);
      expect(second.body.props).toMatchObject({
        copy: { duplicata: true, reprint: 1 },
        settings: { format: 'A6' },
        back_url: route('sales.cancellations'),
      });
      const third = await printOut(admin, url);
      expect(third.body.props.copy.reprint).toBe(2);
      await printOut(admin, route('sales.ticket', { id: vb.id }));
      const ticket = await printOut(admin, route('sales.ticket', { id: vb.id }, { retour: 'annulation' }));
      expect(ticket.body.props).toMatchObject({
        copy: { duplicata: true, reprint: 1 },
        back_url: route('sales.cancellations'),
      });
      const row = await rowOf();
      expect(row.reprints).toBe(3);
      expect(row.printed).toEqual({ invoice: true, ticket: true });
      expect(
        Number(
          (await t
            .db('audit_log')
            .where({ action: 'document.reprinted', subject_label: vb.number })
            .count({ n: '*' })
            .first())!.n,
        ),
      ).toBe(3);
      // A user without documents.reprint gets the original only.
      const tag = uniqueTag().toLowerCase();
      const u = await userWithPermissions(t, `annul-sans-reimpr-${tag}@test.local`, ['menu.annulation.factures']);
      const c = new Client(t);
      await c.login(u.email, u.password);
      expect((await c.visit(route('sales.cancellations'))).body.props.can.reprint).toBe(false);
      expect((await c.visit(url)).status).not.toBe(200);
    });
  });
});
