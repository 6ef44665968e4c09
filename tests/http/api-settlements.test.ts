import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementOut } from '../../server/http/api/schemas.js';
import { ADMIN, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { apiClient, rowCount as count, tokenFor } from '../support/api.js';
import { testDatabases } from '../support/databases.js';
import {
  clientMoney,
  creditClient,
  creditInvoice,
  expectReceivablesConsistent,
  saleMoney,
} from '../support/settlements.js';
import { type StockFixtures, stockFixtures } from '../support/stock.js';
import { expectCashConsistent, makeTreasuryAccount } from '../support/treasury.js';
import { uniqueTag } from '../support/unique.js';

const WRITE = ['menu.reglement', 'settlements.create'];

describe.each(testDatabases())('REST API /api/v1/settlements (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    adminId = Number((await t.db('users').where({ email: ADMIN.email }).first('id'))!.id);
    await makeTreasuryAccount(t.db, 'mobile_money', {
      operator: 'orange_money',
      name: `Orange Money API ${uniqueTag()}`,
    });
  });
  afterAll(() => t.close());

  const today = () => new Date().toISOString().slice(0, 10);

  it('settles the oldest invoices first when no allocation is given, the rest an explicit advance; 201 with Location', async () => {
    const client = await creditClient(t.db);
    const older = await creditInvoice(t.db, f, client, 4_000, { saleDate: '2026-01-10', dueDate: '2026-02-10' });
    const newer = await creditInvoice(t.db, f, client, 6_000, { saleDate: '2026-03-10', dueDate: '2026-04-10' });
    const api = apiClient(t, (await tokenFor(t, adminId, WRITE)).token);
    const res = await api.post('/api/v1/settlements', {
      client_id: client,
      settlement_date: today(),
      source: 'payment',
      method: 'mobile_money',
      operator: 'orange_money',
      phone: '07 01 02 03 04',
      reference: `OM.API.${uniqueTag()}`,
      amount: 12_000,
    });
    expect(res.status).toBe(201);
    const s = settlementOut.parse(res.body);
    expect(s.number).toMatch(/^REG-\d{4}-\d{6}$/);
    expect(s.allocations.map((a) => [a.sale_id, a.amount, a.remaining])).toEqual([
      [older.id, 4_000, 0],
      [newer.id, 6_000, 0],
    ]);
    expect(s.advance).toBe(2_000);
    expect(s.client_advance).toBe(2_000);
    expect(s.client_balance).toBe(-2_000);
    expect(res.headers.location).toBe(`/api/v1/settlements/${s.id}`);
    expect((await saleMoney(t.db, older.id)).status).toBe('paid');
    expect(await clientMoney(t.db, client)).toEqual({ balance: -2_000, advance: 2_000 });
    expect(settlementOut.parse((await api.get(`/api/v1/settlements/${s.id}`)).body).number).toBe(s.number);
    await expectReceivablesConsistent(t.db, [client]);
    await expectCashConsistent(t.db);
  });

  it('takes the allocations a program gives, and refuses in French what the form refuses: nothing written', async () => {
    const client = await creditClient(t.db);
    const other = await creditClient(t.db);
    const invoice = await creditInvoice(t.db, f, client, 5_000);
    const theirs = await creditInvoice(t.db, f, other, 5_000);
    const api = apiClient(t, (await tokenFor(t, adminId, WRITE)).token);
    const before = await count(t, 'settlements');
    const cash = { client_id: client, settlement_date: today(), source: 'payment', method: 'especes' };

    const above = await api.post('/api/v1/settlements', {
      ...cash,
      amount: 6_000,
      allocations: [{ sale_id: invoice.id, amount: 6_000 }],
    });
    expect(above.status).toBe(422);
    expect(above.body.errors['allocations.0.amount']).toMatch(/n’a plus/);
    const notTheirs = await api.post('/api/v1/settlements', {
      ...cash,
      amount: 1_000,
      allocations: [{ sale_id: theirs.id, amount: 1_000 }],
    });
    expect(notTheirs.status).toBe(422);
    expect(Object.values(notTheirs.body.errors).join(' ')).toMatch(/n’est pas/);
    const zero = await api.post('/api/v1/settlements', { ...cash, amount: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.amount).toMatch(/supérieur à zéro/);
    const noMethod = await api.post('/api/v1/settlements', {
      client_id: client,
      settlement_date: today(),
      source: 'payment',
      amount: 1_000,
    });
    expect(noMethod.status).toBe(422);
    expect(noMethod.body.errors.method).toMatch(/mode de paiement/);
    expect(await count(t, 'settlements')).toBe(before);

    const ok = await api.post('/api/v1/settlements', {
      ...cash,
      amount: 2_000,
      allocations: [{ sale_id: invoice.id, amount: 2_000 }],
    });
    expect(ok.status).toBe(201);
    expect(settlementOut.parse(ok.body).allocations).toEqual([
      expect.objectContaining({ sale_id: invoice.id, amount: 2_000, remaining: 3_000 }),
    ]);
    expect((await saleMoney(t.db, invoice.id)).status).toBe('partial');
  });

  it('refuses a mobile-money transaction id already recorded for that operator', async () => {
    const client = await creditClient(t.db);
    await creditInvoice(t.db, f, client, 9_000);
    const api = apiClient(t, (await tokenFor(t, adminId, WRITE)).token);
    const body = {
      client_id: client,
      settlement_date: today(),
      source: 'payment',
      method: 'mobile_money',
      operator: 'orange_money',
      phone: '07 01 02 03 04',
      reference: `OM.TWICE.${uniqueTag()}`,
      amount: 1_000,
    };
    expect((await api.post('/api/v1/settlements', body)).status).toBe(201);
    const again = await api.post('/api/v1/settlements', { ...body, reference: body.reference.toLowerCase() });
    expect(again.status).toBe(422);
    expect(again.body.errors.reference).toMatch(/déjà/);
  });

  it('honours Idempotency-Key: ten replays at once make one settlement', async () => {
    const client = await creditClient(t.db);
    await creditInvoice(t.db, f, client, 9_000);
    const api = apiClient(t, (await tokenFor(t, adminId, WRITE)).token);
    const key = `api-reg-${uniqueTag()}-kkkkkkkk`;
    const before = await count(t, 'settlements');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post(
          '/api/v1/settlements',
          { client_id: client, settlement_date: today(), source: 'payment', method: 'especes', amount: 3_000 },
          { 'Idempotency-Key': key },
        ),
      ),
    );
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id)).size).toBe(1);
    expect(await count(t, 'settlements')).toBe(before + 1);
    expect(await clientMoney(t.db, client)).toEqual({ balance: 6_000, advance: 0 });
  });

  it('needs the abilities, and keeps a restricted user to their accounts: another’s bank is refused, its settlement not found', async () => {
    const client = await creditClient(t.db);
    await creditInvoice(t.db, f, client, 9_000);
    const readOnly = apiClient(t, (await tokenFor(t, adminId, ['menu.reglement'])).token);
    const before = await count(t, 'settlements');
    expect(
      (
        await readOnly.post('/api/v1/settlements', {
          client_id: client,
          settlement_date: today(),
          source: 'payment',
          method: 'especes',
          amount: 1_000,
        })
      ).status,
    ).toBe(403);

    const bankMine = await makeTreasuryAccount(t.db, 'banque', { name: `Banque API A ${uniqueTag()}` });
    const bankTheirs = await makeTreasuryAccount(t.db, 'banque', { name: `Banque API B ${uniqueTag()}` });
    const user = await userWithPermissions(t, `${uniqueTag('R').toLowerCase()}@test.local`, WRITE);
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    await t.db('user_treasury_accounts').insert({ user_id: user.id, account_id: bankMine });
    const restricted = apiClient(t, (await tokenFor(t, user.id, WRITE)).token);
    const transfer = (accountId: number) => ({
      client_id: client,
      settlement_date: today(),
      source: 'payment',
      method: 'virement',
      reference: `VIR-${uniqueTag()}`,
      account_id: accountId,
      amount: 1_000,
    });
    const refused = await restricted.post('/api/v1/settlements', transfer(bankTheirs));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.account_id).toMatch(/ne travaillez pas sur ce compte/);
    expect(await count(t, 'settlements')).toBe(before);

    const admin = apiClient(t, (await tokenFor(t, adminId, WRITE)).token);
    const theirs = settlementOut.parse((await admin.post('/api/v1/settlements', transfer(bankTheirs))).body);
    const mine = settlementOut.parse((await restricted.post('/api/v1/settlements', transfer(bankMine))).body);
    expect((await restricted.get(`/api/v1/settlements/${theirs.id}`)).status).toBe(404);
    expect((await restricted.get(`/api/v1/settlements/${mine.id}`)).status).toBe(200);
  });
});
