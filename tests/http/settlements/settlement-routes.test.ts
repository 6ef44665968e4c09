import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download } from '../../support/master-data.js';
import {
  clientMoney,
  creditClient,
  creditInvoice,
  expectReceivablesConsistent,
  saleMoney,
  settle,
  settlementInput,
} from '../../support/settlements.js';
import {
  type StockFixtures,
  expectStockConsistent,
  idempotencyKey,
  lastNumber,
  stockFixtures,
} from '../../support/stock.js';
import { type ListeningApp, listen, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const STORE = route('settlements.index');
const SHOW = /^\/operations\/reglement\/\d+$/;

/**
 * Trésorerie › Règlement over HTTP: guards (403 without the screen or the right), the form's
 * refusals on their fields with nothing written, the list with its totals by method and its
 * export, a settlement's page and receipt, the same key twice, and 20 parallel settlements of the
 * same invoice's remaining over a real port: exactly one allocates it, the 19 others are refused on
 * their allocation (never turned into an advance) — stock, cash and receivables consistent after.
 */
describe.each(testDatabases())('settlement routes (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let server: ListeningApp;
  let desk: number;
  let orange: number;
  const clients: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
    server = await listen(t);
    desk = await deskAccount(t.db, 'CAI01');
    orange = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money', name: 'Orange Money Siège' });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
    await expectReceivablesConsistent(t.db, clients.splice(0));
  });

  const client = async (name?: string) => {
    const id = await creditClient(t.db, name);
    clients.push(id);
    return id;
  };
  const body = (over: Record<string, unknown>) => ({
    idempotency_key: idempotencyKey(),
    settlement_date: today(),
    source: 'payment',
    method: 'especes',
    account_id: desk,
    operator: '',
    phone: '',
    reference: '',
    cheque_date: '',
    allocation_mode: 'oldest',
    allocations: [],
    note: '',
    ...over,
  });
  const settlementCount = async () => Number((await t.db('settlements').count({ n: '*' }).first())!.n);
  const refused = async (payload: object, c = admin) => {
    const [before, reg] = [await settlementCount(), await lastNumber(t.db, 'REG', today().slice(0, 4))];
    const res = await c.post(STORE, payload);
    expect(res.status).toBe(303);
    expect(res.headers.location).not.toMatch(SHOW);
    expect([await settlementCount(), await lastNumber(t.db, 'REG', today().slice(0, 4))]).toEqual([before, reg]);
    return (await c.visit(route('settlements.create'))).body.props.errors as Record<string, string>;
  };

  it('guards: the screen needs menu.reglement, the form and its validation settlements.create (403, nothing written)', async () => {
    const c = await client();
    const viewer = await userWithPermissions(t, `${uniqueTag('V').toLowerCase()}@test.local`, ['menu.reglement']);
    const v = new Client(t);
    await v.login(viewer.email, viewer.password);
    expect((await v.visit(STORE)).status).toBe(200);
    expect((await v.visit(route('settlements.create'))).status).toBe(403);
    const before = await settlementCount();
    expect((await v.post(STORE, body({ client_id: c, amount: 1_000 }))).status).toBe(403);
    const outsider = await userWithPermissions(t, `${uniqueTag('O').toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'settlements.create',
    ]);
    const o = new Client(t);
    await o.login(outsider.email, outsider.password);
    expect((await o.visit(STORE)).status).toBe(403);
    expect((await o.post(STORE, body({ client_id: c, amount: 1_000 }))).status).toBe(403);
    expect(await settlementCount()).toBe(before);
  });

  it('the form: the client with balance and advance, the open invoices oldest due first with their age, the accounts', async () => {
    const c = await client();
    const late = await creditInvoice(t.db, f, c, 7_000, { saleDate: '2026-02-01', dueDate: '2026-02-10' });
    const recent = await creditInvoice(t.db, f, c, 3_000, { saleDate: '2026-01-01', dueDate: '2026-03-01' });
    await settle(
      t.db,
      settlementInput({ clientId: c, amount: 1_000, allocations: [{ saleId: recent.id, amount: 1_000 }] }),
    );
    const page = await admin.visit(route('settlements.create', { client_id: c }));
    expect(page.status).toBe(200);
    const props = page.body.props;
    expect(props.client).toMatchObject({ id: c, balance: 9_000, advance: 0 });
    expect(
      props.invoices.map((i: { number: string; paid: number; remaining: number }) => [i.number, i.paid, i.remaining]),
    ).toEqual([
      [late.number, 0, 7_000],
      [recent.number, 1_000, 2_000],
    ]);
    expect(props.invoices[0].age).toBeGreaterThan(200);
    expect(props.accounts.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([desk, orange]));
  });

  it('one read of the settlements: the list and Annulations › Règlements give the same rows and find a number alike', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 9_000);
    const made = [];
    for (const amount of [2_000, 3_000])
      made.push(
        await settle(
          t.db,
          settlementInput({
            clientId: c,
            amount,
            settlementDate: '2026-03-15',
            allocations: [{ saleId: inv.id, amount }],
          }),
        ),
      );
    const numbers = made.map((m) => m.number).sort();
    const rows = async (name: 'settlements.index' | 'settlements.cancellations', q: string) =>
      (
        (await admin.visit(`${route(name)}?from=2026-03-01&to=2026-03-31&client_id=${c}&q=${encodeURIComponent(q)}`))
          .body.props.settlements.data as Array<{ number: string }>
      )
        .map((r) => r.number)
        .sort();
    const [, year, seq] = numbers[1].split('-');
    for (const [q, expected] of [
      ['', numbers],
      [`reg ${year}`, numbers],
      [numbers[1], [numbers[1]]],
      [`REG-${year}-${Number(seq)}`, [numbers[1]]],
      [String(Number(seq)), [numbers[1]]],
    ] as const) {
      expect(await rows('settlements.index', q), `list q=${q}`).toEqual(expected);
      expect(await rows('settlements.cancellations', q), `cancellations q=${q}`).toEqual(expected);
    }
    const row = (
      await admin.visit(`${route('settlements.cancellations')}?from=2026-03-01&to=2026-03-31&q=${numbers[0]}`)
    ).body.props.settlements.data[0];
    expect(row).toMatchObject({
      number: numbers[0],
      invoices: [inv.number],
      reprints: 0,
      blocked: null,
      status: 'validated',
    });
  });

  it('the form offers the accounts of paymentAccounts, in the order of the sale form (by code), archived ones left out', async () => {
    const tag = uniqueTag('B');
    const first = await makeTreasuryAccount(t.db, 'banque');
    const second = await makeTreasuryAccount(t.db, 'banque');
    const archived = await makeTreasuryAccount(t.db, 'banque');
    await t
      .db('treasury_accounts')
      .where({ id: first })
      .update({ code: `BQA${tag}`.slice(0, 20), name: `Zêta ${tag}` });
    await t
      .db('treasury_accounts')
      .where({ id: second })
      .update({ code: `BQB${tag}`.slice(0, 20), name: `Alpha ${tag}` });
    await t.db('treasury_accounts').where({ id: archived }).update({ active: false });
    const banks = (accounts: Array<{ id: number; kind: string }>) =>
      accounts.filter((a) => a.kind === 'banque').map((a) => a.id);
    const settlementForm = banks((await admin.visit(route('settlements.create'))).body.props.accounts);
    const saleForm = banks((await admin.visit(route('sales.invoices.create'))).body.props.accounts);
    expect(settlementForm).toEqual(saleForm);
    expect(settlementForm.indexOf(first)).toBeLessThan(settlementForm.indexOf(second));
    expect(settlementForm).not.toContain(archived);
  });

  it('validates a settlement: 303 to its page, flash, show page with the invoices and what remains', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 12_000);
    const res = await admin.post(
      STORE,
      body({
        client_id: c,
        amount: '15 000',
        allocation_mode: 'oldest',
        allocations: [{ sale_id: inv.id, amount: 12_000 }],
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(SHOW);
    const page = await admin.visit(res.headers.location);
    expect(page.body.flash.success).toMatch(
      /^Règlement REG-\d{4}-\d{6} validé\. Le surplus est gardé en acompte au client\.$/,
    );
    const s = page.body.props.settlement;
    expect(s).toMatchObject({
      received: 15_000,
      allocated: 12_000,
      advance: 3_000,
      method_label: 'Espèces',
      client: { balance: -3_000, advance: 3_000 },
    });
    expect(s.allocations).toEqual([expect.objectContaining({ number: inv.number, settled: 12_000, remaining: 0 })]);
    expect(page.body.props.print).toMatchObject({ duplicata: false, allowed: true });
    expect(await saleMoney(t.db, inv.id)).toMatchObject({ status: 'paid' });
  });

  it('bad input: each a French message on its field, nothing written', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 5_000);
    const other = await creditInvoice(t.db, f, await client(), 5_000);
    expect((await refused(body({ client_id: c, amount: 0 }))).amount).toBe('Le montant doit être supérieur à zéro.');
    expect((await refused(body({ client_id: c, amount: -500 }))).amount).toBe('Le montant ne peut pas être négatif.');
    expect((await refused(body({ client_id: c, amount: '12,5' }))).amount).toBe(
      'Le montant a plus de décimales que la devise n’en permet.',
    );
    expect((await refused(body({ client_id: c, amount: 'abc' }))).amount).toMatch(/doit être un montant en chiffres/);
    expect(
      (await refused(body({ client_id: c, amount: 6_000, allocations: [{ sale_id: inv.id, amount: 6_000 }] })))[
        'allocations.0.amount'
      ],
    ).toMatch(new RegExp(`^La facture ${inv.number} n’a plus que 5\\s000\\sFCFA à payer`));
    expect(
      (await refused(body({ client_id: c, amount: 1_000, allocations: [{ sale_id: other.id, amount: 1_000 }] })))[
        'allocations.0.sale_id'
      ],
    ).toMatch(/n’est pas une facture de/);
    expect(
      (await refused(body({ client_id: c, amount: 1_000, method: 'especes', account_id: orange })))['account_id'],
    ).toMatch(/ne peut pas recevoir un règlement en espèces/);
    expect(
      (
        await refused(
          body({
            client_id: c,
            amount: 1_000,
            method: 'mobile_money',
            account_id: orange,
            operator: 'orange_money',
            reference: '',
          }),
        )
      )['reference'],
    ).toMatch(/identifiant de la transaction/);
    expect((await refused(body({ client_id: c, amount: 1_000, method: '' })))['method']).toBe(
      'Choisissez le mode de paiement.',
    );
    expect((await refused(body({ client_id: '', amount: 1_000 })))['client_id']).toBe('Choisissez le client.');
    expect(await saleMoney(t.db, inv.id)).toMatchObject({ paid: 0 });
  });

  it('a reused mobile-money transaction id is refused on its field, naming the settlement that holds it', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 20_000);
    const mm = (amount: number, reference: string) =>
      body({
        client_id: c,
        amount,
        method: 'mobile_money',
        account_id: orange,
        operator: 'orange_money',
        phone: '0707080910',
        reference,
        allocations: [{ sale_id: inv.id, amount }],
      });
    const first = await admin.post(STORE, mm(5_000, 'MP261124.1010.Z1'));
    expect(first.headers.location).toMatch(SHOW);
    const number = String(
      (await t
        .db('settlements')
        .where({ id: Number(first.headers.location.split('/').pop()) })
        .first('number'))!.number,
    );
    expect((await refused(mm(5_000, ' mp261124.1010.z1 '))).reference).toBe(
      `La transaction Orange Money « MP261124.1010.Z1 » est déjà enregistrée par le règlement ${number} : un identifiant de transaction ne sert qu’une fois. Vérifiez le SMS de confirmation du client.`,
    );
  });

  it('the same idempotency key twice makes one settlement', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 8_000);
    const payload = body({ client_id: c, amount: 8_000, allocations: [{ sale_id: inv.id, amount: 8_000 }] });
    const a = await admin.post(STORE, payload);
    const b = await admin.post(STORE, payload);
    expect(b.headers.location).toBe(a.headers.location);
    expect(await t.db('settlements').where({ client_id: c })).toHaveLength(1);
    expect((await admin.visit(b.headers.location)).body.flash.success).toMatch(/était déjà enregistré/);
  });

  it('the list: filters, totals by method (mobile money by operator), search by number, CSV export', async () => {
    const c = await client(`Client Liste ${uniqueTag()}`);
    const inv = await creditInvoice(t.db, f, c, 30_000);
    const cash = await settle(
      t.db,
      settlementInput({
        clientId: c,
        settlementDate: today(),
        amount: 10_000,
        accountId: desk,
        allocations: [{ saleId: inv.id, amount: 10_000 }],
      }),
    );
    const om = await settle(
      t.db,
      settlementInput({
        clientId: c,
        settlementDate: today(),
        amount: 7_000,
        method: 'mobile_money',
        operator: 'orange_money',
        reference: `OM${uniqueTag()}`,
        accountId: orange,
        allocations: [{ saleId: inv.id, amount: 7_000 }],
      }),
    );
    const page = await admin.visit(route('settlements.index', { client_id: c }));
    expect(page.status).toBe(200);
    const props = page.body.props;
    expect(props.settlements.data.map((s: { number: string }) => s.number).sort()).toEqual(
      [cash.number, om.number].sort(),
    );
    expect(props.totals).toMatchObject({ count: 2, received: 17_000, cancelled: 0 });
    expect(props.totals.by_method).toEqual([
      { key: 'especes', label: 'Espèces', count: 1, received: 10_000 },
      { key: 'mobile_money:orange_money', label: 'Orange Money', count: 1, received: 7_000 },
    ]);
    expect(props.client).toEqual({ id: c, name: expect.stringMatching(/^Client Liste/) });
    const byMethod = await admin.visit(route('settlements.index', { client_id: c, method: 'mobile_money' }));
    expect(byMethod.body.props.settlements.data.map((s: { number: string }) => s.number)).toEqual([om.number]);
    const searched = await admin.visit(route('settlements.index', { q: cash.number }));
    expect(searched.body.props.settlements.data.map((s: { number: string }) => s.number)).toEqual([cash.number]);
    const file = await download(admin, route('settlements.export', { client_id: c, format: 'csv' }));
    expect(file.status).toBe(200);
    const csv = (file.body as Buffer).toString('utf8');
    expect(csv).toContain(cash.number);
    expect(csv).toContain('Orange Money');
  });

  it('the receipt: A5 by default, 80 mm on demand, the amount in words; a settlement of another place is 404', async () => {
    const c = await client();
    const inv = await creditInvoice(t.db, f, c, 9_000);
    const s = await settle(
      t.db,
      settlementInput({
        clientId: c,
        amount: 4_000,
        accountId: desk,
        allocations: [{ saleId: inv.id, amount: 4_000 }],
      }),
    );
    const a5 = await printOut(admin, route('settlements.print', { id: s.id }));
    expect(a5.body.props).toMatchObject({
      roll: false,
      settings: { format: 'A5', amount_in_words: true },
      settlement: { number: s.number, received: 4_000 },
    });
    const roll = await printOut(admin, route('settlements.print', { id: s.id }, { format: '80mm' }));
    expect(roll.body.props).toMatchObject({
      roll: true,
      settings: { format: '80mm' },
      copy: { duplicata: true, reprint: 1 },
    });
    expect((await admin.visit('/operations/reglement/999999')).status).toBe(404);
    expect((await admin.visit('/operations/reglement/999999/print')).status).toBe(404);
  });

  it(
    '20 parallel settlements of the same invoice remaining: exactly one allocates it, the 19 others are refused on their allocation — no advance created',
    { timeout: 180_000 },
    async () => {
      const c = await client(`Client Course ${uniqueTag()}`);
      const inv = await creditInvoice(t.db, f, c, 25_000);
      const deskBefore = await balanceOf(t.db, desk);
      const cashier = await userWithPermissions(t, `${uniqueTag('K').toLowerCase()}@test.local`, [
        'menu.reglement',
        'settlements.create',
      ]);
      const sessions = await loggedInClients(server, 20, cashier.email, cashier.password);
      const results = await Promise.all(
        sessions.map((s) =>
          s.post(
            STORE,
            body({
              client_id: c,
              amount: 25_000,
              allocation_mode: 'oldest',
              allocations: [{ sale_id: inv.id, amount: 25_000 }],
            }),
          ),
        ),
      );
      const made = results.map((r) => SHOW.test(r.headers.location ?? ''));
      expect(made.filter(Boolean)).toHaveLength(1);
      expect(await t.db('settlements').where({ client_id: c })).toHaveLength(1);
      expect(await saleMoney(t.db, inv.id)).toEqual({ paid: 25_000, status: 'paid', remaining: 0 });
      expect(await clientMoney(t.db, c)).toEqual({ balance: 0, advance: 0 });
      expect(await balanceOf(t.db, desk)).toBe(deskBefore + 25_000);
      const refusals = await Promise.all(
        sessions
          .filter((_, i) => !made[i])
          .map(async (s) => {
            const errors = (await s.visit(route('settlements.create'))).body.props.errors ?? {};
            return String(errors['allocations.0.amount'] ?? errors['allocations.0.sale_id'] ?? JSON.stringify(errors));
          }),
      );
      expect(refusals).toHaveLength(19);
      for (const message of refusals)
        expect(message).toMatch(
          new RegExp(`^La facture ${inv.number} (n’a plus que 0\\sFCFA à payer|est déjà entièrement payée)`),
        );
    },
  );
});
