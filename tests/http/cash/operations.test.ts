import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../../server/domain/dates.js';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { insertReturningId } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { cashDeskAccountId } from '../../../server/services/treasury/cash-desk-accounts.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { idempotencyKey, lastNumber, makeProduct, makeSupplier } from '../../support/stock.js';
import { balanceOf, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';
import { createUser } from '../../../server/services/accounts/create-user.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const OPS = ROUTES['cashOperations.index'];
const showUrl = (id: number) => route('cashOperations.show', { id });

/**
 * Caisse operations (issue 16) over HTTP, on SQLite and PostgreSQL: each kind with its ledger
 * movements and its permission, the refusals (French, on the field, nothing written), the
 * idempotency key, the transfer sent then received, the supplier payment allocated oldest first,
 * the cancellation that puts the money back, the balances at a date and the expense categories.
 */
describe.each(testDatabases())('caisse operations (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    category = Number((await t.db('expense_categories').where({ code: 'DEP01' }).first('id'))!.id);
  });
  afterAll(() => t.close());
  afterEach(() => expectCashConsistent(t.db));

  /** A new cash desk at Boutique 1 (its treasury account), holding `cash` brought in by an apport. */
  const newDesk = async (cash = 0) => {
    const tag = uniqueTag();
    const res = await admin.post(ROUTES['cashDesks.index'], {
      code: `K${tag}`.slice(0, 20),
      name: `Caisse ${tag}`,
      location_id: String((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id),
    });
    expect(res.status).toBe(303);
    const account = (await cashDeskAccountId(t.db, Number(res.headers.location.split('/').pop())))!;
    if (cash) await record({ kind: 'cash_in', amount: cash, to_account_id: account, beneficiary: 'Le gérant' });
    return account;
  };
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of ['cash_operations', 'money_movements', 'supplier_payment_allocations', 'audit_log'])
      out[table] = Number((await t.db(table).count({ n: '*' }).first())!.n);
    return out;
  };
  /** Posts an operation as `c`; returns the new operation's id (303 to its page) or null (303 back with errors). */
  const post = (body: Record<string, unknown>, c: Client = admin) =>
    c.post(OPS, { idempotency_key: idempotencyKey(), ...body }, { Referer: 'http://localhost/operations/caisse' });
  const record = async (body: Record<string, unknown>, c: Client = admin) => {
    const res = await post(body, c);
    expect(res.status).toBe(303);
    expect(res.headers.location, JSON.stringify((await c.visit('/operations/caisse')).body.props.errors)).toMatch(
      /^\/operations\/caisse\/operations\/\d+$/,
    );
    return Number(res.headers.location.split('/').pop());
  };
  /** Posts what must be refused: the errors of the form, nothing written. */
  const refused = async (body: Record<string, unknown>, c: Client = admin) => {
    const before = await counts();
    const res = await post(body, c);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/operations/caisse');
    const errors = (await c.visit('/operations/caisse')).body.props.errors;
    expect(await counts()).toEqual(before);
    return errors as Record<string, string>;
  };
  const operation = (id: number) => t.db('cash_operations').where({ id }).first();
  const movementsOf = (id: number) =>
    t
      .db('money_movements')
      .where({ document_type: 'cash_operation', document_id: id })
      .orderBy('id')
      .select('account_id', 'amount', 'movement_type', 'payment_method', 'business_date');

  it('a décaissement leaves the desk with a CAI- number, its category and beneficiary, one ledger line, an audit entry and a voucher', async () => {
    const desk = await newDesk(50_000);
    const year = Number(today().slice(0, 4));
    const before = await lastNumber(t.db, 'CAI', String(year));
    const id = await record({
      kind: 'expense',
      amount: '12 500',
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Taxi Koné',
      reference: 'REC-778',
    });
    const op = (await operation(id))!;
    expect([op.number, op.kind, op.status, Number(op.amount), op.beneficiary, op.reference, op.operation_date]).toEqual(
      [formatDocumentNumber('CAI', year, before + 1), 'expense', 'done', 12_500, 'Taxi Koné', 'REC-778', today()],
    );
    expect(await balanceOf(t.db, desk)).toBe(37_500);
    expect(
      (await movementsOf(id)).map((m) => [
        Number(m.account_id),
        Number(m.amount),
        m.movement_type,
        m.payment_method,
        m.business_date,
      ]),
    ).toEqual([[desk, -12_500, 'cash_out', 'especes', today()]]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'cash_operation.created', subject_id: String(id) })
        .first('id'),
    ).toBeTruthy();

    const page = await admin.visit(showUrl(id));
    expect(page.body.component).toBe('cash/Show');
    expect(page.body.props.operation).toMatchObject({
      number: op.number,
      kind_label: 'Décaissement',
      category: 'Transport et livraison',
      beneficiary: 'Taxi Koné',
      amount: 12_500,
    });
    // The voucher: the original first, then a DUPLICATA; A5 by default, a ticket when asked.
    const first = await printOut(admin, route('cashOperations.print', { id }));
    expect(first.body.component).toBe('cash/Voucher');
    expect([
      first.body.props.copy.duplicata,
      first.body.props.settings.format,
      first.body.props.settings.amount_in_words,
    ]).toEqual([false, 'A5', true]);
    const ticket = await printOut(admin, route('cashOperations.print', { id }, { format: '80mm' }));
    expect([ticket.body.props.copy.duplicata, ticket.body.props.settings.format]).toEqual([true, '80mm']);
  });

  it('never pays out more than the desk holds: the amount field says what it holds, nothing written, no number taken', async () => {
    const desk = await newDesk(10_000);
    const year = String(Number(today().slice(0, 4)));
    const before = await lastNumber(t.db, 'CAI', year);
    const errors = await refused({
      kind: 'expense',
      amount: 10_001,
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Électricien',
    });
    expect(errors.amount).toMatch(
      /^La caisse « Caisse .* » ne contient que 10\s000\sFCFA : impossible d’en sortir 10\s001\sFCFA\.$/,
    );
    expect(await lastNumber(t.db, 'CAI', year)).toBe(before);
    expect(await balanceOf(t.db, desk)).toBe(10_000);
    await record({
      kind: 'expense',
      amount: 10_000,
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Électricien',
    });
    expect(await balanceOf(t.db, desk)).toBe(0);
  });

  it('refuses bad input in French on each field, writing nothing', async () => {
    const desk = await newDesk(5_000);
    for (const amount of [0, -5, 'abc', '12,5', '']) {
      const errors = await refused({
        kind: 'expense',
        amount,
        from_account_id: desk,
        expense_category_id: category,
        beneficiary: 'X',
      });
      expect(errors.amount, String(amount)).toMatch(/montant/i);
    }
    expect((await refused({ kind: 'vol', amount: 100 })).kind).toBe('Le type d’opération n’est pas valide.');
    const missing = await refused({ kind: 'expense', amount: 100, from_account_id: desk });
    expect(missing).toMatchObject({
      expense_category_id: 'Choisissez la catégorie de la dépense.',
      beneficiary: 'Indiquez le bénéficiaire de la dépense.',
    });
    expect(
      (
        await refused({
          kind: 'expense',
          amount: 100,
          from_account_id: 999_999,
          expense_category_id: category,
          beneficiary: 'X',
        })
      ).from_account_id,
    ).toBe('Choisissez le compte d’où sort l’argent.');
    // A bank is not a cash desk: an expense is paid from a desk.
    const bank = await makeTreasuryAccount(t.db, 'banque');
    expect(
      (
        await refused({
          kind: 'expense',
          amount: 100,
          from_account_id: bank,
          expense_category_id: category,
          beneficiary: 'X',
        })
      ).from_account_id,
    ).toMatch(/n’est pas un compte de type caisse/);
    expect(
      (await refused({ kind: 'transfer', amount: 100, from_account_id: desk, to_account_id: desk })).to_account_id,
    ).toBe('Choisissez une autre caisse : un transfert ne peut pas revenir à la caisse d’où il part.');
    expect(
      (await refused({ kind: 'bank_deposit', amount: 100, from_account_id: desk, to_account_id: bank })).reference,
    ).toBe('Indiquez le numéro du bordereau de versement.');
    expect(
      (
        await refused({
          kind: 'expense',
          amount: 100,
          from_account_id: desk,
          expense_category_id: category,
          beneficiary: 'a\u0000b',
        })
      ).beneficiary,
    ).toBeTruthy();
    expect(await balanceOf(t.db, desk)).toBe(5_000);
  });

  it('honours the idempotency key: a replay records nothing more and lands on the first operation', async () => {
    const desk = await newDesk(8_000);
    const key = idempotencyKey();
    const body = {
      idempotency_key: key,
      kind: 'expense',
      amount: 3_000,
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Livreur',
    };
    const first = await admin.post(OPS, body);
    const second = await admin.post(OPS, body);
    expect(second.headers.location).toBe(first.headers.location);
    expect((await admin.visit(second.headers.location)).body.props.flash.success).toMatch(
      /était déjà enregistrée : elle n’a pas été créée une seconde fois\./,
    );
    expect(await balanceOf(t.db, desk)).toBe(5_000);
  });

  it('each kind needs its own permission: 403 and nothing written without it; the form offers only the permitted kinds', async () => {
    const desk = await newDesk(4_000);
    const user = await userWithPermissions(t, `${uniqueTag('CP').toLowerCase()}@test.local`, [
      'menu.operations',
      'menu.tresorerie',
      'menu.caisse',
      'cash.payment',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    // (A 403 is written to the audit log as a refused access: only the operation tables are compared.)
    const written = async () => {
      const { audit_log: _audit, ...rest } = await counts();
      return rest;
    };
    const before = await written();
    for (const body of [
      { kind: 'cash_in', amount: 100, to_account_id: desk },
      { kind: 'transfer', amount: 100, from_account_id: desk, to_account_id: await newDesk() },
      {
        kind: 'bank_deposit',
        amount: 100,
        from_account_id: desk,
        to_account_id: await makeTreasuryAccount(t.db, 'banque'),
        reference: 'BV1',
      },
    ]) {
      expect((await post(body, c)).status, body.kind).toBe(403);
    }
    expect(await written()).toEqual(before);
    expect((await c.visit(route('cashOperations.create', { kind: 'cash_in' }))).body.props).toMatchObject({
      kind: 'expense',
      kinds: ['expense'],
    });
    await record(
      { kind: 'expense', amount: 1_000, from_account_id: desk, expense_category_id: category, beneficiary: 'Eau' },
      c,
    );
    expect(await balanceOf(t.db, desk)).toBe(3_000);
    // Without the Caisse screen, nothing at all.
    const blind = await userWithPermissions(t, `${uniqueTag('CN').toLowerCase()}@test.local`, ['cash.payment']);
    const b = new Client(t);
    await b.login(blind.email, blind.password);
    expect((await b.visit(ROUTES['cash.index'])).status).toBe(403);
    expect(
      (
        await post(
          { kind: 'expense', amount: 100, from_account_id: desk, expense_category_id: category, beneficiary: 'X' },
          b,
        )
      ).status,
    ).toBe(403);
  });

  it('an inter-desk transfer leaves the source when sent (« en transit » on both), enters the destination when it confirms', async () => {
    const from = await newDesk(30_000);
    const to = await newDesk(1_000);
    const id = await record({
      kind: 'transfer',
      amount: 20_000,
      from_account_id: from,
      to_account_id: to,
      beneficiary: 'Convoyeur Diallo',
    });
    expect((await operation(id))!.status).toBe('in_transit');
    expect([await balanceOf(t.db, from), await balanceOf(t.db, to)]).toEqual([10_000, 1_000]);
    const home = (await admin.visit(ROUTES['cash.index'])).body.props;
    expect(home.in_transit.map((o: { id: number }) => o.id)).toContain(id);
    const card = (account: number) => home.accounts.find((a: { id: number }) => a.id === account);
    expect([card(from).transit_out, card(to).transit_in]).toEqual([20_000, 20_000]);

    const res = await admin.post(route('cashOperations.receive', { id }));
    expect(res.headers.location).toBe(showUrl(id));
    const op = (await operation(id))!;
    expect([op.status, op.received_on]).toEqual(['received', today()]);
    expect([await balanceOf(t.db, from), await balanceOf(t.db, to)]).toEqual([10_000, 21_000]);
    expect((await movementsOf(id)).map((m) => [Number(m.account_id), Number(m.amount), m.movement_type])).toEqual([
      [from, -20_000, 'transfer_out'],
      [to, 20_000, 'transfer_in'],
    ]);
    // Received once only.
    const before = await counts();
    await admin.post(route('cashOperations.receive', { id }));
    expect((await admin.visit(showUrl(id))).body.props.flash.error).toMatch(/a déjà été reçu/);
    expect(await counts()).toEqual(before);
  });

  it('versement en banque and retrait bancaire move cash between a desk and a bank, with the slip number', async () => {
    const desk = await newDesk(100_000);
    const bank = await makeTreasuryAccount(t.db, 'banque');
    const deposit = await record({
      kind: 'bank_deposit',
      amount: 80_000,
      from_account_id: desk,
      to_account_id: bank,
      reference: 'BV-2026-0042',
      beneficiary: 'Awa',
    });
    expect([await balanceOf(t.db, desk), await balanceOf(t.db, bank)]).toEqual([20_000, 80_000]);
    expect((await movementsOf(deposit)).map((m) => [Number(m.amount), m.movement_type])).toEqual([
      [-80_000, 'bank_deposit'],
      [80_000, 'bank_deposit'],
    ]);
    const withdrawal = await record({
      kind: 'bank_withdrawal',
      amount: 15_000,
      from_account_id: bank,
      to_account_id: desk,
      reference: 'CHQ-1187',
    });
    expect([await balanceOf(t.db, desk), await balanceOf(t.db, bank)]).toEqual([35_000, 65_000]);
    expect((await movementsOf(withdrawal)).map((m) => m.movement_type)).toEqual(['bank_withdrawal', 'bank_withdrawal']);
  });

  it('transfert mobile money ↔ caisse both ways; a wallet never goes below zero; two desks are not a mobile-money transfer', async () => {
    const desk = await newDesk(10_000);
    const wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'wave' });
    expect(
      (
        await refused({
          kind: 'mobile_money',
          amount: 1,
          from_account_id: wallet,
          to_account_id: desk,
          reference: 'WV1',
        })
      ).amount,
    ).toMatch(/ne contient que 0/);
    await record({
      kind: 'mobile_money',
      amount: 6_000,
      from_account_id: desk,
      to_account_id: wallet,
      reference: 'WV-88A',
    });
    await record({
      kind: 'mobile_money',
      amount: 2_500,
      from_account_id: wallet,
      to_account_id: desk,
      reference: 'WV-88B',
    });
    expect([await balanceOf(t.db, desk), await balanceOf(t.db, wallet)]).toEqual([6_500, 3_500]);
    const m = await t
      .db('money_movements')
      .where({ account_id: wallet })
      .orderBy('id')
      .first('payment_method', 'operator', 'movement_type');
    expect(m).toEqual({ payment_method: 'mobile_money', operator: 'wave', movement_type: 'mobile_money_transfer' });
    expect(
      (
        await refused({
          kind: 'mobile_money',
          amount: 100,
          from_account_id: desk,
          to_account_id: await newDesk(),
          reference: 'X',
        })
      ).to_account_id,
    ).toMatch(/relie une caisse et un compte mobile money/);
  });

  it('a supplier payment lowers the balance and pays the entries oldest first; never more than owed; its cancellation gives it all back', async () => {
    const tag = uniqueTag();
    const supplier = await makeSupplier(t.db, { name: `Fournisseur ${tag}` });
    const now = new Date().toISOString();
    const productCategory = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `C${tag}`.slice(0, 20), name: `Matériaux ${tag}`, created_at: now, updated_at: now }),
    );
    const product = await makeProduct(t.db, {
      code: `SP${tag}`.slice(0, 30),
      name: `Ciment ${tag}`,
      category_id: productCategory,
    });
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const entry = async (date: string, cost: number) => {
      const res = await admin.post(ROUTES['entries.index'], {
        idempotency_key: idempotencyKey(),
        kind: 'supplier',
        supplier_id: supplier,
        location_id: shop,
        entry_date: date,
        supplier_ref: `BL-${date}`,
        note: '',
        lines: [{ product_id: product, unit: 'unit', quantity: 10, unit_cost: cost }],
      });
      expect(res.status).toBe(303);
      return Number(res.headers.location.split('/').pop());
    };
    // The newer entry is recorded first: the allocation follows the dates, not the ids.
    const newer = await entry(addDays(today(), -1), 3_000);
    const older = await entry(addDays(today(), -5), 2_000);
    expect(Number((await t.db('suppliers').where({ id: supplier }).first('balance'))!.balance)).toBe(50_000);
    const bank = await makeTreasuryAccount(t.db, 'banque');
    expect(
      (
        await refused({
          kind: 'supplier_payment',
          amount: 50_001,
          from_account_id: bank,
          supplier_id: supplier,
          bank_method: 'virement',
        })
      ).amount,
    ).toMatch(/n’attend que 50\s000\sFCFA/);
    expect(
      (await refused({ kind: 'supplier_payment', amount: 100, from_account_id: bank, supplier_id: supplier }))
        .bank_method,
    ).toBe('Choisissez virement ou chèque.');
    const id = await record({
      kind: 'supplier_payment',
      amount: 26_000,
      from_account_id: bank,
      supplier_id: supplier,
      bank_method: 'cheque',
      reference: 'CHQ-5521',
    });
    expect(Number((await t.db('suppliers').where({ id: supplier }).first('balance'))!.balance)).toBe(24_000);
    expect(await balanceOf(t.db, bank)).toBe(-26_000);
    const paid = async () =>
      Object.fromEntries(
        (await t.db('stock_entries').whereIn('id', [older, newer]).select('id', 'amount_paid')).map((e) => [
          Number(e.id),
          Number(e.amount_paid),
        ]),
      );
    expect(await paid()).toEqual({ [older]: 20_000, [newer]: 6_000 });
    const page = (await admin.visit(showUrl(id))).body.props.operation;
    expect(page.allocations.map((a: { entry_id: number; amount: number }) => [a.entry_id, a.amount])).toEqual([
      [older, 20_000],
      [newer, 6_000],
    ]);
    expect([page.allocated, page.payment_method]).toEqual([26_000, 'cheque']);

    const res = await admin.post(route('cashOperations.cancel', { id }), { reason: 'Chèque rejeté par la banque' });
    expect(res.headers.location).toBe(showUrl(id));
    expect(Number((await t.db('suppliers').where({ id: supplier }).first('balance'))!.balance)).toBe(50_000);
    expect(await balanceOf(t.db, bank)).toBe(0);
    expect(await paid()).toEqual({ [older]: 0, [newer]: 0 });
    const op = (await operation(id))!;
    expect([op.status, op.cancel_reason, op.cancelled_on]).toEqual([
      'cancelled',
      'Chèque rejeté par la banque',
      today(),
    ]);
  });

  it('a stock entry paid by a supplier payment cannot be cancelled: refused naming the CAI numbers, nothing written; once the payment is cancelled, it can', async () => {
    const tag = uniqueTag();
    const supplier = await makeSupplier(t.db, { name: `Fournisseur ${tag}` });
    const now = new Date().toISOString();
    const productCategory = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `E${tag}`.slice(0, 20), name: `Toiture ${tag}`, created_at: now, updated_at: now }),
    );
    const product = await makeProduct(t.db, {
      code: `SE${tag}`.slice(0, 30),
      name: `Tôle ${tag}`,
      category_id: productCategory,
    });
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const res = await admin.post(ROUTES['entries.index'], {
      idempotency_key: idempotencyKey(),
      kind: 'supplier',
      supplier_id: supplier,
      location_id: shop,
      entry_date: today(),
      supplier_ref: `BL-${tag}`,
      note: '',
      lines: [{ product_id: product, unit: 'unit', quantity: 10, unit_cost: 1_000 }],
    });
    const entry = Number(res.headers.location.split('/').pop());
    const bank = await makeTreasuryAccount(t.db, 'banque');
    const first = await record({
      kind: 'supplier_payment',
      amount: 4_000,
      from_account_id: bank,
      supplier_id: supplier,
      bank_method: 'virement',
      reference: `VIR-${tag}`,
    });
    const second = await record({
      kind: 'supplier_payment',
      amount: 1_000,
      from_account_id: bank,
      supplier_id: supplier,
      bank_method: 'virement',
      reference: `VIR2-${tag}`,
    });
    const numbers = await Promise.all([first, second].map(async (id) => (await operation(id))!.number as string));
    const state = async () => ({
      entry: await t.db('stock_entries').where({ id: entry }).first('status', 'amount_paid', 'version'),
      supplier: Number((await t.db('suppliers').where({ id: supplier }).first('balance'))!.balance),
      allocations: Number(
        (await t
          .db('supplier_payment_allocations')
          .where({ stock_entry_id: entry })
          .whereNull('cancelled_at')
          .count({ n: '*' })
          .first())!.n,
      ),
      stock: Number(
        (await t.db('stock_levels').where({ product_id: product, location_id: shop }).first('quantity'))?.quantity ?? 0,
      ),
    });
    const cancelEntry = () =>
      admin.post(
        route('entries.cancel', { id: entry }),
        { reason: 'Livraison refusée', version: 1 },
        { Referer: `http://localhost${route('entries.show', { id: entry })}` },
      );
    const before = await state();
    expect(before).toMatchObject({ supplier: 5_000, allocations: 2, stock: 10 });
    await cancelEntry();
    expect((await admin.visit(route('entries.show', { id: entry }))).body.props.errors.reason).toBe(
      `L’entrée ${(await t.db('stock_entries').where({ id: entry }).first('number'))!.number} est payée par les paiements fournisseur ${numbers[0]} et ${numbers[1]} : annulez d’abord ces paiements (Caisse).`,
    );
    expect(await state()).toEqual(before);
    await admin.post(route('cashOperations.cancel', { id: first }), { reason: 'Virement annulé' });
    await cancelEntry();
    expect((await admin.visit(route('entries.show', { id: entry }))).body.props.errors.reason).toMatch(
      new RegExp(`payée par le paiement fournisseur ${numbers[1]} : annulez d’abord ce paiement`),
    );
    await admin.post(route('cashOperations.cancel', { id: second }), { reason: 'Virement annulé' });
    expect((await cancelEntry()).status).toBe(303);
    expect(await state()).toMatchObject({
      entry: { status: 'cancelled', amount_paid: 0 },
      supplier: 0,
      allocations: 0,
      stock: 0,
    });
  });

  it('cancelling puts the money back by new movements; refused (nothing written) when the money is no longer there, twice, or without a reason', async () => {
    const desk = await newDesk(9_000);
    const expense = await record({
      kind: 'expense',
      amount: 4_000,
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Plombier',
    });
    const noReason = await counts();
    await admin.post(route('cashOperations.cancel', { id: expense }), { reason: '' });
    expect(await counts()).toEqual(noReason);
    await admin.post(route('cashOperations.cancel', { id: expense }), { reason: 'Saisie en double' });
    expect(await balanceOf(t.db, desk)).toBe(9_000);
    expect((await movementsOf(expense)).map((m) => [Number(m.amount), m.movement_type])).toEqual([
      [-4_000, 'cash_out'],
      [4_000, 'cash_operation_cancel'],
    ]);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'cash_operation.cancelled', subject_id: String(expense) })
        .first('id'),
    ).toBeTruthy();
    const again = await counts();
    await admin.post(route('cashOperations.cancel', { id: expense }), { reason: 'Encore une fois' });
    expect((await admin.visit(showUrl(expense))).body.props.flash.error).toMatch(/est déjà annulée/);
    expect(await counts()).toEqual(again);

    // An apport already spent cannot be taken back out of the desk.
    const other = await newDesk();
    const apport = await record({ kind: 'cash_in', amount: 5_000, to_account_id: other, beneficiary: 'Gérant' });
    await record({
      kind: 'expense',
      amount: 3_000,
      from_account_id: other,
      expense_category_id: category,
      beneficiary: 'Loyer',
    });
    const before = await counts();
    await admin.post(route('cashOperations.cancel', { id: apport }), { reason: 'Apport saisi par erreur' });
    expect(await counts()).toEqual(before);
    expect((await operation(apport))!.status).toBe('done');

    // A transfer still in transit goes back to its source; the destination never saw it.
    const from = await newDesk(7_000);
    const to = await newDesk();
    const transfer = await record({ kind: 'transfer', amount: 7_000, from_account_id: from, to_account_id: to });
    await admin.post(route('cashOperations.cancel', { id: transfer }), { reason: 'Convoyeur indisponible' });
    expect([await balanceOf(t.db, from), await balanceOf(t.db, to)]).toEqual([7_000, 0]);
    const receive = await counts();
    await admin.post(route('cashOperations.receive', { id: transfer }));
    expect(await counts()).toEqual(receive);
  });

  it("the Caisse home lists the accounts with today's ins and outs and the selected account's movements, filtered by operation, method and user, with totals and export", async () => {
    const desk = await newDesk(20_000);
    await record({
      kind: 'expense',
      amount: 2_000,
      from_account_id: desk,
      expense_category_id: category,
      beneficiary: 'Carburant',
    });
    const home = await admin.visit(route('cash.index', { account_id: String(desk) }));
    expect(home.body.component).toBe('cash/Index');
    const props = home.body.props;
    expect(props.selected.id).toBe(desk);
    expect(props.accounts.find((a: { id: number }) => a.id === desk)).toMatchObject({
      balance: 18_000,
      today_in: 20_000,
      today_out: 2_000,
    });
    expect(props.ledger.totals).toMatchObject({ in: 20_000, out: 2_000, count: 2 });
    const outs = (await admin.visit(route('cash.index', { account_id: String(desk), type: 'cash_out' }))).body.props
      .ledger;
    expect([outs.totals.count, outs.movements.data[0].cash_operation_id]).toEqual([1, expect.any(Number)]);
    expect(
      (await admin.visit(route('cash.index', { account_id: String(desk), method: 'cheque' }))).body.props.ledger.totals
        .count,
    ).toBe(0);
    const adminId = Number((await t.db('users').where({ email: 'admin@test.local' }).first('id'))!.id);
    expect(
      (await admin.visit(route('cash.index', { account_id: String(desk), user_id: String(adminId) }))).body.props.ledger
        .totals.count,
    ).toBe(2);
    const file = await admin.agent.get(route('cash.export', { account_id: String(desk), format: 'csv' }));
    expect(file.status).toBe(200);
    expect(file.text).toContain('Décaissement');
  });

  it('the user filter lists only the users who work on the viewer’s accounts, never another place’s', async () => {
    const tag = uniqueTag().toLowerCase();
    const location = async (code: string) => Number((await t.db('locations').where({ code }).first('id'))!.id);
    const bank = await makeTreasuryAccount(t.db, 'banque', { name: `Banque ${tag}` });
    const otherBank = await makeTreasuryAccount(t.db, 'banque', { name: `Autre banque ${tag}` });
    const user = async (name: string, places: { locations?: number[]; accounts?: number[] } | null) => {
      const id = await createUser(t.db, {
        name: `${name} ${tag}`,
        email: `${name.toLowerCase().replace(/\W+/g, '-')}-${tag}@test.local`,
        password: 'Secret-123456',
        roleNames: ['Caissier'],
        verified: true,
      });
      if (places) {
        await t.db('users').where({ id }).update({ places_restricted: true });
        for (const location_id of places.locations ?? [])
          await t.db('user_locations').insert({ user_id: id, location_id });
        for (const account_id of places.accounts ?? [])
          await t.db('user_treasury_accounts').insert({ user_id: id, account_id });
      }
      return { id, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${tag}@test.local`, name: `${name} ${tag}` };
    };
    const shopCashier = await user('Caissiere boutique', { locations: [await location('BTQ01')] });
    const depotCashier = await user('Caissier depot', { locations: [await location('DEP01')] });
    const banker = await user('Comptable banque', { accounts: [bank] });
    const otherBanker = await user('Comptable autre banque', { accounts: [otherBank] });
    const nowhere = await user('Sans lieu', { locations: [] });
    const everywhere = await user('Partout', null);
    const names = async (c: Client) =>
      ((await c.visit('/operations/caisse')).body.props.users as Array<{ label: string }>)
        .map((u) => u.label)
        .filter((l) => l.endsWith(tag));
    // The administrator sees every account: every user who works on one, not the user of no place.
    expect((await names(admin)).sort()).toEqual(
      [shopCashier.name, depotCashier.name, banker.name, otherBanker.name, everywhere.name].sort(),
    );
    // The shop's cashier sees the shop's desk only: its colleagues of the shop and the users of every place.
    const c = new Client(t);
    await c.login(shopCashier.email, 'Secret-123456');
    expect((await names(c)).sort()).toEqual([shopCashier.name, everywhere.name].sort());
    // The bank's accountant: the users of that bank, not those of the other bank or of the desks.
    const b = new Client(t);
    await b.login(banker.email, 'Secret-123456');
    expect((await names(b)).sort()).toEqual([banker.name, everywhere.name].sort());
    expect(nowhere.id).toBeGreaterThan(0);
  });

  it('the balances at a date are read from the ledger: a past date ignores the movements after it', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque');
    const yesterday = addDays(today(), -1);
    await t.db.transaction((trx) =>
      postMoneyMovements(trx, [{ accountId: bank, amount: 40_000, movementType: 'sale', paymentMethod: 'virement' }], {
        documentType: null,
        documentId: null,
        documentNumber: null,
        userId: null,
        businessDate: yesterday,
      }),
    );
    const desk = await newDesk(10_000);
    await record({
      kind: 'bank_deposit',
      amount: 10_000,
      from_account_id: desk,
      to_account_id: bank,
      reference: 'BV-9',
    });
    const row = async (date: string, id: number) =>
      (await admin.visit(route('cash.balance', { date }))).body.props.accounts.find((a: { id: number }) => a.id === id);
    expect((await row(yesterday, bank)).balance_at).toBe(40_000);
    expect((await row(today(), bank)).balance_at).toBe(50_000);
    expect((await row(yesterday, desk))?.balance_at ?? 0).toBe(0);
    // A date in the future reads as today.
    expect((await admin.visit(route('cash.balance', { date: '2999-01-01' }))).body.props.date).toBe(today());
  });

  it('expense categories are a managed list: created, unique, archived (no longer offered), never deleted once used', async () => {
    const tag = uniqueTag();
    const res = await admin.post(ROUTES['expenseCategories.index'], {
      code: `X${tag}`.slice(0, 20),
      name: `Gardiennage ${tag}`,
      description: '',
      active: true,
    });
    expect(res.status).toBe(303);
    const id = Number(res.headers.location.split('/').pop());
    await admin.post(ROUTES['expenseCategories.index'], {
      code: `Y${tag}`.slice(0, 20),
      name: `gardiennage ${tag}`,
      description: '',
    });
    expect((await admin.visit('/operations/caisse/categories-depenses/create')).body.props.errors.name).toBe(
      `Une catégorie de dépenses « gardiennage ${tag} » existe déjà.`,
    );
    const desk = await newDesk(1_000);
    await record({
      kind: 'expense',
      amount: 500,
      from_account_id: desk,
      expense_category_id: id,
      beneficiary: 'Vigile',
    });
    await admin.send('delete', route('expenseCategories.show', { id }));
    expect(await t.db('expense_categories').where({ id }).first('id')).toBeTruthy();
    await admin.post(route('expenseCategories.archive', { id }));
    const form = (await admin.visit(route('cashOperations.create', { kind: 'expense' }))).body.props;
    expect(form.categories.map((c: { value: string }) => Number(c.value))).not.toContain(id);
    expect(
      (
        await refused({
          kind: 'expense',
          amount: 100,
          from_account_id: desk,
          expense_category_id: id,
          beneficiary: 'Vigile',
        })
      ).expense_category_id,
    ).toMatch(/est archivée/);
    // Managing the list needs its permission.
    const user = await userWithPermissions(t, `${uniqueTag('EC').toLowerCase()}@test.local`, [
      'menu.operations',
      'menu.tresorerie',
      'menu.caisse',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    expect((await c.visit(ROUTES['expenseCategories.index'])).status).toBe(200);
    expect(
      (await c.post(ROUTES['expenseCategories.index'], { code: `Z${tag}`.slice(0, 20), name: `Refusée ${tag}` }))
        .status,
    ).toBe(403);
  });
});
