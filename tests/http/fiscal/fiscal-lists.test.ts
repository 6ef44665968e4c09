import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { certificationRow } from '../../support/fiscal.js';
import { adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The « Certification » column and filter of Ventes boutique and Corrections: absent while the
 * company certifies nothing and no document was certified; then each row carries its state and
 * fiscal number (null without a row), and the filter keeps the documents of a state — the count
 * and the totals with them. The page's join is a lookup on the outbox's unique index.
 */
describe.each(testDatabases())('fiscal column of the sales lists (%s)', (kind) => {
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

  async function counterSale() {
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `${tag}L`,
      name: `Savon ${tag}`,
      category_id: f.category,
      retail_price: 1_000,
    });
    await giveStock(t.db, product, f.shop, 10, 500);
    const today = new Date().toISOString().slice(0, 10);
    return sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        saleDate: today,
        lines: [line(product, 2)],
        payments: [cashPayment(2_000)],
      }),
    );
  }

  const ids = (page: { body: { props: { sales: { data: Array<{ id: number }> } } } }) =>
    page.body.props.sales.data.map((s) => s.id);

  it('shows the column once a document is certified, with each row’s state, and filters by state', async () => {
    const plain = await counterSale();
    const before = await admin.visit(route('sales.counterSales'));
    const anyRow = await t.db('fiscal_certifications').where({ document_type: 'counterSale' }).first('id');
    if (!anyRow) expect(before.body.props.fiscal_column).toBe(false);

    const certified = await counterSale();
    const refused = await counterSale();
    await certificationRow(t.db, 'counterSale', certified.id, 'certified');
    await certificationRow(t.db, 'counterSale', refused.id, 'refused');
    const page = await admin.visit(`${route('sales.counterSales')}?q=&per_page=100`);
    expect(page.body.props.fiscal_column).toBe(true);
    const rows = page.body.props.sales.data as Array<{ id: number; fiscal: unknown }>;
    expect(rows.find((r) => r.id === certified.id)?.fiscal).toEqual({
      state: 'certified',
      fiscal_number: `2201234A26${String(certified.id).padStart(10, '0')}`,
    });
    expect(rows.find((r) => r.id === refused.id)?.fiscal).toEqual({ state: 'refused', fiscal_number: null });
    expect(rows.find((r) => r.id === plain.id)?.fiscal).toBeNull();

    const onlyRefused = await admin.visit(`${route('sales.counterSales')}?fiscal=refused`);
    expect(onlyRefused.body.props.filters.fiscal).toBe('refused');
    expect(ids(onlyRefused)).toContain(refused.id);
    expect(ids(onlyRefused)).not.toContain(certified.id);
    expect(ids(onlyRefused)).not.toContain(plain.id);
    const refusedCount = Number(
      (await t
        .db('fiscal_certifications')
        .where({ document_type: 'counterSale', state: 'refused' })
        .count({ n: '*' })
        .first())!.n,
    );
    expect(onlyRefused.body.props.totals.count).toBeLessThanOrEqual(refusedCount);
    expect(onlyRefused.body.props.sales.total).toBe(onlyRefused.body.props.totals.count);
    // The invoices list is its own type: a certified counter sale does not show there.
    const invoices = await admin.visit(`${route('sales.invoices')}?fiscal=refused`);
    expect(ids(invoices)).not.toContain(refused.id);
    // An unknown state is no filter.
    expect((await admin.visit(`${route('sales.counterSales')}?fiscal=bogus`)).body.props.filters.fiscal).toBe('');
  });

  it('shows a credit note’s certification in Corrections and filters it', async () => {
    const sale = await counterSale();
    const saleLine = (await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!;
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: sale.id,
        reason: 'Produit abîmé',
        version: 1,
        lines: [{ saleLineId: Number(saleLine.id), quantity: 1 }],
      },
      await adminActor(t.db),
    );
    await certificationRow(t.db, 'creditNote', note.id, 'uncertain');
    const page = await admin.visit(`${route('creditNotes.index')}?fiscal=uncertain`);
    expect(page.body.props.fiscal_column).toBe(true);
    const row = page.body.props.credit_notes.data.find((c: { id: number }) => c.id === note.id);
    expect(row.fiscal).toEqual({ state: 'uncertain', fiscal_number: null });
    const certified = await admin.visit(`${route('creditNotes.index')}?fiscal=certified`);
    expect(certified.body.props.credit_notes.data.map((c: { id: number }) => c.id)).not.toContain(note.id);
  });

  it('looks the outbox row up by its unique index', async () => {
    const sql =
      'SELECT s.id, fc.state FROM sales s LEFT JOIN fiscal_certifications fc ON fc.document_id = s.id AND fc.document_type = ? ORDER BY s.sale_date DESC, s.id DESC LIMIT 25';
    const plan =
      kind === 'sqlite'
        ? (await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, ['counterSale']))
            .map((r: { detail: string }) => r.detail)
            .join('\n')
        : (await t.db.raw(`EXPLAIN ${sql.replace('?', "'counterSale'")}`)).rows
            .map((r: Record<string, string>) => r['QUERY PLAN'])
            .join('\n');
    if (kind === 'sqlite')
      expect(plan).toMatch(/SEARCH fc USING INDEX fiscal_certifications_document_type_document_id_unique/);
    else expect(plan).toMatch(/fiscal_certifications_document_type_document_id_unique|Hash Right Join|Hash Left Join/);
  });
});
