import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/domain/dates.js';
import { Refusal } from '../../../server/domain/errors.js';
import { companyToday } from '../../../server/services/company/get-company.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { closingDraft } from '../../../server/services/cash-closings/cash-closings.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { makeDeskAccount, makeShop } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { download } from '../../support/master-data.js';
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
import { settle, settlementInput } from '../../support/settlements.js';
import { giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { balanceOf, closeDesk, countsFor, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const ctx = (businessDate: string, over: object = {}) => ({
  documentType: 'test',
  documentId: null,
  documentNumber: null,
  userId: null,
  businessDate,
  ...over,
});
const fr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe.each(testDatabases())('arrêtés de caisse (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let today: string;
  let category: number;

  const count = async (table: string, where: object = {}) =>
    Number((await t.db(table).where(where).count({ n: '*' }).first())!.n);
  const errorsAfter = async (c: Client, res: { status: number }) => {
    expect(res.status).toBe(303);
    return (await c.visit(route('cash.closings.create'))).body.props.errors;
  };
  /** A desk of its own with `float` in it the day before `day`, and `sales` cash on `day`. */
  const deskWith = async (day: string, float: number, sales: number) => {
    const desk = await makeDeskAccount(t.db);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: float, movementType: 'opening', paymentMethod: 'especes' }],
        ctx(addDays(day, -1)),
      ),
    );
    if (sales)
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: sales, movementType: 'sale', paymentMethod: 'especes' }],
          ctx(day),
        ),
      );
    return desk;
  };
  const closingBody = (
    desk: number,
    day: string,
    expected: number,
    counts: Array<{ key: string; count: number | string }>,
    reason = '',
  ) => ({ idempotency_key: idempotencyKey(), account_id: desk, day, counts, reason, expected_seen: expected });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    today = await companyToday(t.db);
    category = (await stockFixtures(t.db)).category;
  });
  afterAll(() => t.close());
  afterEach(() => expectCashConsistent(t.db));

  it('closes a day counted by denominations with a 500 FCFA shortage explained: difference posted, balance = drawer, audit entry, report', async () => {
    const day = addDays(today, -2);
    const desk = await deskWith(day, 25_000, 82_000);
    expect(
      (await admin.visit(route('cash.closings.create', { account_id: desk, day }))).body.props.draft,
    ).toMatchObject({ opening_balance: 25_000, expected: 107_000, movement_count: 1 });
    // 10 × 10 000 + 1 × 5 000 + 3 × 500 (coins) = 106 500: 500 short.
    const counts = [
      { key: 'b10000', count: 10 },
      { key: 'b5000', count: 1 },
      { key: 'p500', count: 3 },
      { key: 'p25', count: '' },
    ];

    const refused = await admin.post(ROUTES['cash.closings.index'], closingBody(desk, day, 107_000, counts));
    expect((await errorsAfter(admin, refused)).reason).toBe(
      'Expliquez l’écart de \u2212500\u00a0FCFA (manquant) : le motif est obligatoire.',
    );
    expect(await count('cash_closings', { account_id: desk })).toBe(0);

    const res = await admin.post(
      ROUTES['cash.closings.index'],
      closingBody(desk, day, 107_000, counts, 'Erreur de rendu de monnaie sur une vente'),
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.location.split('/').pop());
    expect(res.headers.location).toBe(route('cash.closings.show', { id }));
    const closing = (await t.db('cash_closings').where({ id }).first())!;
    expect([
      closing.status,
      closing.closing_date,
      Number(closing.opening_balance),
      Number(closing.expected),
      Number(closing.counted),
      Number(closing.difference),
      closing.reason,
    ]).toEqual(['closed', day, 25_000, 107_000, 106_500, -500, 'Erreur de rendu de monnaie sur une vente']);
    const diff = (await t
      .db('money_movements')
      .where({ account_id: desk, movement_type: 'closing_difference' })
      .first())!;
    expect([Number(diff.amount), diff.business_date, diff.document_type, Number(diff.document_id)]).toEqual([
      -500,
      day,
      'cash_closing',
      id,
    ]);
    expect(await balanceOf(t.db, desk)).toBe(106_500);
    const audit = await t
      .db('audit_log')
      .where({ action: 'cash.closing_validated', subject_id: String(id) })
      .first();
    expect(audit).toBeTruthy();

    const page = await admin.visit(route('cash.closings.show', { id }));
    expect(page.body.props.closing).toMatchObject({
      expected: 107_000,
      counted: 106_500,
      difference: -500,
      status: 'closed',
      is_last: true,
    });
    expect(
      page.body.props.count_lines.map((l: { key: string; count: number; total: number }) => [l.key, l.count, l.total]),
    ).toEqual([
      ['b10000', 10, 100_000],
      ['b5000', 1, 5_000],
      ['p500', 3, 1_500],
    ]);
    for (const format of ['A4', '80mm']) {
      const print = await admin.visit(route('cash.closings.print', { id }, { format }));
      expect(print.status).toBe(200);
      expect(print.body.props.settings.format).toBe(format);
      expect(print.body.props.closing.counted).toBe(106_500);
    }
    // The next day opens on what was counted.
    expect((await closingDraft(t.db, desk, addDays(day, 1))).opening_balance).toBe(106_500);
  });

  it('bad input: a negative, non-integer or unknown count, a future day, a stale expected amount — French message, nothing written', async () => {
    const desk = await deskWith(today, 10_000, 0);
    const cases: Array<[object, string, string | RegExp]> = [
      [
        closingBody(desk, today, 10_000, [{ key: 'b10000', count: -1 }]),
        'counts.0.count',
        'Le champ nombre de billets ou de pièces doit être supérieur ou égal à 0.',
      ],
      [
        closingBody(desk, today, 10_000, [{ key: 'b10000', count: 'deux' }]),
        'counts.0.count',
        'Le champ nombre de billets ou de pièces doit être un nombre entier.',
      ],
      [
        closingBody(desk, today, 10_000, [{ key: 'b7000', count: 1 }]),
        'counts.0.count',
        'Coupure inconnue pour cette devise.',
      ],
      [
        closingBody(desk, today, 10_000, [{ key: 'b10000', count: 2_000_000 }]),
        'counts.0.count',
        /^Au plus 1\s000\s000 billets ou pièces/,
      ],
      [
        closingBody(desk, addDays(today, 1), 10_000, [{ key: 'b10000', count: 1 }]),
        'day',
        /^On ne peut pas arrêter une journée future/,
      ],
      [
        closingBody(desk, '2026-02-30', 10_000, [{ key: 'b10000', count: 1 }]),
        'day',
        'La journée n’est pas une date du calendrier.',
      ],
      [
        closingBody(desk, today, 9_000, [{ key: 'b10000', count: 1 }]),
        'counts',
        /^De nouveaux mouvements ont été enregistrés pendant le comptage : l’attendu est maintenant de 10\s000\sFCFA/,
      ],
      [
        { ...closingBody(desk, today, 10_000, [{ key: 'b10000', count: 1 }]), account_id: 'x' },
        'account_id',
        'Choisissez la caisse à arrêter.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const errors = await errorsAfter(admin, await admin.post(ROUTES['cash.closings.index'], body));
      if (typeof message === 'string') expect(errors[field], JSON.stringify([body, errors])).toBe(message);
      else expect(errors[field] ?? JSON.stringify(errors), JSON.stringify(body)).toMatch(message);
    }
    expect(await count('cash_closings', { account_id: desk })).toBe(0);
    expect(await count('money_movements', { account_id: desk })).toBe(1);
  });

  it('refuses a second closing of the day, and a day before the last closing, in French; the screen says the day is closed', async () => {
    const day = addDays(today, -1);
    const desk = await deskWith(day, 5_000, 0);
    await closeDesk(t.db, desk, day);
    const again = await errorsAfter(
      admin,
      await admin.post(ROUTES['cash.closings.index'], closingBody(desk, day, 5_000, countsFor(5_000))),
    );
    expect(again.day).toMatch(new RegExp(`^La journée du ${fr(day)} est déjà arrêtée pour la caisse « Caisse test `));
    const earlier = await errorsAfter(
      admin,
      await admin.post(ROUTES['cash.closings.index'], closingBody(desk, addDays(day, -3), 5_000, countsFor(5_000))),
    );
    expect(earlier.day).toMatch(
      new RegExp(
        `est déjà arrêtée jusqu’au ${fr(day)} : la journée du ${fr(addDays(day, -3))} ne peut plus être arrêtée\\.$`,
      ),
    );
    expect(await count('cash_closings', { account_id: desk })).toBe(1);
    const screen = await admin.visit(route('cash.closings.create', { account_id: desk, day }));
    expect(screen.body.props.draft.closing_id).toBeGreaterThan(0);
  });

  it('a closed day is locked: a manual movement dated on it (or before) is refused by name, nothing written', async () => {
    const day = addDays(today, -1);
    const desk = await deskWith(day, 20_000, 0);
    await closeDesk(t.db, desk, day);
    const before = await count('money_movements', { account_id: desk });
    const onDay = await t.db
      .transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: -1_000, movementType: 'cash_out', paymentMethod: 'especes', field: 'amount' }],
          ctx(day),
        ),
      )
      .catch((e) => e);
    expect(onDay).toBeInstanceOf(Refusal);
    expect(onDay.errors.amount).toMatch(
      new RegExp(
        `^La journée du ${fr(day)} est arrêtée pour la caisse « Caisse test .* » : aucun mouvement ne peut plus y être enregistré \\(faites rouvrir l’arrêté pour la corriger\\)\\.$`,
      ),
    );
    const earlier = await t.db
      .transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: 1_000, movementType: 'cash_in', paymentMethod: 'especes' }],
          ctx(addDays(day, -4)),
        ),
      )
      .catch((e) => e);
    expect(earlier.errors.payment).toMatch(
      new RegExp(`est arrêtée jusqu’au ${fr(day)} : aucun mouvement ne peut être daté du ${fr(addDays(day, -4))}\\.$`),
    );
    expect(await count('money_movements', { account_id: desk })).toBe(before);
    // The next day is open.
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: -1_000, movementType: 'cash_out', paymentMethod: 'especes' }],
        ctx(addDays(day, 1)),
      ),
    );
    // A bank account has no closing: never locked.
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: bank, amount: 1_000, movementType: 'cash_in', paymentMethod: 'virement' }],
        ctx('2020-01-01'),
      ),
    );
  });

  it('the Caisse home says on each desk’s card whether today is closed (nothing for a bank or a wallet)', async () => {
    const closed = await deskWith(today, 5_000, 0);
    const open = await deskWith(today, 5_000, 0);
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await closeDesk(t.db, closed, today);
    const cards = (await admin.visit(route('cash.index'))).body.props.accounts as Array<{
      id: number;
      today_closed: boolean | null;
    }>;
    const card = (id: number) => cards.find((a) => a.id === id)?.today_closed;
    expect([card(closed), card(open), card(bank)]).toEqual([true, false, null]);
  });

  it('sales and corrections on a closed day land on the next open day of the desk: the sale keeps its date, the closed day its figures', async () => {
    const shop = await makeShop(t.db, admin);
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `AR${tag}`.slice(0, 30),
      name: `Riz ${tag}`,
      category_id: category,
      retail_price: 4_000,
    });
    await giveStock(t.db, product, shop.location, 20);
    const walkIn = await walkInClient(t.db);
    const first = await sell(
      t.db,
      saleInput({
        kind: 'counter',
        clientId: walkIn,
        locationId: shop.location,
        saleDate: today,
        lines: [line(product, 1, { unitPrice: 4_000 })],
        payments: [cashPayment(4_000)],
      }),
    );
    const closed = await closeDesk(t.db, shop.desk, today);
    expect(closed.expected).toBe(4_000);

    const late = await sell(
      t.db,
      saleInput({
        kind: 'counter',
        clientId: walkIn,
        locationId: shop.location,
        saleDate: today,
        lines: [line(product, 2, { unitPrice: 4_000 })],
        payments: [cashPayment(8_000)],
      }),
    );
    expect((await t.db('sales').where({ id: late.id }).first('sale_date'))!.sale_date).toBe(today);
    const moved = (await t.db('money_movements').where({ document_type: 'sale', document_id: late.id }).first())!;
    expect([Number(moved.account_id), Number(moved.amount), moved.business_date]).toEqual([
      shop.desk,
      8_000,
      addDays(today, 1),
    ]);
    // A credit note on the first sale: its refund goes to the next open day too.
    const lineId = Number((await t.db('sale_lines').where({ sale_id: first.id }).first('id'))!.id);
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: first.id,
        reason: 'Sac percé',
        version: 1,
        lines: [{ saleLineId: lineId, quantity: 1 }],
      },
      await adminActor(t.db),
    );
    const refund = (await t
      .db('money_movements')
      .where({ document_type: 'credit_note', document_id: note.id })
      .first())!;
    expect([Number(refund.amount), refund.business_date]).toEqual([-4_000, addDays(today, 1)]);
    // The closed day did not move; the next one holds both.
    expect((await closingDraft(t.db, shop.desk, today)).expected).toBe(4_000);
    expect(await t.db('cash_closings').where({ id: closed.id }).first('expected')).toMatchObject({ expected: 4_000 });
    expect((await closingDraft(t.db, shop.desk, addDays(today, 1))).expected).toBe(8_000);
  });

  it('a cash settlement dated on a closed day lands on the desk’s next open day', async () => {
    const day = addDays(today, -4);
    const desk = await deskWith(day, 1_000, 0);
    await closeDesk(t.db, desk, day);
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const r = await settle(
      t.db,
      settlementInput({ clientId: client, amount: 6_000, settlementDate: day, accountId: desk }),
    );
    const m = (await t.db('money_movements').where({ document_type: 'settlement', document_id: r.id }).first())!;
    expect([Number(m.account_id), Number(m.amount), m.business_date]).toEqual([desk, 6_000, addDays(day, 1)]);
    expect((await t.db('settlements').where({ id: r.id }).first('settlement_date'))!.settlement_date).toBe(day);
    expect((await closingDraft(t.db, desk, day)).expected).toBe(1_000);
  });

  it('non-cash takings of the day are listed by method for the desk, cash stays out of them', async () => {
    const shop = await makeShop(t.db, admin);
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `NC${tag}`.slice(0, 30),
      name: `Huile ${tag}`,
      category_id: category,
      retail_price: 3_000,
    });
    await giveStock(t.db, product, shop.location, 10);
    const wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    const walkIn = await walkInClient(t.db);
    await sell(
      t.db,
      saleInput({
        kind: 'counter',
        clientId: walkIn,
        locationId: shop.location,
        saleDate: today,
        lines: [line(product, 3, { unitPrice: 3_000 })],
        payments: [cashPayment(3_000), { ...mobilePayment(6_000, `OM${tag}`), accountId: wallet }],
      }),
    );
    const draft = await closingDraft(t.db, shop.desk, today);
    expect(draft.expected).toBe(3_000);
    expect(draft.non_cash).toEqual([
      expect.objectContaining({
        method: 'mobile_money',
        operator: 'orange_money',
        account_id: wallet,
        total: 6_000,
        count: 1,
      }),
    ]);
  });

  it('reopening needs cash.reopen and a reason, reverses the difference, is audited; the day takes movements again and is closed anew', async () => {
    const day = addDays(today, -3);
    const desk = await deskWith(day, 10_000, 2_000);
    const closed = await closeDesk(t.db, desk, day, { counted: 11_500, reason: 'Billet de 500 introuvable' });
    expect(closed.difference).toBe(-500);
    const url = route('cash.closings.reopen', { id: closed.id });

    const tag = uniqueTag().toLowerCase();
    const cashier = await userWithPermissions(t, `caissier-${tag}@test.local`, ['menu.caisse', 'cash.closing']);
    const c = new Client(t);
    await c.login(cashier.email, cashier.password);
    expect((await c.post(url, { reason: 'Erreur de saisie' })).status).toBe(403);
    expect((await c.visit(route('cash.closings.show', { id: closed.id }))).body.props.can.reopen).toBe(false);

    const empty = await admin.post(
      url,
      { reason: '  ' },
      { Referer: `http://localhost${route('cash.closings.show', { id: closed.id })}` },
    );
    expect(empty.status).toBe(303);
    expect((await admin.visit(route('cash.closings.show', { id: closed.id }))).body.props.errors.reason).toBe(
      'Le motif de la réouverture est obligatoire.',
    );
    expect((await t.db('cash_closings').where({ id: closed.id }).first('status'))!.status).toBe('closed');

    const res = await admin.post(url, { reason: 'Le billet a été retrouvé sous le tiroir' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(route('cash.closings.create', { account_id: desk, day }));
    const row = (await t.db('cash_closings').where({ id: closed.id }).first())!;
    expect([row.status, row.open_key, row.reopen_reason]).toEqual([
      'reopened',
      null,
      'Le billet a été retrouvé sous le tiroir',
    ]);
    const reversal = (await t
      .db('money_movements')
      .where({ account_id: desk, movement_type: 'closing_difference' })
      .orderBy('id', 'desc')
      .first())!;
    expect([Number(reversal.amount), reversal.business_date]).toEqual([500, day]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'cash.closing_reopened', subject_id: String(closed.id) })
        .first(),
    ).toBeTruthy();
    // Reopened twice: refused.
    await admin.post(url, { reason: 'Encore une fois' });
    expect(await count('cash_closings', { id: closed.id, status: 'reopened' })).toBe(1);

    // The day takes a correction, then is closed again on the true figures.
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: -1_000, movementType: 'cash_out', paymentMethod: 'especes' }],
        ctx(day),
      ),
    );
    const draft = await closingDraft(t.db, desk, day);
    expect(draft.expected).toBe(11_000);
    const redo = await closeDesk(t.db, desk, day);
    expect([redo.expected, redo.difference]).toEqual([11_000, 0]);
    expect(await balanceOf(t.db, desk)).toBe(11_000);
  });

  it('only the last closing of a desk can be reopened', async () => {
    const day = addDays(today, -6);
    const desk = await deskWith(day, 1_000, 0);
    const first = await closeDesk(t.db, desk, day);
    await closeDesk(t.db, desk, addDays(day, 1));
    expect((await admin.visit(route('cash.closings.show', { id: first.id }))).body.props.can.reopen).toBe(false);
    const res = await admin.post(
      route('cash.closings.reopen', { id: first.id }),
      { reason: 'Erreur de comptage' },
      { Referer: `http://localhost${route('cash.closings.show', { id: first.id })}` },
    );
    expect(res.status).toBe(303);
    expect((await admin.visit(route('cash.closings.show', { id: first.id }))).body.props.flash.error).toMatch(
      /^La caisse « .* » est arrêtée jusqu’au .* : rouvrez d’abord cet arrêté-là, puis celui du /,
    );
    expect((await t.db('cash_closings').where({ id: first.id }).first('status'))!.status).toBe('closed');
  });

  it('guards: the screens need the Caisse menu, validating needs cash.closing', async () => {
    const desk = await deskWith(today, 2_000, 0);
    const tag = uniqueTag().toLowerCase();
    const viewer = await userWithPermissions(t, `lecteur-${tag}@test.local`, ['menu.caisse']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit(route('cash.closings.index'))).status).toBe(200);
    expect((await c.visit(route('cash.situation'))).status).toBe(200);
    expect((await c.visit(route('cash.closings.create'))).status).toBe(403);
    expect(
      (await c.post(ROUTES['cash.closings.index'], closingBody(desk, today, 2_000, countsFor(2_000)))).status,
    ).toBe(403);
    expect(await count('cash_closings', { account_id: desk })).toBe(0);
    const nobody = await userWithPermissions(t, `rien-${tag}@test.local`, ['menu.dashboard']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    for (const url of [
      route('cash.closings.index'),
      route('cash.situation'),
      route('cash.situation.print'),
      route('cash.situation.export'),
    ])
      expect((await n.visit(url)).status, url).toBe(403);
  });

  it('replays a double submit: one closing, the same page', async () => {
    const desk = await deskWith(today, 3_000, 0);
    const body = closingBody(desk, today, 3_000, countsFor(3_000));
    const a = await admin.post(ROUTES['cash.closings.index'], body);
    const b = await admin.post(ROUTES['cash.closings.index'], body);
    expect(b.headers.location).toBe(a.headers.location);
    expect(await count('cash_closings', { account_id: desk })).toBe(1);
  });

  it('situation de caisse: opening, ins and outs by type, closing balance and days with their closings; print and export', async () => {
    const desk = await makeDeskAccount(t.db);
    const d1 = '2026-05-04';
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 30_000, movementType: 'opening', paymentMethod: 'especes' }],
        ctx('2026-04-28'),
      ),
    );
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [
          { accountId: desk, amount: 15_000, movementType: 'sale', paymentMethod: 'especes' },
          { accountId: desk, amount: -4_000, movementType: 'cash_out', paymentMethod: 'especes' },
          { accountId: desk, amount: -20_000, movementType: 'bank_deposit', paymentMethod: 'especes' },
        ],
        ctx(d1),
      ),
    );
    await closeDesk(t.db, desk, d1, { counted: 20_750, reason: 'Pièce de 250 perdue' });
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 7_000, movementType: 'settlement', paymentMethod: 'especes' }],
        ctx('2026-05-06'),
      ),
    );
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 1_000, movementType: 'sale', paymentMethod: 'especes' }],
        ctx('2026-06-01'),
      ),
    );

    const res = await admin.visit(route('cash.situation', { account_id: desk, from: '2026-05-01', to: '2026-05-31' }));
    const s = res.body.props.situation;
    expect([s.opening_balance, s.total_in, s.total_out, s.closing_balance, s.movement_count]).toEqual([
      30_000, 22_000, 24_250, 27_750, 5,
    ]);
    expect(
      s.by_type.map((r: { movement_type: string; total_in: number; total_out: number }) => [
        r.movement_type,
        r.total_in,
        r.total_out,
      ]),
    ).toEqual([
      ['sale', 15_000, 0],
      ['settlement', 7_000, 0],
      ['cash_out', 0, 4_000],
      ['bank_deposit', 0, 20_000],
      ['closing_difference', 0, 250],
    ]);
    expect(
      s.days.map((d: { day: string; balance: number; difference: number | null }) => [d.day, d.balance, d.difference]),
    ).toEqual([
      [d1, 20_750, -250],
      ['2026-05-06', 27_750, null],
    ]);
    // The next month opens on the closing balance (through the closing of the 4th).
    expect(
      (await admin.visit(route('cash.situation', { account_id: desk, from: '2026-06-01', to: '2026-06-30' }))).body
        .props.situation.opening_balance,
    ).toBe(27_750);
    const print = await admin.visit(
      route('cash.situation.print', { account_id: desk, from: '2026-05-01', to: '2026-05-31' }),
    );
    expect(print.status).toBe(200);
    expect(print.body.props.situation.closing_balance).toBe(27_750);
    const csv = await download(
      admin,
      route('cash.situation.export', { account_id: desk, from: '2026-05-01', to: '2026-05-31', format: 'csv' }),
    );
    expect(csv.status).toBe(200);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text).toContain('Versement banque');
    expect(text).toContain('27750');
  });

  it('situation de caisse: the décaissements split by expense category (cancelled ones included, their reversal apart), summing to the line; print and export', async () => {
    const desk = await makeDeskAccount(t.db);
    const tag = uniqueTag();
    const now = new Date().toISOString();
    const [transport, rent] = await Promise.all(
      ['Transport', 'Loyer'].map(async (name) =>
        Number(
          (
            await t.db('expense_categories').insert(
              {
                code: `${name.slice(0, 3)}${tag}`.slice(0, 20),
                name: `${name} ${tag}`,
                active: true,
                created_at: now,
                updated_at: now,
              },
              ['id'],
            )
          )[0].id,
        ),
      ),
    );
    const d1 = '2026-07-06';
    const d2 = '2026-07-09';
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 50_000, movementType: 'opening', paymentMethod: 'especes' }],
        ctx('2026-07-01'),
      ),
    );
    // A décaissement as the service writes it: the operation and its cash_out movement on its day.
    const expense = async (day: string, amount: number, categoryId: number) => {
      const number = `CAI-T${uniqueTag()}`.slice(0, 30);
      const [row] = await t.db('cash_operations').insert(
        {
          number,
          kind: 'expense',
          status: 'done',
          operation_date: day,
          amount,
          from_account_id: desk,
          expense_category_id: categoryId,
          payment_method: 'especes',
          beneficiary: 'X',
          created_at: now,
          updated_at: now,
        },
        ['id'],
      );
      const id = Number(row.id);
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: -amount, movementType: 'cash_out', paymentMethod: 'especes' }],
          ctx(day, { documentType: 'cash_operation', documentId: id, documentNumber: number }),
        ),
      );
      return { id, number };
    };
    const cancel = async (op: { id: number; number: string }, amount: number, day: string) => {
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount, movementType: 'cash_operation_cancel', paymentMethod: 'especes' }],
          ctx(day, { documentType: 'cash_operation', documentId: op.id, documentNumber: op.number }),
        ),
      );
      await t
        .db('cash_operations')
        .where({ id: op.id })
        .update({ status: 'cancelled', cancelled_on: day, cancelled_at: now, cancel_reason: 'Doublon' });
    };
    await expense(d1, 2_000, transport);
    await expense(d1, 3_500, transport);
    await expense(d1, 10_000, rent);
    const doubled = await expense(d1, 1_500, rent);
    await expense('2026-07-12', 9_999, rent); // after the period
    await cancel(doubled, 1_500, d2);
    // Not an operation: a cash_out posted directly stays in the line, as « autres ».
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: -700, movementType: 'cash_out', paymentMethod: 'especes' }],
        ctx(d2),
      ),
    );

    type Line = {
      movement_type: string;
      total_in: number;
      total_out: number;
      count: number;
      details?: Array<{ key: string; label: string; total_out: number; count: number }>;
    };
    const situation = async (from: string, to: string) =>
      (await admin.visit(route('cash.situation', { account_id: desk, from, to }))).body.props.situation as {
        by_type: Line[];
        total_out: number;
      };
    const sumsToLine = (line: Line) => {
      expect(line.details!.reduce((n, d) => n + d.total_out, 0)).toBe(line.total_out);
      expect(line.details!.reduce((n, d) => n + d.count, 0)).toBe(line.count);
    };
    // Cancelled later (after the period): the expense is in its category, as in the line.
    const early = await situation(d1, d1);
    const out1 = early.by_type.find((r) => r.movement_type === 'cash_out')!;
    expect([out1.total_out, out1.count]).toEqual([17_000, 4]);
    expect(out1.details!.map((d) => [d.key, d.label, d.count, d.total_out])).toEqual([
      [String(rent), `Loyer ${tag} (dont 1 annulée)`, 2, 11_500],
      [String(transport), `Transport ${tag}`, 2, 5_500],
    ]);
    sumsToLine(out1);
    expect(early.by_type.some((r) => r.movement_type === 'cash_operation_cancel')).toBe(false);
    // Cancelled within the period: the expense stays in its category, its reversal is its own line.
    const whole = await situation(d1, d2);
    const out2 = whole.by_type.find((r) => r.movement_type === 'cash_out')!;
    expect(out2.details!.map((d) => [d.key, d.count, d.total_out])).toEqual([
      [String(rent), 2, 11_500],
      [String(transport), 2, 5_500],
      ['other', 1, 700],
    ]);
    expect(out2.details!.find((d) => d.key === 'other')!.label).toBe('Autres décaissements (sans catégorie)');
    sumsToLine(out2);
    expect(whole.by_type.find((r) => r.movement_type === 'cash_operation_cancel')).toMatchObject({
      total_in: 1_500,
      total_out: 0,
      count: 1,
    });
    // Other types carry no sub-lines; the closing's figures keep none either.
    expect(whole.by_type.filter((r) => r.details).map((r) => r.movement_type)).toEqual(['cash_out']);
    const print = await admin.visit(route('cash.situation.print', { account_id: desk, from: d1, to: d2 }));
    expect(print.body.props.situation.by_type.find((r: Line) => r.movement_type === 'cash_out').details).toHaveLength(
      3,
    );
    const csv = await download(
      admin,
      route('cash.situation.export', { account_id: desk, from: d1, to: d2, format: 'csv' }),
    );
    const text = (csv.body as Buffer).toString('utf8');
    expect(text).toContain(`Décaissement — Loyer ${tag} (dont 1 annulée)`);
    expect(text).toContain(`Décaissement — Transport ${tag}`);
    expect(text).toContain('11500');
  });

  it('the closings list shows the desk, its figures and the total of the differences', async () => {
    const day = addDays(today, -8);
    const desk = await deskWith(day, 9_000, 0);
    const closed = await closeDesk(t.db, desk, day, { counted: 8_750, reason: 'Monnaie rendue en trop' });
    const res = await admin.visit(
      route('cash.closings.index', { account_id: desk, from: addDays(day, -1), to: today }),
    );
    expect(res.body.props.closings.data).toEqual([
      expect.objectContaining({
        id: closed.id,
        expected: 9_000,
        counted: 8_750,
        difference: -250,
        reason: 'Monnaie rendue en trop',
        status: 'closed',
      }),
    ]);
    expect(res.body.props.difference_total).toBe(-250);
  });
});
