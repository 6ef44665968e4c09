import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../../server/domain/errors.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import {
  ALL_RIGHTS,
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
  lastNumber,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => e as Refusal,
  );

describe.each(testDatabases())('sale service (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let walkIn: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    await makeTreasuryAccount(t.db, 'banque');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (
    over: Parameters<typeof makeProduct>[1] extends infer P ? Partial<P> : never = {},
    stock = 20,
    cost = 600,
  ) => {
    const id = await makeProduct(t.db, { category_id: f.category, retail_price: 1_000, ...over });
    if (stock) await giveStock(t.db, id, f.shop, stock, cost);
    return id;
  };
  const sales = () =>
    t
      .db('sales')
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n));

  it('a counter sale in cash: stock leaves the shop at its CMUP, cash lands in the shop desk net of change, VB number', async () => {
    const p = await product({}, 20, 600);
    const desk = await deskAccount(t.db, 'CAI02');
    const deskBefore = await balanceOf(t.db, desk);
    const before = await lastNumber(t.db, 'VB', 2026);
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 3)], payments: [cashPayment(5_000)] }),
    );
    expect(sale).toMatchObject({
      number: `VB-2026-${String(before + 1).padStart(6, '0')}`,
      total: 3_000,
      change: 2_000,
      replayed: false,
    });
    expect(await levelOf(t.db, p, f.shop)).toBe(17);
    const row = (await t.db('sales').where({ id: sale.id }).first())!;
    expect([
      row.kind,
      row.payment_mode,
      row.payment_status,
      Number(row.total_ttc),
      Number(row.amount_paid),
      Number(row.cash_tendered),
      Number(row.change_given),
      Number(row.cost_total),
    ]).toEqual(['counter', 'cash', 'paid', 3_000, 3_000, 5_000, 2_000, 1_800]);
    const lines = await t.db('sale_lines').where({ sale_id: sale.id });
    expect(
      lines.map((l) => [
        Number(l.quantity),
        Number(l.unit_price),
        Number(l.list_price),
        Number(l.net),
        Number(l.unit_cost),
      ]),
    ).toEqual([[3, 1_000, 1_000, 3_000, 600]]);
    expect(await balanceOf(t.db, desk)).toBe(deskBefore + 3_000);
    const moves = await t.db('money_movements').where({ document_type: 'sale', document_id: sale.id });
    expect(
      moves.map((m) => [Number(m.account_id), Number(m.amount), m.payment_method, m.movement_type, m.document_number]),
    ).toEqual([[desk, 3_000, 'especes', 'sale', sale.number]]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'sale.counter_validated', subject_id: String(sale.id) })
        .first('id'),
    ).toBeTruthy();
  });

  it('a split payment: mobile money at its exact amount into the operator wallet, the rest in cash with change', async () => {
    const p = await product();
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 5)],
        payments: [mobilePayment(3_000, 'OM260310.1234.A56789'), cashPayment(5_000)],
      }),
    );
    expect(sale.change).toBe(3_000);
    const moves = await t
      .db('money_movements')
      .join('treasury_accounts', 'treasury_accounts.id', 'money_movements.account_id')
      .where({ document_type: 'sale', document_id: sale.id })
      .orderBy('money_movements.id');
    expect(moves.map((m) => [m.kind, m.operator, Number(m.amount), m.reference])).toEqual([
      ['mobile_money', 'orange_money', 3_000, 'OM260310.1234.A56789'],
      ['caisse', null, 2_000, null],
    ]);
    const payments = await t.db('sale_payments').where({ sale_id: sale.id }).orderBy('id');
    expect(payments.map((x) => [x.method, Number(x.amount)])).toEqual([
      ['mobile_money', 3_000],
      ['especes', 2_000],
    ]);
  });

  it('an invoice on credit: FAC number, the client balance grows, no money moves, status unpaid', async () => {
    const p = await product();
    const client = await makeClient(t.db, { credit_limit: 100_000 });
    const before = await lastNumber(t.db, 'FAC', 2026);
    const sale = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        paymentMode: 'credit',
        dueDate: '2026-04-10',
        lines: [line(p, 4)],
      }),
    );
    expect(sale.number).toBe(`FAC-2026-${String(before + 1).padStart(6, '0')}`);
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(4_000);
    const row = (await t.db('sales').where({ id: sale.id }).first())!;
    expect([row.payment_status, row.due_date, Number(row.amount_paid)]).toEqual(['unpaid', '2026-04-10', 0]);
    expect(
      await t.db('money_movements').where({ document_type: 'sale', document_id: sale.id }).first(),
    ).toBeUndefined();
  });

  it('refuses credit beyond the limit without the right, naming the balances; allows it with the right', async () => {
    const p = await product();
    const client = await makeClient(t.db, { name: 'Quincaillerie Kouamé', credit_limit: 10_000, balance: 8_000 });
    const input = () =>
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        paymentMode: 'credit',
        dueDate: '2026-04-10',
        lines: [line(p, 3)],
      });
    const n = await sales();
    const err = await refusal(sell(t.db, input()));
    expect(err?.errors.payment_mode).toMatch(
      /^Cette vente porterait le solde de « Quincaillerie Kouamé » à 11\s000\sFCFA, au-delà de son plafond de crédit de 10\s000\sFCFA/,
    );
    expect(await sales()).toBe(n);
    expect(await levelOf(t.db, p, f.shop)).toBe(20);
    await sell(t.db, input(), ALL_RIGHTS);
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(11_000);
  });

  it('never sells on credit to CLIENT COMPTANT', async () => {
    const p = await product();
    const err = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          paymentMode: 'credit',
          dueDate: '2026-04-10',
          lines: [line(p, 1)],
        }),
        ALL_RIGHTS,
      ),
    );
    expect(err?.errors.payment_mode).toMatch(/CLIENT COMPTANT ne peut pas acheter à crédit/);
  });

  it('refuses a price below the minimum (typed, or through a discount) without the right, naming the minimum', async () => {
    const p = await product({ name: 'Ciment 50 kg', retail_price: 5_000, min_price: 4_500 });
    const typed = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          lines: [line(p, 2, { unitPrice: 4_000 })],
          payments: [cashPayment(8_000)],
        }),
      ),
    );
    expect(typed?.errors['lines.0.unit_price']).toMatch(
      /« Ciment 50 kg » ne peut pas être vendu sous son prix minimum de 4\s500\sFCFA/,
    );
    const discounted = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          lines: [line(p, 2, { discount: 1_500 })],
          payments: [cashPayment(8_500)],
        }),
      ),
    );
    expect(discounted?.errors['lines.0.discount']).toMatch(/remise comprise/);
    const ok = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 2, { unitPrice: 4_000 })],
        payments: [cashPayment(8_000)],
      }),
      ALL_RIGHTS,
    );
    expect(ok.total).toBe(8_000);
  });

  it('refuses a payment that does not cover the sale, a mobile-money payment without its transaction id, and one above the total', async () => {
    const p = await product();
    const base = { clientId: walkIn, locationId: f.shop, lines: [line(p, 2)] };
    expect(
      (await refusal(sell(t.db, saleInput({ ...base, payments: [cashPayment(1_500)] }))))?.errors['payments.0.amount'],
    ).toMatch(/il manque 500\sFCFA sur 2\s000\sFCFA/);
    expect(
      (await refusal(sell(t.db, saleInput({ ...base, payments: [mobilePayment(2_000, '  ')] }))))?.errors[
        'payments.0.reference'
      ],
    ).toMatch(/identifiant de la transaction/);
    expect(
      (await refusal(sell(t.db, saleInput({ ...base, payments: [mobilePayment(2_500)] }))))?.errors[
        'payments.0.amount'
      ],
    ).toMatch(/dépasse de 500\sFCFA/);
    expect((await refusal(sell(t.db, saleInput({ ...base, payments: [] }))))?.errors.payments).toMatch(
      /Encaissez la vente/,
    );
    expect(await levelOf(t.db, p, f.shop)).toBe(20);
  });

  it('refuses to sell more than the stock and writes nothing, not even a number', async () => {
    const p = await product({ name: 'Huile 5 L' }, 2);
    const before = await lastNumber(t.db, 'VB', 2026);
    const n = await sales();
    const err = await refusal(
      sell(
        t.db,
        saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 3)], payments: [cashPayment(3_000)] }),
      ),
    );
    expect(err?.errors['lines.0.quantity']).toMatch(/Stock insuffisant pour « Huile 5 L »/);
    expect([await lastNumber(t.db, 'VB', 2026), await sales(), await levelOf(t.db, p, f.shop)]).toEqual([before, n, 2]);
  });

  it('registers its mobile-money transaction ids and refuses one already recorded for the operator, on its field, writing nothing', async () => {
    const p = await product();
    const first = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 1)],
        payments: [mobilePayment(1_000, ' om-sale-reuse-1 ')],
      }),
    );
    expect(
      await t.db('mobile_money_references').where({ operator: 'orange_money', reference: 'OM-SALE-REUSE-1' }).first(),
    ).toMatchObject({ document_type: 'sale', document_number: first.number });
    const n = await sales();
    const err = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          lines: [line(p, 2)],
          payments: [cashPayment(1_000), mobilePayment(1_000, 'OM-SALE-REUSE-1')],
        }),
      ),
    );
    expect(err?.errors['payments.1.reference']).toBe(
      `La transaction Orange Money « OM-SALE-REUSE-1 » est déjà enregistrée par la vente ${first.number} : un identifiant de transaction ne sert qu’une fois. Vérifiez le SMS de confirmation du client.`,
    );
    expect([await sales(), await levelOf(t.db, p, f.shop)]).toEqual([n, 19]);
    // The same id twice in one sale, and the same id at another operator (another transaction).
    const twice = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          lines: [line(p, 2)],
          payments: [mobilePayment(1_000, 'OM-TWICE'), mobilePayment(1_000, 'om-twice')],
        }),
      ),
    );
    expect(twice?.errors['payments.1.reference']).toMatch(/figure deux fois dans ce document/);
    const wave = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'wave' });
    await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        lines: [line(p, 1)],
        payments: [{ ...mobilePayment(1_000, 'OM-SALE-REUSE-1', 'wave'), accountId: wave }],
      }),
    );
  });

  it('the same idempotency key twice creates one sale', async () => {
    const p = await product();
    const input = saleInput({
      clientId: walkIn,
      locationId: f.shop,
      lines: [line(p, 1)],
      payments: [cashPayment(1_000)],
    });
    const first = await sell(t.db, input);
    const again = await sell(t.db, input);
    expect(again).toMatchObject({ id: first.id, number: first.number, replayed: true });
    expect(await levelOf(t.db, p, f.shop)).toBe(19);
  });

  it('refuses a stale form: a price of a product changed after the form was opened', async () => {
    const p = await product({ name: 'Savon Lux' });
    const opened = new Date(Date.now() - 5_000).toISOString();
    await t.db('price_history').insert({
      product_id: p,
      field: 'retail_price',
      old_value: 900,
      new_value: 1_000,
      user_id: null,
      source: 'manual',
      changed_at: new Date().toISOString(),
    });
    const err = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          formLoadedAt: opened,
          lines: [line(p, 1)],
          payments: [cashPayment(1_000)],
        }),
      ),
    );
    expect(err?.errors['lines.0.unit_price']).toMatch(
      /le prix de « Savon Lux » a changé depuis l’ouverture du formulaire/,
    );
  });

  it('prices a wholesale client at the wholesale price, and merges the same product at the same price', async () => {
    const p = await product({ retail_price: 1_000, wholesale_price: 850 });
    const client = await makeClient(t.db, { price_level: 'gros', credit_limit: 1_000_000 });
    const sale = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        paymentMode: 'credit',
        dueDate: '2026-03-31',
        lines: [line(p, 2), line(p, 3)],
      }),
    );
    const lines = await t.db('sale_lines').where({ sale_id: sale.id });
    expect(lines.map((l) => [Number(l.quantity), Number(l.unit_price), Number(l.net)])).toEqual([[5, 850, 4_250]]);
    const conflict = await refusal(
      sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: f.shop,
          paymentMode: 'credit',
          dueDate: '2026-03-31',
          lines: [line(p, 2), line(p, 3, { unitPrice: 900 })],
        }),
      ),
    );
    expect(conflict?.errors['lines.1.unit_price']).toMatch(/figure déjà à la ligne 1 à un autre prix/);
  });

  it('with VAT enabled, derives HT and TVA from the VAT-inclusive total, rounded once', async () => {
    const p = await product({ retail_price: 1_180 });
    await t.db('company_settings').where({ id: 1 }).update({ vat_enabled: true, vat_rate_bp: 1_800 });
    try {
      const sale = await sell(
        t.db,
        saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(p, 3)], payments: [cashPayment(3_540)] }),
      );
      const row = (await t.db('sales').where({ id: sale.id }).first())!;
      expect([Number(row.total_ttc), Number(row.total_ht), Number(row.vat_amount), row.vat_rate_bp]).toEqual([
        3_540, 3_000, 540, 1_800,
      ]);
    } finally {
      await t.db('company_settings').where({ id: 1 }).update({ vat_enabled: false });
    }
  });

  it('spreads the document discount over the lines for later returns, and refuses a discount above the lines', async () => {
    const a = await product();
    const b = await product();
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        discount: 300,
        lines: [line(a, 1), line(b, 2)],
        payments: [cashPayment(2_700)],
      }),
    );
    const lines = await t.db('sale_lines').where({ sale_id: sale.id }).orderBy('position');
    expect(lines.map((l) => Number(l.allocated_discount))).toEqual([100, 200]);
    const err = await refusal(
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          discount: 5_000,
          lines: [line(a, 1)],
          payments: [cashPayment(0)],
        }),
      ),
    );
    expect(err?.errors.discount).toMatch(/La remise globale \(5\s000\sFCFA\) dépasse le montant des lignes/);
  });

  it('refuses cash at a location without an active desk, and an archived product', async () => {
    const p = await product({}, 0);
    await giveStock(t.db, p, f.depot, 5, 500);
    await t.db('treasury_accounts').where({ kind: 'caisse', location_id: f.depot }).update({ active: false });
    try {
      const err = await refusal(
        sell(
          t.db,
          saleInput({ clientId: walkIn, locationId: f.depot, lines: [line(p, 1)], payments: [cashPayment(1_000)] }),
        ),
      );
      expect(err?.errors['payments.0.account_id']).toMatch(/Aucune caisse active à cet emplacement/);
    } finally {
      await t.db('treasury_accounts').where({ kind: 'caisse', location_id: f.depot }).update({ active: true });
    }
    const archived = await product({ name: 'Ancien modèle', active: false });
    const err = await refusal(
      sell(
        t.db,
        saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(archived, 1)], payments: [cashPayment(1_000)] }),
      ),
    );
    expect(err?.errors['lines.0.product_id']).toMatch(/« Ancien modèle » est archivé/);
  });
});
