import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { formatDocumentNumber } from '../../server/db/counters.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { checkStock } from '../../server/services/stock/check-stock.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import { uniqueTag } from './unique.js';

/**
 * Master data and opening stock for the stock suites, written straight to the database so the
 * stock tests do not depend on the master-data screens.
 */
export interface StockFixtures {
  depot: number;
  shop: number;
  supplier: number;
  category: number;
  otherCategory: number;
  products: { rice: number; oil: number; sugar: number; soap: number };
}

let seq = 0;
export async function makeProduct(
  db: Knex,
  fields: Partial<{
    code: string;
    barcode: string | null;
    name: string;
    category_id: number;
    unit: string;
    pack_size: number;
    purchase_price: number;
    cmup: number;
    retail_price: number;
    wholesale_price: number;
    min_price: number;
    active: boolean;
    /** null: the company's default group. */
    tax_group: string | null;
  }> & { category_id: number },
) {
  seq++;
  const now = nowIso();
  return insertReturningId(
    db,
    'products',
    withSearchName({
      code: fields.code ?? `P${String(seq).padStart(5, '0')}`,
      barcode: fields.barcode ?? null,
      name: fields.name ?? `Produit ${seq}`,
      category_id: fields.category_id,
      unit: fields.unit ?? 'pièce',
      pack_size: fields.pack_size ?? 1,
      purchase_price: fields.purchase_price ?? 0,
      cmup: fields.cmup ?? 0,
      retail_price: fields.retail_price ?? 0,
      wholesale_price: fields.wholesale_price ?? 0,
      min_price: fields.min_price ?? 0,
      active: fields.active ?? true,
      tax_group: fields.tax_group ?? null,
      created_at: now,
      updated_at: now,
    }),
  );
}

/** A supplier of the test's own (unique code), active unless told otherwise. */
export async function makeSupplier(db: Knex, fields: Partial<{ code: string; name: string; active: boolean }> = {}) {
  const now = nowIso();
  const code = fields.code ?? `FRS${uniqueTag()}`;
  return insertReturningId(
    db,
    'suppliers',
    withSearchName({
      code,
      name: fields.name ?? `Fournisseur ${code}`,
      active: fields.active ?? true,
      created_at: now,
      updated_at: now,
    }),
  );
}

/** The last number a document series has given in a year (0 before the first). */
export async function lastNumber(db: Knex, series: string, year: number | string): Promise<number> {
  const row = await db('document_counters')
    .where({ series, year: Number(year) })
    .first('last_number');
  return Number(row?.last_number ?? 0);
}

/** The number the next document of a series will get: read it before the call that creates it. */
export async function nextNumber(db: Knex, series: string, year: number | string): Promise<string> {
  return formatDocumentNumber(series, Number(year), (await lastNumber(db, series, year)) + 1);
}

export async function stockFixtures(db: Knex): Promise<StockFixtures> {
  const now = nowIso();
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const supplier = await insertReturningId(
    db,
    'suppliers',
    withSearchName({ code: 'FRS001', name: 'SOCOCE Distribution', created_at: now, updated_at: now }),
  );
  const category = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: 'ALIM', name: 'Alimentation', created_at: now, updated_at: now }),
  );
  const otherCategory = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: 'HYG', name: 'Hygiène', created_at: now, updated_at: now }),
  );
  const rice = await makeProduct(db, {
    code: 'RIZ25',
    barcode: '6001234567890',
    name: 'Riz parfumé 25 kg',
    category_id: category,
    unit: 'sac',
    pack_size: 1,
    purchase_price: 12000,
  });
  const oil = await makeProduct(db, {
    code: 'HUI1L',
    barcode: '6009876543210',
    name: 'Huile végétale 1 L',
    category_id: category,
    unit: 'bouteille',
    pack_size: 12,
    purchase_price: 1100,
  });
  const sugar = await makeProduct(db, {
    code: 'SUC1K',
    name: 'Sucre en poudre 1 kg',
    category_id: category,
    unit: 'paquet',
    pack_size: 20,
    purchase_price: 650,
  });
  const soap = await makeProduct(db, {
    code: 'SAV01',
    name: 'Savon de Marseille',
    category_id: otherCategory,
    unit: 'pièce',
    pack_size: 48,
    purchase_price: 250,
  });
  return { depot, shop, supplier, category, otherCategory, products: { rice, oil, sugar, soap } };
}

/** Opening stock through the ledger (an "entry" with a cost), so levels and ledger agree. */
export async function giveStock(db: Knex, productId: number, locationId: number, quantity: number, unitCost = 1000) {
  await db.transaction((trx) =>
    postStockMovements(
      trx,
      {
        documentType: 'test',
        documentId: null,
        documentNumber: null,
        userId: null,
        businessDate: new Date().toISOString().slice(0, 10),
      },
      [
        {
          productId,
          locationId,
          quantity,
          movementType: 'entry',
          unitCost,
          valuation: quantity > 0 ? 'receipt' : undefined,
        },
      ],
    ),
  );
}

export async function levelOf(db: Knex, productId: number, locationId: number): Promise<number> {
  const row = await db('stock_levels').where({ product_id: productId, location_id: locationId }).first('quantity');
  return Number(row?.quantity ?? 0);
}

/** `npm run check:stock` in-process: the ledger and the levels must agree. */
export async function expectStockConsistent(db: Knex) {
  const report = await checkStock(db);
  expect(report.differences).toEqual([]);
  expect(report.negativeCmup).toEqual([]);
}

export function idempotencyKey(): string {
  return randomUUID();
}

export async function setNegativeStock(db: Knex, allowed: boolean) {
  await db('company_settings').where({ id: 1 }).update({ allow_negative_stock: allowed });
}
