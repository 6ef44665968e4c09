import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { makeDeskAccount } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { certificationRow } from '../../support/fiscal.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import { giveStock, makeProduct, stockFixtures } from '../../support/stock.js';
import { closeDesk } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * A cash closing names the day's documents of its desk's location that the DGI has not certified
 * (pending, refused, uncertain) — on its page and on its printout; certified ones and other days'
 * are not named.
 */
describe.each(testDatabases())('uncertified documents on a cash closing (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('lists the day’s refused, uncertain and pending documents of the location', async () => {
    const f = await stockFixtures(t.db);
    const walkIn = await walkInClient(t.db);
    const product = await makeProduct(t.db, { code: `${uniqueTag()}C`, category_id: f.category, retail_price: 700 });
    await giveStock(t.db, product, f.shop, 20, 100);
    const day = '2026-03-10';
    const sale = (saleDate: string) =>
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          saleDate,
          lines: [line(product, 1)],
          payments: [cashPayment(700)],
        }),
      );
    const refused = await sale(day);
    const uncertain = await sale(day);
    const certified = await sale(day);
    const otherDay = await sale('2026-03-09');
    await certificationRow(t.db, 'counterSale', refused.id, 'refused');
    await certificationRow(t.db, 'counterSale', uncertain.id, 'uncertain');
    await certificationRow(t.db, 'counterSale', certified.id, 'certified');
    await certificationRow(t.db, 'counterSale', otherDay.id, 'refused');

    const desk = await makeDeskAccount(t.db, f.shop);
    const closing = await closeDesk(t.db, desk, day);
    const page = await admin.visit(route('cash.closings.show', { id: closing.id }));
    expect(page.status).toBe(200);
    const numbers = page.body.props.uncertified.map((d: { number: string }) => d.number);
    expect(numbers).toEqual(expect.arrayContaining([refused.number, uncertain.number]));
    expect(numbers).not.toContain(certified.number);
    expect(numbers).not.toContain(otherDay.number);
    expect(page.body.props.uncertified.find((d: { number: string }) => d.number === refused.number)).toMatchObject({
      state: 'refused',
      state_label: 'Refusée',
      document_label: 'Vente boutique',
      url: route('sales.show', { id: refused.id }),
    });

    const print = await admin.visit(route('cash.closings.print', { id: closing.id }));
    expect(print.status).toBe(200);
    expect(print.body.props.uncertified.map((d: { number: string }) => d.number)).toEqual(numbers);
  });
});
