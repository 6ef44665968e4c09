/**
 * The lists and searches of `npm run bench` (DESIGN.md §7: p95 ≤ 30 ms through HTTP, ≤ 2 ms p50
 * above the bare query): clients, products (page 1, page 200, a search), the product picker
 * (barcode, typos), the global search, the price centre and a product's stock page, each through
 * HTTP beside the bare service the route calls. scripts/bench.ts runs them on the data set it
 * builds; `npx tsx scripts/bench/lists.ts` runs them (and the sales lists of scripts/bench/sales.ts)
 * on an existing database (scripts/bench/existing.ts: DATABASE_URL, BENCH_EMAIL, BENCH_PASSWORD,
 * BENCH_RUNS, BENCH_FILTER), with the SQL statements each request sends.
 */
import type { Knex } from 'knex';
import { categoryOptions } from '../../server/services/categories/categories.js';
import { listClients } from '../../server/services/clients/clients.js';
import { searchProducts } from '../../server/services/pickers/pickers.js';
import { SEARCHED_DOCUMENTS } from '../../server/services/search/document-series.js';
import { globalSearch } from '../../server/services/search/global-search.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { listProducts } from '../../server/services/products/products.js';
import { productStock } from '../../server/services/stock/product-stock.js';
import type { BenchClient, Measure } from './client.js';
import { runOnExistingDatabase } from './existing.js';
import { benchSalesLists } from './sales.js';

const PER_PAGE = 25;

export async function benchLists(
  db: Knex,
  b: Pick<BenchClient, 'json'>,
  measure: Measure,
  runs: number,
): Promise<void> {
  const productPage = async (page: number, q = '') => {
    // What the products list route runs (the price centre skips the stock totals).
    const result = await listProducts(db, {
      q,
      sort: 'code',
      dir: 'asc',
      page,
      per_page: PER_PAGE,
      filters: { category_id: '', status: 'active' },
    });
    await categoryOptions(db, null);
    return result;
  };
  const barcodes = (await db('products')
    .whereNotNull('barcode')
    .orderBy('id')
    .limit(runs + 10)
    .offset(4000)
    .pluck('barcode')) as string[];
  const fragment = 'arachide';
  await measure(
    'Liste des clients (page 1)',
    30,
    () => b.json('/fichiers/clients'),
    () =>
      listClients(db, {
        q: '',
        sort: 'code',
        dir: 'asc',
        page: 1,
        per_page: PER_PAGE,
        filters: { kind: '', price_level: '', status: 'active' },
      }),
  );
  await measure(
    'Liste des produits (page 1)',
    30,
    () => b.json('/fichiers/produits'),
    () => productPage(1),
  );
  await measure(
    'Liste des produits (page 200)',
    30,
    () => b.json('/fichiers/produits?page=200'),
    () => productPage(200),
  );
  await measure(
    `Recherche produit « ${fragment} »`,
    30,
    () => b.json(`/fichiers/produits?q=${encodeURIComponent(fragment)}`),
    () => productPage(1, fragment),
  );
  await measure(
    'Code-barres (sélecteur de produit)',
    30,
    (i) => b.json(`/pickers/products?q=${barcodes[Math.abs(i) % barcodes.length]}`),
    (i) => searchProducts(db, { q: barcodes[Math.abs(i) % barcodes.length], locationId: null }),
  );
  // Typo tolerance: a doubled letter (search_key), then a swap found only by the fuzzy fallback.
  await measure(
    'Sélecteur de produit « arrachide » (lettre doublée)',
    30,
    () => b.json('/pickers/products?q=arrachide'),
    () => searchProducts(db, { q: 'arrachide', locationId: null }),
  );
  await measure(
    'Sélecteur de produit « arachdie » (faute, repli approché)',
    30,
    () => b.json('/pickers/products?q=arachdie'),
    () => searchProducts(db, { q: 'arachdie', locationId: null }),
  );
  // The header's global search: every group (admin), a name, a typo, a document number.
  const everything = {
    products: true,
    clients: true,
    suppliers: true,
    series: SEARCHED_DOCUMENTS,
    places: EVERY_PLACE,
  };
  const entryNumber = String(
    (await db('stock_entries').orderBy('id', 'desc').first('number'))?.number ?? 'ENT-2026-000001',
  );
  for (const q of [fragment, 'arachdie', entryNumber]) {
    await measure(
      `Recherche globale « ${q} »`,
      30,
      () => b.json(`/recherche?q=${encodeURIComponent(q)}`),
      () => globalSearch(db, { q, scope: everything }),
    );
  }
  await measure(
    'Centrale des prix (page 1)',
    30,
    () => b.json('/fichiers/centraleprix'),
    () => productPage(1),
  );
  const product = Number((await db('products').where({ active: true }).orderBy('id').first('id'))!.id);
  await measure(
    'Stock d’un produit (emplacements, mouvements, CMUP)',
    30,
    () => b.json(`/fichiers/produits/${product}/stock`),
    () => productStock(db, product, 1),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOnExistingDatabase(async (db, b, measure) => {
    await benchLists(db, b, measure, Number(process.env.BENCH_RUNS ?? 20));
    await benchSalesLists(db, b, measure);
  });
}
