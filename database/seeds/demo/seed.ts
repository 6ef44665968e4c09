import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { withSearchName } from '../../../server/db/search.js';
import { insertInChunks, refreshStatistics, withBulkLoadAnyDb } from '../../../server/db/bulk.js';
import { withoutReportTriggers } from '../../../server/db/report-summaries.js';
import { nowIso, toBool } from '../../../server/db/dialect.js';
import { businessDate } from '../../../server/domain/dates.js';
import { createStockEntry } from '../../../server/services/stock/entries.js';
import { DEFAULT_SEED, type DemoScale, generateDemoData } from './generate.js';
import { HISTORY_TABLES, type StockHistoryResult, historyStart, seedStockHistory } from './stock-history.js';
import { seedTreasuryAccounts } from './treasury.js';
import { companyTimeZone } from '../../../server/services/company/get-company.js';

/**
 * Writes the demo data set into a migrated database that holds no master data yet: categories,
 * products, clients and suppliers in batches, then the opening stock of every active location as
 * real stock entries (ENT- numbers, ledger, CMUP, supplier balances all as in production) dated at
 * the start of the history, then a year (large) or three months (small) of stock life up to
 * yesterday (stock-history.ts), sales included (sales-history.ts).
 */

export class DemoDataExistsError extends Error {}

export interface SeedDemoResult {
  categories: number;
  products: number;
  clients: number;
  suppliers: number;
  entries: number;
  movements: number;
  history: StockHistoryResult;
  /** Bank and mobile-money accounts (treasury.ts). */
  treasuryAccounts: number;
}

/** The reports' day summaries (server/db/report-summaries.ts), rebuilt once after the load. */
const REPORT_SUMMARY_TABLES = [
  'report_sales_days',
  'report_stock_days',
  'report_sales_months',
  'report_sale_days',
  'report_payment_days',
  'report_transfer_days',
  'report_turnover_client_days',
];
/** Lines per opening stock entry (the entry form allows 500). */
const ENTRY_LINES = 500;

async function insertAll(trx: Knex.Transaction, table: string, rows: Array<Record<string, unknown>>) {
  await insertInChunks(trx, table, rows);
}

async function idsByCode(db: Knex | Knex.Transaction, table: string): Promise<Map<string, number>> {
  const rows = await db(table).select('id', 'code');
  return new Map(rows.map((r) => [r.code as string, Number(r.id)]));
}

/** Master data already there (besides the built-in walk-in client): the demo must not mix in. */
export async function existingMasterData(db: Knex): Promise<string[]> {
  const found: string[] = [];
  const checks: Array<[string, string, Knex.QueryBuilder]> = [
    ['categories', 'catégories', db('categories')],
    ['products', 'produits', db('products')],
    ['suppliers', 'fournisseurs', db('suppliers')],
    ['clients', 'clients', db('clients').where({ is_walk_in: false })],
  ];
  for (const [, label, q] of checks) if (await q.first('id')) found.push(label);
  return found;
}

/** Where the seed's time went: called once per phase with its wall-clock duration (npm run seed:demo prints them). */
export type SeedPhaseObserver = (phase: string, ms: number) => void;

export async function seedDemo(
  db: Knex,
  options: { scale: DemoScale; seed?: number; onPhase?: SeedPhaseObserver },
): Promise<SeedDemoResult> {
  const existing = await existingMasterData(db);
  if (existing.length) {
    throw new DemoDataExistsError(
      `La base contient déjà des données (${existing.join(', ')}) : les données de démonstration ne s'installent que dans une base sans fiches. Utilisez une base neuve (DATABASE_URL).`,
    );
  }
  let mark = performance.now();
  /** Ends the current phase: its duration to the observer, the clock restarted for the next. */
  const phase = (name: string) => {
    const at = performance.now();
    options.onPhase?.(name, at - mark);
    mark = at;
  };
  const data = generateDemoData(options.scale, options.seed ?? DEFAULT_SEED);
  const now = nowIso();

  await db.transaction(async (trx) => {
    await insertAll(
      trx,
      'categories',
      data.categories.map((c) => withSearchName({ ...c, active: true, created_at: now, updated_at: now })),
    );
    const categoryIds = await idsByCode(trx, 'categories');
    await insertAll(
      trx,
      'products',
      data.products.map(({ category, opening: _opening, ...p }) =>
        withSearchName({
          ...p,
          category_id: categoryIds.get(data.categories[category].code),
          // No stock yet: the CMUP comes from the opening entries below.
          cmup: 0,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      ),
    );
    await insertAll(
      trx,
      'clients',
      data.clients.map((c) =>
        withSearchName({ ...c, balance: 0, is_walk_in: false, active: true, created_at: now, updated_at: now }),
      ),
    );
    await insertAll(
      trx,
      'suppliers',
      data.suppliers.map((s) => withSearchName({ ...s, balance: 0, active: true, created_at: now, updated_at: now })),
    );
  });
  phase('fiches (catégories, produits, clients, fournisseurs)');

  // Opening stock through the real entry service, as the first administrator.
  const admin = await db('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('roles as r', 'r.id', 'ur.role_id')
    .where('r.is_admin', true)
    .orderBy('u.id')
    .first('u.id', 'u.name');
  if (!admin) throw new Error("Aucun administrateur : lancez d'abord npm run migrate.");
  const actor = { id: Number(admin.id), name: admin.name as string, ip: null };
  const productIds = await idsByCode(db, 'products');
  const suppliers = await idsByCode(db, 'suppliers');
  const locations = (await db('locations').orderBy('id').select('id', 'code', 'kind', 'active')).filter((l) =>
    toBool(l.active),
  );
  const today = businessDate(await companyTimeZone(db));
  const openingDate = historyStart(options.scale, today);
  // Everything from the opening stock on is written in bulk (server/db/bulk.ts): the history tables'
  // secondary indexes (and, on PostgreSQL, their foreign keys) and the summaries' set aside and
  // built once after it; without the reports' summary triggers, the summaries rebuilt once after it
  // (server/db/report-summaries.ts) — one grouped pass instead of a trigger per line and movement.
  const { entries, movements, treasuryAccounts, history } = await withBulkLoadAnyDb(
    db,
    [...HISTORY_TABLES, ...REPORT_SUMMARY_TABLES],
    async () => {
      const loaded = await withoutReportTriggers(db, async () => {
        let entries = 0;
        let movements = 0;
        for (const location of locations) {
          const lines = data.products
            .map((p) => ({
              product_id: productIds.get(p.code)!,
              quantity: location.kind === 'depot' ? p.opening.depot : p.opening.boutique,
              unit_cost: p.purchase_price,
            }))
            .filter((l) => l.quantity > 0);
          for (let i = 0; i < lines.length; i += ENTRY_LINES) {
            const chunk = lines.slice(i, i + ENTRY_LINES);
            const supplierCode = data.suppliers[entries % data.suppliers.length].code;
            await createStockEntry(
              db,
              {
                idempotencyKey: `demo-opening-${location.code}-${i / ENTRY_LINES + 1}`,
                supplierId: suppliers.get(supplierCode)!,
                locationId: Number(location.id),
                entryDate: openingDate,
                supplierRef: `STOCK-INITIAL-${location.code}-${i / ENTRY_LINES + 1}`,
                note: 'Stock initial (données de démonstration)',
                lines: chunk.map((l) => ({
                  productId: l.product_id,
                  unit: 'unit' as const,
                  quantity: l.quantity,
                  unitCost: l.unit_cost,
                })),
              },
              actor,
            );
            entries++;
            movements += chunk.length;
          }
        }
        phase('stock initial (entrées validées par le service)');
        // The bank and the wallets first: the history's sales pay into them.
        const treasuryAccounts = await seedTreasuryAccounts(db, actor, openingDate);
        phase('comptes de trésorerie');
        // The year of history.
        mark = performance.now();
        const history = await seedStockHistory(
          db,
          options.scale,
          options.seed ?? DEFAULT_SEED,
          today,
          actor,
          options.onPhase,
        );
        mark = performance.now();
        return { entries, movements, treasuryAccounts, history };
      });
      phase('synthèses des éditions recalculées (déclencheurs remis)');
      return loaded;
    },
  );
  phase('index et clés étrangères reconstruits');
  // Fresh planner statistics for the tables just filled (the bench and the first screens read them at once).
  await refreshStatistics(db);
  phase('statistiques du planificateur');
  return {
    categories: data.categories.length,
    products: data.products.length,
    clients: data.clients.length,
    suppliers: data.suppliers.length,
    entries,
    movements,
    history,
    treasuryAccounts,
  };
}
