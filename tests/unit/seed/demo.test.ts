import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBase } from '../../../database/seeds/base.js';
import { ean13, ean13CheckDigit, isValidEan13 } from '../../../database/seeds/demo/ean13.js';
import { DEMO_SCALES, generateDemoData } from '../../../database/seeds/demo/generate.js';
import { Random } from '../../../database/seeds/demo/random.js';
import { DemoDataExistsError, seedDemo } from '../../../database/seeds/demo/seed.js';
import { checkStock } from '../../../server/services/stock/check-stock.js';
import { type TestDatabase, freshDatabase, testDatabases } from '../../support/databases.js';

describe('demo data generation', () => {
  it('computes EAN-13 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('978020137962')).toBe(4);
    expect(ean13('590123412345')).toBe('5901234123457');
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(() => ean13CheckDigit('12345')).toThrow(RangeError);
  });

  it('draws the same numbers from the same seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('gives identical data for the same seed and different data for another', () => {
    const one = generateDemoData('small', 7);
    expect(generateDemoData('small', 7)).toEqual(one);
    expect(generateDemoData('small', 8)).not.toEqual(one);
  });

  it.each(Object.entries(DEMO_SCALES))('has the counts of the %s scale, unique codes and barcodes, valid prices', (scale, size) => {
    const d = generateDemoData(scale as keyof typeof DEMO_SCALES);
    expect([d.categories.length, d.products.length, d.clients.length, d.suppliers.length]).toEqual([size.categories, size.products, size.clients, size.suppliers]);
    for (const list of [d.categories, d.products, d.clients, d.suppliers]) expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
    expect(new Set(d.categories.map((c) => c.name)).size).toBe(d.categories.length);
    const barcodes = d.products.flatMap((p) => (p.barcode ? [p.barcode] : []));
    expect(barcodes.length).toBeGreaterThan(d.products.length * 0.85);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(barcodes.every(isValidEan13)).toBe(true);
    for (const p of d.products) {
      for (const v of [p.purchase_price, p.retail_price, p.wholesale_price, p.min_price, p.pack_size]) expect(Number.isSafeInteger(v) && v > 0).toBe(true);
      expect(p.min_price).toBeLessThanOrEqual(p.wholesale_price);
      expect(p.wholesale_price).toBeLessThanOrEqual(p.retail_price);
      expect(p.purchase_price).toBeLessThanOrEqual(p.wholesale_price);
      expect(p.name.length).toBeLessThanOrEqual(160);
    }
    // Every category is used and the names sound local.
    expect(new Set(d.products.map((p) => p.category)).size).toBe(size.categories);
    expect(d.clients.some((c) => /KONÉ|TRAORÉ|DIALLO|OUATTARA|COULIBALY/.test(c.name))).toBe(true);
    expect(d.clients.every((c) => /^\+22[1-9] [\d ]+$/.test(c.phone))).toBe(true);
  });
});

const volatile = new Set(['created_at', 'updated_at', 'snapshot_at', 'validated_at']);
async function dump(db: TestDatabase['db']) {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of [
    ['categories', 'code'],
    ['products', 'code'],
    ['clients', 'code'],
    ['suppliers', 'code'],
    ['stock_levels', ['product_id', 'location_id']],
    ['stock_entries', 'number'],
  ] as const) {
    const rows = await db(table).orderBy(Array.isArray(order) ? order.map((c) => ({ column: c })) : [{ column: order }]);
    out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !volatile.has(k))));
  }
  return out;
}

describe.each(testDatabases())('seed:demo into a database (%s)', (kind) => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshDatabase(kind), freshDatabase(kind)]);
    for (const d of [a, b]) await seedBase(d.db, { email: 'admin@test.local', password: 'Admin-Secret-123' });
  });
  afterAll(async () => {
    await a.drop();
    await b.drop();
  });

  it('writes the small scale with opening stock through real entries, the same in two runs', { timeout: 60_000 }, async () => {
    const ra = await seedDemo(a.db, { scale: 'small' });
    const rb = await seedDemo(b.db, { scale: 'small' });
    expect(ra).toEqual(rb);
    expect(ra).toMatchObject({ categories: 15, products: 300, clients: 50, suppliers: 20 });
    const count = async (table: string) => Number((await a.db(table).count({ n: '*' }).first())!.n);
    expect(await count('categories')).toBe(15);
    expect(await count('products')).toBe(300);
    expect(await count('clients')).toBe(51); // with the built-in CLIENT COMPTANT
    expect(await count('suppliers')).toBe(20);
    expect(await count('stock_movements')).toBe(ra.movements);
    expect(await count('stock_entries')).toBe(ra.entries);
    expect(ra.entries).toBeGreaterThanOrEqual(2); // one per location at least

    // Ledger and levels agree; the CMUP is the opening cost; suppliers are owed the entries.
    const report = await checkStock(a.db);
    expect(report.differences).toEqual([]);
    const mismatched = await a.db('products as p').join('stock_levels as s', 's.product_id', 'p.id').whereRaw('p.cmup <> p.purchase_price').first('p.code');
    expect(mismatched).toBeUndefined();
    const owed = await a.db('suppliers').sum({ s: 'balance' }).first();
    const entered = await a.db('stock_entries').sum({ s: 'total_amount' }).first();
    expect(Number(owed!.s)).toBe(Number(entered!.s));

    expect(await dump(b.db)).toEqual(await dump(a.db));
  });

  it('refuses to run twice and writes nothing', async () => {
    const before = await dump(a.db);
    await expect(seedDemo(a.db, { scale: 'small' })).rejects.toThrow(DemoDataExistsError);
    await expect(seedDemo(a.db, { scale: 'small' })).rejects.toThrow(/La base contient déjà des données \(catégories, produits, fournisseurs, clients\)/);
    expect(await dump(a.db)).toEqual(before);
  });
});
