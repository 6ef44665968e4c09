import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFound, Refusal } from '../../../server/domain/errors.js';
import { type CreditNoteInput, createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { type TestApp, createTestApp } from '../../support/app.js';
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
  lastNumber,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => e as Refusal,
  );

describe.each(testDatabases())('credit notes — correction vente boutique (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let walkIn: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  /** A counter sale of the given lines (product, quantity, price) paid in cash; returns the sale and its line ids. */
  async function counterSale(
    items: Array<[number, number, number?]>,
    discount = 0,
    payments?: ReturnType<typeof cashPayment>[],
  ) {
    const total = items.reduce((s, [, q, price]) => s + q * (price ?? 1_000), 0) - discount;
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        discount,
        lines: items.map(([p, q, price]) => line(p, q, { unitPrice: price ?? null })),
        payments: payments ?? [cashPayment(total)],
      }),
    );
    const lines = await t.db('sale_lines').where({ sale_id: sale.id }).orderBy('position');
    return {
      sale,
      lineIds: lines.map((l) => Number(l.id)),
      version: Number((await t.db('sales').where({ id: sale.id }).first('version'))!.version),
    };
  }
  const product = async (cost = 600, over: object = {}) => {
    const id = await makeProduct(t.db, { category_id: f.category, retail_price: 1_000, ...over });
    await giveStock(t.db, id, f.shop, 20, cost);
    return id;
  };
  const correct = async (
    input: Omit<CreditNoteInput, 'idempotencyKey' | 'reason'> & { reason?: string; idempotencyKey?: string },
  ) =>
    createCreditNote(
      t.db,
      { idempotencyKey: idempotencyKey(), reason: 'Produit défectueux', ...input },
      await adminActor(t.db),
    );

  it('returns part of a sale: stock back at the original cost, cash refunded from the desk, AV number, sale credited', async () => {
    const p = await product(600);
    const { sale, lineIds, version } = await counterSale([[p, 3]]);
    const desk = await deskAccount(t.db, 'CAI02');
    const deskBefore = await balanceOf(t.db, desk);
    const before = await lastNumber(t.db, 'AV', new Date().getFullYear());
    const note = await correct({ saleId: sale.id, version, lines: [{ saleLineId: lineIds[0], quantity: 2 }] });
    expect(note.number).toBe(`AV-${new Date().getFullYear()}-${String(before + 1).padStart(6, '0')}`);
    expect(note.total).toBe(2_000);
    expect(await levelOf(t.db, p, f.shop)).toBe(19);
    expect(await balanceOf(t.db, desk)).toBe(deskBefore - 2_000);
    const moves = await t.db('stock_movements').where({ document_type: 'credit_note', document_id: note.id });
    expect(moves.map((m) => [Number(m.quantity), Number(m.unit_cost), m.movement_type])).toEqual([
      [2, 600, 'sale_return'],
    ]);
    const cash = await t.db('money_movements').where({ document_type: 'credit_note', document_id: note.id });
    expect(cash.map((m) => [Number(m.account_id), Number(m.amount), m.movement_type])).toEqual([
      [desk, -2_000, 'sale_refund'],
    ]);
    const row = (await t.db('sales').where({ id: sale.id }).first())!;
    expect([Number(row.amount_credited), Number(row.version)]).toEqual([2_000, version + 1]);
    expect(
      Number((await t.db('sale_lines').where({ id: lineIds[0] }).first('returned_quantity'))!.returned_quantity),
    ).toBe(2);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'credit_note.validated', subject_id: String(note.id) })
        .first('id'),
    ).toBeTruthy();
  });

  it('never returns more than was sold, counting earlier corrections', async () => {
    const p = await product(500, { name: 'Lait en poudre 400 g', unit: 'boîte' });
    const { sale, lineIds, version } = await counterSale([[p, 3]]);
    await correct({ saleId: sale.id, version, lines: [{ saleLineId: lineIds[0], quantity: 2 }] });
    const err = await refusal(
      correct({ saleId: sale.id, version: version + 1, lines: [{ saleLineId: lineIds[0], quantity: 2 }] }),
    );
    expect(err?.errors['lines.0.quantity']).toMatch(
      /^On ne peut rendre au plus que 1\sboîte de « Lait en poudre 400 g » \(vendu : 3\sboîtes, déjà rendu : 2\sboîtes\)\.$/,
    );
    await correct({ saleId: sale.id, version: version + 1, lines: [{ saleLineId: lineIds[0], quantity: 1 }] });
    const done = await refusal(
      correct({ saleId: sale.id, version: version + 2, lines: [{ saleLineId: lineIds[0], quantity: 1 }] }),
    );
    expect(done?.errors['lines.0.quantity']).toMatch(/a déjà été entièrement rendu \(3\sboîtes\)/);
  });

  it('refunds what was paid: line discount and document discount in proportion, exactly the paid amount once all is back', async () => {
    const a = await product();
    const b = await product();
    const { sale, lineIds, version } = await counterSale(
      [
        [a, 3],
        [b, 1],
      ],
      400,
    );
    // nets 3 000 and 1 000, discount 400 spread 300 / 100: bases 2 700 and 900.
    const first = await correct({ saleId: sale.id, version, lines: [{ saleLineId: lineIds[0], quantity: 1 }] });
    expect(first.total).toBe(900);
    const rest = await correct({
      saleId: sale.id,
      version: version + 1,
      lines: [
        { saleLineId: lineIds[0], quantity: 2 },
        { saleLineId: lineIds[1], quantity: 1 },
      ],
    });
    expect(first.total + rest.total).toBe(3_600);
  });

  it('refuses when the desk cannot pay the refund, naming it, and writes nothing', async () => {
    const p = await product();
    // Paid by mobile money: no cash came into the desk for this sale.
    const { sale, lineIds, version } = await counterSale([[p, 2]], 0, [mobilePayment(2_000) as never]);
    const desk = await deskAccount(t.db, 'CAI02');
    const held = await balanceOf(t.db, desk);
    // The desk is emptied (its cash taken to the bank) before the customer comes back.
    if (held > 0)
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: -held, movementType: 'bank_deposit', paymentMethod: 'especes' }],
          { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: '2026-03-10' },
        ),
      );
    const before = await lastNumber(t.db, 'AV', new Date().getFullYear());
    const err = await refusal(correct({ saleId: sale.id, version, lines: [{ saleLineId: lineIds[0], quantity: 1 }] }));
    expect(err?.errors.refund).toMatch(
      /^La caisse « Caisse Boutique 1 » ne contient que 0\sFCFA : impossible d’en sortir 1\s000\sFCFA/,
    );
    expect(await lastNumber(t.db, 'AV', new Date().getFullYear())).toBe(before);
    expect(await levelOf(t.db, p, f.shop)).toBe(18);
  });

  it('refuses a stale form, a line of another sale, an invoice, and an unknown sale', async () => {
    const p = await product();
    const { sale, lineIds, version } = await counterSale([[p, 2]]);
    const other = await counterSale([[p, 1]]);
    expect(
      (
        await refusal(
          correct({ saleId: sale.id, version: version - 1, lines: [{ saleLineId: lineIds[0], quantity: 1 }] }),
        )
      )?.errors.version,
    ).toMatch(/a été corrigée entre-temps/);
    expect(
      (await refusal(correct({ saleId: sale.id, version, lines: [{ saleLineId: other.lineIds[0], quantity: 1 }] })))
        ?.errors['lines.0.quantity'],
    ).toMatch(/n’appartient pas à la vente/);
    expect(
      (await refusal(correct({ saleId: sale.id, version, lines: [{ saleLineId: lineIds[0], quantity: 0 }] })))?.errors
        .lines,
    ).toMatch(/au moins une ligne/);
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const invoice = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        paymentMode: 'credit',
        dueDate: '2026-04-01',
        lines: [line(p, 1)],
      }),
    );
    expect((await refusal(correct({ saleId: invoice.id, version: 1, lines: [] })))?.errors.sale_id).toMatch(
      /n’est pas une vente boutique/,
    );
    await expect(correct({ saleId: 99_999_999, version: 1, lines: [] })).rejects.toBeInstanceOf(NotFound);
  });

  it('the same idempotency key twice makes one credit note', async () => {
    const p = await product();
    const { sale, lineIds, version } = await counterSale([[p, 2]]);
    const key = idempotencyKey();
    const first = await correct({
      idempotencyKey: key,
      saleId: sale.id,
      version,
      lines: [{ saleLineId: lineIds[0], quantity: 1 }],
    });
    const again = await correct({
      idempotencyKey: key,
      saleId: sale.id,
      version,
      lines: [{ saleLineId: lineIds[0], quantity: 1 }],
    });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(await levelOf(t.db, p, f.shop)).toBe(19);
  });
});
