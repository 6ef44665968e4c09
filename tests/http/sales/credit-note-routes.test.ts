import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { cashPayment, line, makeClient, saleInput, sell, walkInClient } from '../../support/sales.js';
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
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');

describe.each(testDatabases())('Correction vente boutique screens (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const counterSale = async (quantity = 3, price = 2_500) => {
    const tag = uniqueTag();
    const p = await makeProduct(t.db, {
      code: `${tag}SAV`,
      name: `Savon de Marseille ${tag}`,
      category_id: f.category,
      unit: 'pain',
    });
    await giveStock(t.db, p, f.shop, 20, 1_000);
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        saleDate: today(),
        lines: [line(p, quantity, { unitPrice: price })],
        payments: [cashPayment(quantity * price)],
      }),
    );
    const lineId = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
    return { ...sale, product: p, lineId };
  };
  const correction = (sale: { id: number; lineId: number }, over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    sale_id: sale.id,
    version: 1,
    reason: 'Produit défectueux',
    lines: [{ sale_line_id: sale.lineId, quantity: 1 }],
    ...over,
  });

  it('finds a counter sale by its number (as a scanner types it) with what may still come back', async () => {
    const sale = await counterSale();
    const res = await admin.visit(route('creditNotes.create', { vente: sale.number.toLowerCase() }));
    expect(res.body.component).toBe('sales/credit-notes/Create');
    expect(res.body.props.sale).toMatchObject({
      id: sale.id,
      number: sale.number,
      version: 1,
      lines: [{ sale_line_id: sale.lineId, quantity: 3, returned_quantity: 0, returnable: 3, unit_price: 2_500 }],
    });
    expect(res.body.props.not_found).toBeNull();
  });

  it('says clearly when the number is unknown or is an invoice', async () => {
    expect((await admin.visit(route('creditNotes.create', { vente: 'VB-1999-000001' }))).body.props.not_found).toBe(
      'Aucune vente ne porte le numéro « VB-1999-000001 ».',
    );
    const p = await makeProduct(t.db, { category_id: f.category });
    await giveStock(t.db, p, f.shop, 5, 500);
    const invoice = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: await makeClient(t.db, { credit_limit: 100_000 }),
        locationId: f.shop,
        saleDate: today(),
        paymentMode: 'credit',
        dueDate: today(),
        lines: [line(p, 1, { unitPrice: 1_000 })],
      }),
    );
    const res = await admin.visit(route('creditNotes.create', { vente: invoice.number }));
    expect(res.body.props.sale).toBeNull();
    expect(res.body.props.not_found).toMatch(
      /est une facture \(vente détaillée\) : seules les ventes boutique se corrigent ici/,
    );
  });

  it('records the credit note, lands on its page with a toast, and lists it with the refund total', async () => {
    const sale = await counterSale();
    const res = await admin.post(
      route('creditNotes.index'),
      correction(sale, { lines: [{ sale_line_id: sale.lineId, quantity: 2 }] }),
    );
    expect(res.status).toBe(303);
    const page = await admin.follow(res);
    expect(page.body.component).toBe('sales/credit-notes/Show');
    expect(page.body.props.flash.success).toMatch(/^Avoir AV-\d{4}-\d{6} enregistré/);
    expect(page.body.props.credit_note).toMatchObject({
      refund: 5_000,
      reason: 'Produit défectueux',
      sale: { number: sale.number },
      lines: [{ quantity: 2, refund: 5_000, unit_cost: 1_000 }],
    });
    expect(await levelOf(t.db, sale.product, f.shop)).toBe(19);
    const list = await admin.visit(route('creditNotes.index', { q: sale.number }));
    expect(
      list.body.props.credit_notes.data.map((c: { sale_number: string; refund: number }) => [c.sale_number, c.refund]),
    ).toEqual([[sale.number, 5_000]]);
    expect(list.body.props.refund_total).toBe(5_000);
  });

  it('refuses on the fields and writes nothing: no reason, more than was sold, a stale form', async () => {
    const sale = await counterSale(2);
    const errorsOf = async (body: object) => {
      const res = await admin.post(route('creditNotes.index'), body);
      expect(res.status).toBe(303);
      return (await admin.visit(route('creditNotes.create', { vente: sale.number }))).body.props.errors as Record<
        string,
        string
      >;
    };
    expect((await errorsOf(correction(sale, { reason: '' }))).reason).toMatch(/motif de la correction/i);
    expect(
      (await errorsOf(correction(sale, { lines: [{ sale_line_id: sale.lineId, quantity: 5 }] })))['lines.0.quantity'],
    ).toMatch(/On ne peut rendre au plus que 2/);
    expect(
      (await errorsOf(correction(sale, { lines: [{ sale_line_id: sale.lineId, quantity: -1 }] })))['lines.0.quantity'],
    ).toBeTruthy();
    expect((await errorsOf(correction(sale, { version: 7 }))).version).toMatch(/entre-temps/);
    expect(await t.db('credit_notes').where({ sale_id: sale.id }).first()).toBeUndefined();
    expect(await levelOf(t.db, sale.product, f.shop)).toBe(18);
  });

  it('needs sales.correct to correct, menu.sortiestock to see; a seller without the right is refused', async () => {
    const sale = await counterSale();
    const seller = await userWithPermissions(t, `${uniqueTag('V').toLowerCase()}@test.local`, [
      'menu.operations',
      'menu.sortiestock',
      'sales.create',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    expect((await c.visit(route('creditNotes.index'))).body.props.can.create).toBe(false);
    expect((await c.visit(route('creditNotes.create'))).status).toBe(403);
    expect((await c.post(route('creditNotes.index'), correction(sale))).status).toBe(403);
    const stranger = await userWithPermissions(t, `${uniqueTag('X').toLowerCase()}@test.local`, ['menu.dashboard']);
    const s = new Client(t);
    await s.login(stranger.email, stranger.password);
    expect((await s.visit(route('creditNotes.index'))).status).toBe(403);
    expect(await t.db('credit_notes').where({ sale_id: sale.id }).first()).toBeUndefined();
  });

  it('a desk whose cash was banked cannot refund: the correction names it and offers the other accounts; refunded from the bank chosen', async () => {
    const sale = await counterSale(2, 2_500);
    const desk = await deskAccount(t.db, 'CAI02');
    const bank = await makeTreasuryAccount(t.db, 'banque', { name: `Banque ${uniqueTag()}` });
    const held = await balanceOf(t.db, desk);
    const move = (accountId: number, amount: number) =>
      t.db.transaction((trx) =>
        postMoneyMovements(trx, [{ accountId, amount, movementType: 'bank_deposit', paymentMethod: 'especes' }], {
          documentType: null,
          documentId: null,
          documentNumber: null,
          userId: null,
          businessDate: today(),
        }),
      );
    await move(desk, -held);
    await move(bank, held);
    const form = await admin.visit(route('creditNotes.create', { vente: sale.number }));
    expect(form.body.props.refund_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: bank, kind: 'banque' }),
        expect.objectContaining({ id: desk, kind: 'caisse' }),
      ]),
    );
    const count = async () => Number((await t.db('credit_notes').count({ n: '*' }).first())!.n);
    const before = await count();
    await admin.post(route('creditNotes.index'), correction(sale));
    expect((await admin.visit(route('creditNotes.create', { vente: sale.number }))).body.props.errors.refund).toMatch(
      /^La caisse « Caisse Boutique 1 » ne contient que 0\sFCFA : impossible d’en sortir 2\s500\sFCFA\. Choisissez un autre compte d’où rembourser le client\.$/,
    );
    expect([await count(), await levelOf(t.db, sale.product, f.shop)]).toEqual([before, 18]);

    const bankBefore = await balanceOf(t.db, bank);
    const res = await admin.post(route('creditNotes.index'), correction(sale, { refund_account_id: bank }));
    expect(res.headers.location).toMatch(/\/\d+$/);
    const id = Number(res.headers.location.split('/').pop());
    expect(Number((await t.db('credit_notes').where({ id }).first('account_id'))!.account_id)).toBe(bank);
    expect([
      await balanceOf(t.db, bank),
      await balanceOf(t.db, desk),
      await levelOf(t.db, sale.product, f.shop),
    ]).toEqual([bankBefore - 2_500, 0, 19]);
    const moves = await t
      .db('money_movements')
      .where({ document_type: 'credit_note', document_id: id })
      .select('account_id', 'amount', 'payment_method');
    expect(moves.map((m) => [Number(m.account_id), Number(m.amount), m.payment_method])).toEqual([
      [bank, -2_500, 'virement'],
    ]);
    await move(bank, -held);
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

  it('exports the filtered credit notes as CSV', async () => {
    const sale = await counterSale();
    expect((await admin.post(route('creditNotes.index'), correction(sale))).status).toBe(303);
    const res = await admin.agent.get(route('creditNotes.export', { q: sale.number, format: 'csv' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.text).toMatch(new RegExp(`${sale.number}.*Produit défectueux`));
  });
});
