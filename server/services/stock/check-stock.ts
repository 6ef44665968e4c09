import type { Knex } from 'knex';
import { recordAudit } from '../audit/record-audit.js';

/**
 * Rebuilds every stock level from the ledger and compares it with stock_levels (DESIGN.md §3:
 * the levels can be rebuilt from the ledger; a check command verifies they agree).
 */
export interface StockDifference {
  productId: number;
  productCode: string | null;
  productName: string | null;
  locationId: number;
  locationName: string | null;
  /** Quantity in stock_levels (0 when the row is missing). */
  level: number;
  /** Sum of the movements of the pair. */
  ledger: number;
}

export interface StockCheckReport {
  pairs: number;
  movements: number;
  differences: StockDifference[];
  /** Products whose CMUP is negative (never valid). */
  negativeCmup: number[];
}

export async function checkStock(db: Knex | Knex.Transaction): Promise<StockCheckReport> {
  const ledgerRows = (await db('stock_movements')
    .groupBy('product_id', 'location_id')
    .select('product_id', 'location_id')
    .sum({ q: 'quantity' })
    .count({ n: '*' })) as unknown as Array<{ product_id: number; location_id: number; q: number | null; n: number }>;
  const levelRows = await db('stock_levels').select('product_id', 'location_id', 'quantity');
  const ledger = new Map<string, number>();
  let movements = 0;
  for (const r of ledgerRows) {
    ledger.set(`${r.product_id}:${r.location_id}`, Number(r.q ?? 0));
    movements += Number(r.n);
  }
  const seen = new Set<string>();
  const raw: Array<{ productId: number; locationId: number; level: number; ledger: number }> = [];
  for (const r of levelRows) {
    const k = `${r.product_id}:${r.location_id}`;
    seen.add(k);
    const sum = ledger.get(k) ?? 0;
    if (Number(r.quantity) !== sum)
      raw.push({
        productId: Number(r.product_id),
        locationId: Number(r.location_id),
        level: Number(r.quantity),
        ledger: sum,
      });
  }
  for (const [k, sum] of ledger) {
    if (seen.has(k) || sum === 0) continue;
    const [p, l] = k.split(':').map(Number);
    raw.push({ productId: p, locationId: l, level: 0, ledger: sum });
  }
  raw.sort((a, b) => a.productId - b.productId || a.locationId - b.locationId);

  const productIds = [...new Set(raw.map((d) => d.productId))];
  const locationIds = [...new Set(raw.map((d) => d.locationId))];
  const products = new Map<number, { code: string; name: string }>();
  for (let i = 0; i < productIds.length; i += 400) {
    for (const p of await db('products')
      .whereIn('id', productIds.slice(i, i + 400))
      .select('id', 'code', 'name'))
      products.set(Number(p.id), p);
  }
  const locations = new Map<number, string>(
    locationIds.length
      ? (await db('locations').whereIn('id', locationIds).select('id', 'name')).map((l) => [Number(l.id), l.name])
      : [],
  );
  const negativeCmup = (await db('products').where('cmup', '<', 0).select('id')).map((r) => Number(r.id));

  return {
    pairs: new Set([...seen, ...ledger.keys()]).size,
    movements,
    differences: raw.map((d) => ({
      ...d,
      productCode: products.get(d.productId)?.code ?? null,
      productName: products.get(d.productId)?.name ?? null,
      locationName: locations.get(d.locationId) ?? null,
    })),
    negativeCmup,
  };
}

/**
 * Rewrites the differing stock levels from the ledger (the ledger is the truth), audited.
 * Returns the differences that were repaired.
 */
export async function repairStockLevels(db: Knex): Promise<StockDifference[]> {
  return db.transaction(async (trx) => {
    const report = await checkStock(trx);
    for (const d of report.differences) {
      await trx('stock_levels')
        .insert({ product_id: d.productId, location_id: d.locationId, quantity: d.ledger })
        .onConflict(['product_id', 'location_id'])
        .merge({ quantity: d.ledger });
    }
    if (report.differences.length) {
      await recordAudit(trx, {
        action: 'stock.levels_repaired',
        subject: { type: 'stock_levels', id: 'all', label: 'Niveaux de stock reconstruits depuis le grand livre' },
        details: {
          before: report.differences.map((d) => ({
            product_id: d.productId,
            location_id: d.locationId,
            level: d.level,
          })),
          after: report.differences.map((d) => ({
            product_id: d.productId,
            location_id: d.locationId,
            level: d.ledger,
          })),
        },
      });
    }
    return report.differences;
  });
}
