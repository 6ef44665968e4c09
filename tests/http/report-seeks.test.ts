import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { seedBase } from '../../server/services/setup/first-start.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import { stockAtRows } from '../../server/services/reports/sales-summaries.js';
import { freshDatabase, type TestDatabase } from '../support/databases.js';
import { stockFixtures } from '../support/stock.js';

/**
 * How many times PostgreSQL reads report_stock_days for État de stock › à une date: once per
 * (product, location) pair (server/db/running-totals.ts closingPerPair). The shape SQLite takes — a
 * correlated subquery in a derived table — was pulled up by PostgreSQL and evaluated once per use
 * (NULL test, zero test, column): up to three seeks per pair. Counted from the executed plan, so
 * the machine's load does not matter. PostgreSQL only (TEST_DATABASE_URL).
 */

type PlanNode = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };
const readsOf = (node: PlanNode, table: string): number =>
  (node['Relation Name'] === table ? (node['Actual Loops'] ?? 0) : 0) +
  (node.Plans ?? []).reduce((n, child) => n + readsOf(child, table), 0);

async function executedReads(db: Knex, query: Knex.QueryBuilder, table: string): Promise<number> {
  const { sql, bindings } = query.toSQL();
  const plan = (await db.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[])).rows[0][
    'QUERY PLAN'
  ][0];
  return readsOf(plan.Plan, table);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('État de stock à une date on PostgreSQL', () => {
  let t: TestDatabase;
  let pairs: number;
  beforeAll(async () => {
    t = await freshDatabase('pg');
    await seedBase(t.db, { email: 'admin@test.local', password: 'Admin-Secret-123' });
    const f = await stockFixtures(t.db);
    const products = Object.values(f.products);
    // Every product at both places, moved on three days: each pair has several day rows.
    for (const [i, day] of ['2025-03-01', '2025-03-05', '2025-03-09'].entries()) {
      await t.db.transaction((trx) =>
        postStockMovements(
          trx,
          { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: day },
          products.flatMap((productId) =>
            [f.depot, f.shop].map((locationId) => ({
              productId,
              locationId,
              quantity: 10 + i,
              movementType: 'entry' as const,
              unitCost: 1000,
              valuation: 'receipt' as const,
            })),
          ),
        ),
      );
    }
    pairs =
      Number((await t.db('products').count({ n: '*' }).first())!.n) *
      Number((await t.db('locations').count({ n: '*' }).first())!.n);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("reads each pair's closing with one seek", async () => {
    const query = stockAtRows(t.db, '2025-03-06', { location_id: '' }, (q) => q);
    expect((await query.clone()).length).toBeGreaterThan(0);
    expect(await executedReads(t.db, query, 'report_stock_days')).toBeLessThanOrEqual(pairs);
  });
});
