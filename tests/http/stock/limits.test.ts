import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { LIMITS } from '../../../shared/limits.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  makeSupplier,
  stockFixtures,
} from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');
const year = () => Number(today().slice(0, 4));
const NNBSP = '\u202f';

/**
 * Security issue 13, finding 3: the business ceilings (shared/limits.ts) on what a stock entry can
 * carry. Each refusal is a French message on the field, nothing is written, never a 500.
 */
describe.each(testDatabases())('business ceilings on stock (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const entry = (lines: Array<Record<string, unknown>>, over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    supplier_id: f.supplier,
    location_id: f.depot,
    entry_date: today(),
    supplier_ref: '',
    note: '',
    lines,
    ...over,
  });
  const written = async () => ({
    entries: Number((await t.db('stock_entries').count({ n: '*' }).first())!.n),
    movements: Number((await t.db('stock_movements').count({ n: '*' }).first())!.n),
    counter: await lastNumber(t.db, 'ENT', year()),
    balances: (await t.db('suppliers').orderBy('id').select('balance')).map((r) => Number(r.balance)),
  });
  /** Posts the entry, expects the 303 back to the form and returns the errors it carries; nothing written. */
  const refused = async (body: object) => {
    const before = await written();
    const res = await admin.post(route('entries.index'), body);
    expect(res.status).toBe(303);
    const errors = (await admin.visit(route('entries.create'))).body.props.errors as Record<string, string>;
    expect(await written()).toEqual(before);
    return errors;
  };
  const product = async (over: { pack_size?: number; unit?: string } = {}) =>
    makeProduct(t.db, { code: uniqueTag('L'), category_id: f.category, ...over });

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('refuses a line of 10^9 units at 10^12 on its fields (it used to answer 500)', async () => {
    const p = await product();
    const errors = await refused(
      entry([{ product_id: p, unit: 'unit', quantity: 1_000_000_000, unit_cost: 1_000_000_000_000 }]),
    );
    expect(errors['lines.0.quantity']).toBe(`La quantité ne peut dépasser 10${NNBSP}000${NNBSP}000.`);
    expect(errors['lines.0.unit_cost']).toBe(`Le coût unitaire ne peut dépasser 100${NNBSP}000${NNBSP}000\u00a0FCFA.`);
  });

  it('caps the quantity after pack conversion', async () => {
    const p = await product({ pack_size: 100_000 });
    const errors = await refused(entry([{ product_id: p, unit: 'pack', quantity: 200, unit_cost: 10 }]));
    expect(errors['lines.0.quantity']).toBe(
      `Ligne 1 : la quantité (200 colis de 100${NNBSP}000) ne peut dépasser 10${NNBSP}000${NNBSP}000 unités.`,
    );
    // At the ceiling exactly, it is accepted.
    const res = await admin.post(
      route('entries.index'),
      entry([{ product_id: p, unit: 'pack', quantity: 100, unit_cost: 10 }]),
    );
    expect(res.headers.location).toMatch(/\/operations\/entreestock\/\d+$/);
    expect(await levelOf(t.db, p, f.depot)).toBe(LIMITS.quantity);
  });

  it('caps a line amount', async () => {
    const p = await product();
    const errors = await refused(entry([{ product_id: p, unit: 'unit', quantity: 10_001, unit_cost: 100_000_000 }]));
    expect(errors['lines.0.unit_cost']).toBe(
      `Ligne 1 : le montant de la ligne ne peut dépasser 1${NNBSP}000${NNBSP}000${NNBSP}000${NNBSP}000\u00a0FCFA.`,
    );
  });

  it('caps a stock level, at a location and across locations, so repeated entries never pass 2^53', async () => {
    const p = await product({ unit: 'sac' });
    await giveStock(t.db, p, f.depot, LIMITS.stockLevel - 10, 5);
    let errors = await refused(entry([{ product_id: p, unit: 'unit', quantity: 11, unit_cost: 5 }]));
    expect(errors['lines.0.quantity']).toMatch(
      new RegExp(
        `^Le stock de « .+ » \\(${'L\\d+'}\\) à Dépôt principal ne peut dépasser 10${NNBSP}000${NNBSP}000 sac \\(il serait de 10${NNBSP}000${NNBSP}001\\)\\.$`,
      ),
    );

    const q = await product();
    await giveStock(t.db, q, f.depot, 6_000_000, 5);
    await giveStock(t.db, q, f.shop, 4_000_000, 5);
    errors = await refused(entry([{ product_id: q, unit: 'unit', quantity: 1, unit_cost: 5 }]));
    expect(errors['lines.0.quantity']).toContain('tous emplacements confondus, ne peut dépasser 10');
  });

  it('caps a document total', async () => {
    const lines = [];
    for (let i = 0; i < 11; i++)
      lines.push({ product_id: await product(), unit: 'unit', quantity: 10_000, unit_cost: 100_000_000 });
    const errors = await refused(entry(lines));
    expect(errors.lines).toBe(
      `Le montant total de l’entrée ne peut dépasser 10${NNBSP}000${NNBSP}000${NNBSP}000${NNBSP}000\u00a0FCFA.`,
    );
  });

  it('caps a supplier’s balance', async () => {
    const supplier = await makeSupplier(t.db);
    await t
      .db('suppliers')
      .where({ id: supplier })
      .update({ balance: LIMITS.balance - 10 });
    const errors = await refused(
      entry([{ product_id: await product(), unit: 'unit', quantity: 1, unit_cost: 11 }], { supplier_id: supplier }),
    );
    expect(errors.supplier_id).toMatch(
      /^Le solde du fournisseur « .+ » ne peut dépasser 100\u202f000\u202f000\u202f000\u202f000\u00a0FCFA\. Réglez-le/,
    );
  });

  it('shows the stock page of a product at the ceilings with exact values', async () => {
    const p = await product();
    await giveStock(t.db, p, f.depot, LIMITS.stockLevel, LIMITS.unitPrice);
    const res = await admin.visit(route('products.stock', { id: p }));
    expect(res.status).toBe(200);
    expect(res.body.props.total_value).toBe(LIMITS.stockLevel * LIMITS.unitPrice);
    expect(Number.isSafeInteger(res.body.props.total_value)).toBe(true);
  });

  it('still shows the stock page of a product whose figures were recorded before the ceilings', async () => {
    const p = await product();
    await giveStock(t.db, p, f.depot, 1000, 5);
    // A CMUP of 10^13 left by an older version: 1 000 × 10^13 is past 2^53.
    await t.db('products').where({ id: p }).update({ cmup: 10_000_000_000_000 });
    const res = await admin.visit(route('products.stock', { id: p }));
    expect(res.status).toBe(200);
    expect(res.body.props.total_value).toBeNull();
  });
});
