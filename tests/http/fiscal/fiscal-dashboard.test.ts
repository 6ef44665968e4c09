import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { certificationRow } from '../../support/fiscal.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import { giveStock, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The dashboard's certification card: only when the company certifies and for users of File de
 * certification; it counts the queue's waiting, refused and uncertain documents and names FNE's
 * stickers once fewer than LOW_STICKER_BALANCE are left.
 */
describe.each(testDatabases())('certification card of the dashboard (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('shows the queue and low stickers to its users when a provider is set, to no one else', async () => {
    await t.db('company_settings').where({ id: 1 }).update({ fiscal_provider: 'none' });
    expect((await admin.visit(route('dashboard'))).body.props.certification).toBeUndefined();

    const f = await stockFixtures(t.db);
    const walkIn = await walkInClient(t.db);
    const product = await makeProduct(t.db, { code: `${uniqueTag()}D`, category_id: f.category, retail_price: 500 });
    await giveStock(t.db, product, f.shop, 10, 100);
    const sale = () =>
      sell(
        t.db,
        saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(product, 1)], payments: [cashPayment(500)] }),
      );
    await certificationRow(t.db, 'counterSale', (await sale()).id, 'refused');
    await certificationRow(t.db, 'counterSale', (await sale()).id, 'uncertain');
    await certificationRow(t.db, 'counterSale', (await sale()).id, 'certified', {
      sticker_balance: 12,
      certified_at: '2099-01-01T00:00:00.000Z',
    });
    await t.db('company_settings').where({ id: 1 }).update({ fiscal_provider: 'fne' });

    const card = (await admin.visit(route('dashboard'))).body.props.certification;
    const counts = async (states: string[]) =>
      Number((await t.db('fiscal_certifications').whereIn('state', states).count({ n: '*' }).first())!.n);
    expect(card).toEqual({
      pending: await counts(['pending', 'sending']),
      refused: await counts(['refused']),
      uncertain: await counts(['uncertain']),
      low_sticker_balance: 12,
      href: route('fiscalQueue.index'),
    });

    const u = await userWithPermissions(t, `dash-${uniqueTag()}@test.local`.toLowerCase(), [
      'menu.dashboard',
      'menu.sortiestock',
    ]);
    const c = new Client(t);
    await c.login(u.email, u.password);
    expect((await c.visit(route('dashboard'))).body.props.certification).toBeUndefined();
    await t.db('company_settings').where({ id: 1 }).update({ fiscal_provider: 'none' });
  });
});
