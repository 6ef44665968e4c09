import type { Knex } from 'knex';
import type { ImportColumn } from '../../../shared/master-data.js';
import { minorToInput } from '../../../shared/money.js';
import { optimizeSqlite } from '../../db/connection.js';
import { withSearchName } from '../../db/search.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { insertInChunks } from '../../db/bulk.js';
import { inTransaction } from '../../db/transaction.js';
import { nextCode } from '../../domain/master-data/codes.js';
import { PRICE_FIELDS } from '../../domain/pricing/price-rule.js';
import { productSchema } from '../../http/schemas/products.js';
import { issuesToErrors } from '../../http/validation.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { CODE_FORMATS, suggestCode } from '../master-data/codes.js';
import { type RawRow, type RowResult, loadBatch, markApplied, saveBatch, summariseErrors } from '../tabular/import-batches.js';
import { type ColumnSpec, type ReadTable, mapColumns, normalizeHeader } from '../tabular/read.js';
import { NO_PRICE_PERMISSION, PRODUCT_FIELDS, type PriceChange, type ProductInput, recordPriceChanges } from './products.js';
import { Refusal } from '../../domain/errors.js';

type Key = Exclude<(typeof PRODUCT_FIELDS)[number], 'category_id'> | 'category';

export const PRODUCT_IMPORT_COLUMNS: ColumnSpec<Key>[] = [
  { key: 'code', header: 'Code', aliases: ['Référence', 'Ref'], description: 'Code du produit. Un code existant met le produit à jour ; vide : un nouveau code est attribué.' },
  { key: 'barcode', header: 'Code-barres', aliases: ['Code barre', 'Codebarre', 'EAN', 'Gencod'], description: 'Code-barres (EAN-13, EAN-8…), unique ; facultatif.' },
  { key: 'name', header: 'Désignation', aliases: ['Nom', 'Libellé', 'Produit', 'Article'], required: true, description: 'Nom du produit (obligatoire).' },
  { key: 'category', header: 'Catégorie', aliases: ['Famille', 'Rayon'], description: 'Nom ou code de la catégorie ; une catégorie inconnue est créée. Obligatoire pour un nouveau produit.' },
  { key: 'unit', header: 'Unité', aliases: ['Unite de vente', 'UV'], description: 'pièce, carton, sac, kg… (pièce par défaut).' },
  { key: 'pack_size', header: 'Colisage', aliases: ['Conditionnement', 'Unités par carton'], description: 'Nombre d’unités par colis, entier ≥ 1 (1 par défaut).' },
  { key: 'purchase_price', header: "Prix d'achat", aliases: ['PA', 'Prix achat'], description: "Montant entier, 0 par défaut." },
  { key: 'retail_price', header: 'Prix de détail', aliases: ['Prix détail', 'PV', 'Prix de vente'], description: 'Montant entier, 0 par défaut.' },
  { key: 'wholesale_price', header: 'Prix de gros', aliases: ['Prix gros'], description: 'Montant entier, 0 par défaut.' },
  { key: 'min_price', header: 'Prix minimum', aliases: ['Prix plancher', 'Prix mini'], description: 'Montant entier, au plus le prix de détail et le prix de gros.' },
  { key: 'alert_threshold', header: "Seuil d'alerte", aliases: ['Stock minimum', 'Seuil'], description: 'Quantité entière, 0 par défaut.' },
  { key: 'active', header: 'Actif', description: 'oui ou non (oui par défaut).' },
];

export function productImportColumns(): ImportColumn[] {
  return PRODUCT_IMPORT_COLUMNS.map((c) => ({ header: c.header, required: !!c.required, description: c.description }));
}

function rawRows(table: ReadTable): RawRow[] {
  const mapping = mapColumns(table.headers, PRODUCT_IMPORT_COLUMNS);
  return table.rows.map((r) => {
    const cells: Record<string, string> = {};
    for (const [key, index] of mapping) cells[key] = r.cells[index] ?? '';
    return { line: r.line, cells };
  });
}

export interface ImportRights {
  canUpdate: boolean;
  canChangePrices: boolean;
}

interface Existing {
  id: number;
  row: Record<string, any>;
}

interface Checked {
  results: RowResult[];
  inputs: Array<{ line: number; input: ProductInput; existing: Existing | null; newCategory: string | null }>;
  newCategories: string[];
}

/** Placeholder id of a category the import will create (replaced on apply). */
const NEW_CATEGORY = 2_000_000_000;

async function byChunks<T>(values: string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += 500) out.push(...(await load(values.slice(i, i + 500))));
  return out;
}

/** Validates every row against the schema and the database as it is now. */
async function checkRows(db: Knex | Knex.Transaction, rows: RawRow[], rights: ImportRights): Promise<Checked> {
  const currency = await getCurrency(db);
  const schema = productSchema(currency);
  const upper = (k: string) => [...new Set(rows.map((r) => (r.cells[k] ?? '').trim().toUpperCase()).filter(Boolean))];
  const existingByCode = new Map<string, Existing>();
  for (const row of await byChunks(upper('code'), (c) => db('products').whereIn('code', c).select('*'))) existingByCode.set(row.code, { id: Number(row.id), row });
  const barcodeOwner = new Map<string, { id: number; name: string }>();
  for (const row of await byChunks(upper('barcode'), (c) => db('products').whereIn('barcode', c).select('id', 'barcode', 'name'))) barcodeOwner.set(row.barcode, { id: Number(row.id), name: row.name });
  // Categories are matched by code or by name, whatever the case and accents.
  const categories = new Map<string, { id: number; active: boolean }>();
  for (const c of await db('categories').select('id', 'code', 'name', 'active')) {
    const entry = { id: Number(c.id), active: toBool(c.active) };
    categories.set(normalizeHeader(c.name), entry);
    categories.set(normalizeHeader(c.code), entry);
  }

  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  const newCategories = new Map<string, string>();
  const results: RowResult[] = [];
  const inputs: Checked['inputs'] = [];
  for (const raw of rows) {
    const errors: string[] = [];
    const codeText = (raw.cells.code ?? '').trim().toUpperCase();
    const existing = codeText ? (existingByCode.get(codeText) ?? null) : null;
    const values: Record<string, unknown> = {};
    if (existing) {
      for (const f of PRODUCT_FIELDS) values[f] = existing.row[f];
      for (const f of PRICE_FIELDS) values[f] = minorToInput(Number(existing.row[f]), currency);
      values.active = toBool(existing.row.active);
    }
    for (const [key, value] of Object.entries(raw.cells)) {
      if (key === 'category') continue;
      if (value === '' && existing) continue; // blank cell on an update: keep the current value
      values[key] = value;
    }
    if (!values.unit) values.unit = 'pièce';
    if (!codeText) values.code = 'AUTO';

    let newCategory: string | null = null;
    const categoryText = (raw.cells.category ?? '').trim().replace(/\s+/g, ' ');
    if (categoryText) {
      const found = categories.get(normalizeHeader(categoryText));
      if (found) {
        if (!found.active && found.id !== Number(existing?.row.category_id)) errors.push(`La catégorie « ${categoryText} » est archivée.`);
        values.category_id = found.id;
      } else if (categoryText.length > 120) {
        errors.push('Le nom de la catégorie ne doit pas dépasser 120 caractères.');
      } else {
        const key = normalizeHeader(categoryText);
        if (!newCategories.has(key)) newCategories.set(key, categoryText);
        newCategory = newCategories.get(key)!;
        values.category_id = NEW_CATEGORY;
      }
    } else if (!existing) {
      errors.push('Le champ catégorie est obligatoire.');
      values.category_id = NEW_CATEGORY;
    }

    const parsed = schema.safeParse(values);
    if (!parsed.success) errors.push(...Object.values(issuesToErrors(parsed.error)));
    if (codeText) {
      const first = seenCodes.get(codeText);
      if (first !== undefined) errors.push(`Le code ${codeText} apparaît déjà à la ligne ${first} du fichier.`);
      else seenCodes.set(codeText, raw.line);
    }
    if (parsed.success && parsed.data.barcode) {
      const barcode = parsed.data.barcode;
      const first = seenBarcodes.get(barcode);
      const owner = barcodeOwner.get(barcode);
      if (first !== undefined) errors.push(`Le code-barres ${barcode} apparaît déjà à la ligne ${first} du fichier.`);
      else seenBarcodes.set(barcode, raw.line);
      if (owner && owner.id !== existing?.id) errors.push(`Le code-barres ${barcode} est déjà utilisé par le produit « ${owner.name} ».`);
    }
    if (existing && !rights.canUpdate) errors.push(`Le produit ${codeText} existe déjà et vous n'avez pas la permission de modifier les produits.`);
    if (existing && parsed.success && !rights.canChangePrices && PRICE_FIELDS.some((f) => Number(existing.row[f]) !== parsed.data[f])) errors.push(NO_PRICE_PERMISSION);

    const name = String(values.name ?? raw.cells.name ?? '');
    if (errors.length || !parsed.success) {
      results.push({ line: raw.line, action: 'error', code: codeText, name, errors });
    } else {
      results.push({ line: raw.line, action: existing ? 'update' : 'create', code: codeText, name: parsed.data.name, errors: [] });
      inputs.push({ line: raw.line, input: { ...parsed.data, code: codeText }, existing, newCategory });
    }
  }
  return { results, inputs, newCategories: [...newCategories.values()] };
}

export async function previewProductImport(db: Knex, table: ReadTable, fileName: string, actor: Actor, rights: ImportRights): Promise<string> {
  const rows = rawRows(table);
  const { results, newCategories } = await checkRows(db, rows, rights);
  return saveBatch(db, { kind: 'products', userId: actor.id, fileName, rows, results, newCategories });
}

/**
 * All or nothing: the rows are checked again against the database of now, inside the transaction;
 * one error and nothing is written. New categories are created first, then products are inserted
 * in chunks and updated one by one; price changes go to the price history (source "import").
 */
export async function applyProductImport(db: Knex, batchId: string, actor: Actor, rights: ImportRights): Promise<{ created: number; updated: number; categories: number }> {
  const result = await inTransaction(db, async (trx) => {
    const batch = await loadBatch(trx, batchId, actor.id, 'products');
    if (!batch) throw Refusal.action("Cet import n'existe plus : déposez le fichier à nouveau.");
    if (batch.applied_at) throw Refusal.action('Cet import a déjà été appliqué.');
    const { results, inputs, newCategories } = await checkRows(trx, batch.rows, rights);
    const errorCount = results.filter((r) => r.action === 'error').length;
    if (errorCount) throw Refusal.action(`Import refusé, rien n'a été enregistré : ${errorCount} ligne(s) en erreur (${summariseErrors(results)}).`);
    if (!(await markApplied(trx, batch.id))) throw Refusal.action('Cet import a déjà été appliqué.');

    const now = nowIso();
    const categoryIds = new Map<string, number>();
    let nextCategory = await suggestCode(trx, 'categories');
    for (const name of newCategories) {
      const [inserted] = await trx('categories').insert(withSearchName({ code: nextCategory, name, description: '', active: true, created_at: now, updated_at: now })).returning('id');
      const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
      categoryIds.set(name, id);
      await recordAudit(trx, { action: 'category.created', user: auditUser(actor), subject: { type: 'category', id, label: `${nextCategory} — ${name}` }, details: { after: { code: nextCategory, name }, note: `Import ${batch.file_name}` }, ip: actor.ip });
      nextCategory = nextCode([nextCategory], CODE_FORMATS.categories.prefix, CODE_FORMATS.categories.width);
    }
    const resolve = (i: Checked['inputs'][number]): ProductInput => (i.newCategory ? { ...i.input, category_id: categoryIds.get(i.newCategory)! } : i.input);

    const creates = inputs.filter((i) => !i.existing);
    const updates = inputs.filter((i) => i.existing);
    const { prefix, width } = CODE_FORMATS.products;
    let next = await suggestCode(trx, 'products');
    const taken = new Set(inputs.map((i) => i.input.code).filter(Boolean));
    const newRows = creates.map((i) => {
      const input = resolve(i);
      let code = input.code;
      if (!code) {
        while (taken.has(next)) next = nextCode([next], prefix, width);
        code = next;
        taken.add(code);
        next = nextCode([next], prefix, width);
      }
      return withSearchName({ ...input, code, cmup: input.purchase_price, created_at: now, updated_at: now });
    });
    await insertInChunks(trx, 'products', newRows);
    const priceChanges: PriceChange[] = [];
    for (const i of updates) {
      const input = resolve(i);
      const current = i.existing!.row;
      for (const f of PRICE_FIELDS) if (Number(current[f]) !== input[f]) priceChanges.push({ product_id: i.existing!.id, field: f, old_value: Number(current[f]), new_value: input[f] });
      await trx('products').where({ id: i.existing!.id }).update(withSearchName({ ...input, updated_at: now }));
    }
    await recordPriceChanges(trx, priceChanges, actor, 'import', now);
    await recordAudit(trx, {
      action: 'products.imported',
      user: auditUser(actor),
      subject: { type: 'import', id: batch.id, label: batch.file_name },
      details: {
        note: `${newRows.length} créé(s), ${updates.length} mis à jour, ${newCategories.length} catégorie(s) créée(s), ${priceChanges.length} changement(s) de prix`,
        created: newRows.map((r) => r.code),
        updated: updates.map((u) => u.input.code),
      },
      ip: actor.ip,
    });
    return { created: newRows.length, updated: updates.length, categories: newCategories.length };
  });
  // Many rows at once: refresh SQLite's planner statistics so lists keep using their indexes.
  await optimizeSqlite(db);
  return result;
}
