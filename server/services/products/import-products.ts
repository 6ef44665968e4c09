import type { Knex } from 'knex';
import { minorToInput } from '../../../shared/money.js';
import { insertInChunks } from '../../db/bulk.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { withSearchName } from '../../db/search.js';
import { nextCode } from '../../domain/records/codes.js';
import { PRICE_FIELDS } from '../../domain/pricing/price-rule.js';
import { auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { CODE_FORMATS, suggestCode } from '../records/codes.js';
import type { ImportRights, ImportSpec } from '../tabular/import-flow.js';
import type { RawRow } from '../tabular/import-batches.js';
import { normalizeHeader } from '../tabular/read.js';
import {
  NO_PRICE_PERMISSION,
  PRODUCT_FIELDS,
  type PriceChange,
  type ProductInput,
  productColumns,
  recordPriceChanges,
  thresholdChanges,
} from './products.js';
import { parseThresholdsCell } from '../../domain/stock/thresholds.js';
import { EVERY_PLACE, allowsLocation } from '../../policies/places.js';
import { saveLocationThresholds } from '../stock/alert-thresholds.js';
import { productSchema } from './schema.js';
import { formatCount } from '../../../shared/quantity.js';
import { TAX_GROUPS, TAX_GROUP_CODES } from '../../../shared/tax-groups.js';

type Key = Exclude<(typeof PRODUCT_FIELDS)[number], 'category_id'> | 'category' | 'location_thresholds';

/** Placeholder id of a category the import will create (replaced on apply). */
const NEW_CATEGORY = 2_000_000_000;

/** What the whole file is checked against: categories by code or name, barcode owners, rows seen. */
interface FileContext {
  categories: Map<string, { id: number; active: boolean }>;
  barcodeOwner: Map<string, { id: number; name: string }>;
  seenBarcodes: Map<string, number>;
  /** New categories by normalised name → the name as first written in the file. */
  newCategories: Map<string, string>;
  /** The locations by code, and the ids of the importing user's places (a « Seuils par emplacement » cell names them). */
  locations: Map<string, { id: number; active: boolean }>;
  places: number[];
}

async function prepare(db: Knex | Knex.Transaction, rows: RawRow[], rights: ImportRights): Promise<FileContext> {
  const barcodes = [...new Set(rows.map((r) => (r.cells.barcode ?? '').trim().toUpperCase()).filter(Boolean))];
  const barcodeOwner = new Map<string, { id: number; name: string }>();
  for (let i = 0; i < barcodes.length; i += 500) {
    for (const row of await db('products')
      .whereIn('barcode', barcodes.slice(i, i + 500))
      .select('id', 'barcode', 'name'))
      barcodeOwner.set(row.barcode!, { id: Number(row.id), name: row.name });
  }
  // Categories are matched by code or by name, whatever the case and accents.
  const categories = new Map<string, { id: number; active: boolean }>();
  for (const c of await db('categories').select('id', 'code', 'name', 'active')) {
    const entry = { id: Number(c.id), active: toBool(c.active) };
    categories.set(normalizeHeader(c.name), entry);
    categories.set(normalizeHeader(c.code), entry);
  }
  const scope = rights.places ?? EVERY_PLACE;
  const locations = new Map<string, { id: number; active: boolean }>();
  for (const l of await db('locations').select('id', 'code', 'active'))
    locations.set(String(l.code).toUpperCase(), { id: Number(l.id), active: toBool(l.active) });
  const places = [...locations.values()].filter((l) => allowsLocation(scope, l.id)).map((l) => l.id);
  return { categories, barcodeOwner, seenBarcodes: new Map(), newCategories: new Map(), locations, places };
}

/**
 * The « Seuils par emplacement » cell → the form's location_thresholds: the locations it names get
 * their threshold, the user's other places follow the product's again (the cell is the whole list).
 */
function resolveThresholds(raw: RawRow, values: Record<string, unknown>, ctx: FileContext, errors: string[]): void {
  const text = (raw.cells.location_thresholds ?? '').trim();
  if (!text) return;
  const parsed = parseThresholdsCell(text);
  if (!parsed.ok) {
    errors.push(parsed.error);
    return;
  }
  const thresholds: Record<string, number | null> = Object.fromEntries(ctx.places.map((id) => [String(id), null]));
  for (const t of parsed.thresholds) {
    const l = ctx.locations.get(t.code);
    if (!l) errors.push(`Seuils par emplacement : l’emplacement ${t.code} n’existe pas.`);
    else if (!ctx.places.includes(l.id))
      errors.push(`Seuils par emplacement : vous ne travaillez pas dans l’emplacement ${t.code}.`);
    else if (!l.active) errors.push(`Seuils par emplacement : l’emplacement ${t.code} est archivé.`);
    else thresholds[String(l.id)] = t.threshold;
  }
  values.location_thresholds = thresholds;
}

/**
 * The products import: its columns, the category of each row (by code or name; an unknown one is
 * created), and how its rows create or update products. Price changes go to the price history
 * (source "import") and need the prices.update right.
 */
export const PRODUCT_IMPORT: ImportSpec<
  Key,
  ProductInput,
  FileContext,
  string | null,
  { created: number; updated: number; categories: number }
> = {
  kind: 'products',
  template: { fileName: 'modele-import-produits', sheetName: 'Produits' },
  noun: { one: 'le produit', many: 'les produits' },
  columns: [
    {
      key: 'code',
      header: 'Code',
      aliases: ['Référence', 'Ref'],
      description: 'Code du produit. Un code existant met le produit à jour ; vide : un nouveau code est attribué.',
    },
    {
      key: 'barcode',
      header: 'Code-barres',
      aliases: ['Code barre', 'Codebarre', 'EAN', 'Gencod'],
      description: 'Code-barres (EAN-13, EAN-8…), unique ; facultatif.',
    },
    {
      key: 'name',
      header: 'Désignation',
      aliases: ['Nom', 'Libellé', 'Produit', 'Article'],
      required: true,
      description: 'Nom du produit (obligatoire).',
    },
    {
      key: 'category',
      header: 'Catégorie',
      aliases: ['Famille', 'Rayon'],
      description:
        'Nom ou code de la catégorie ; une catégorie inconnue est créée. Obligatoire pour un nouveau produit.',
    },
    {
      key: 'unit',
      header: 'Unité',
      aliases: ['Unite de vente', 'UV'],
      description: 'pièce, carton, sac, kg… (pièce par défaut).',
    },
    {
      key: 'pack_size',
      header: 'Colisage',
      aliases: ['Conditionnement', 'Unités par carton'],
      description: 'Nombre d’unités par colis, entier ≥ 1 (1 par défaut).',
    },
    {
      key: 'purchase_price',
      header: 'Prix d’achat',
      aliases: ['PA', 'Prix achat'],
      description: 'Montant entier, 0 par défaut.',
    },
    {
      key: 'retail_price',
      header: 'Prix de détail',
      aliases: ['Prix détail', 'PV', 'Prix de vente'],
      description: 'Montant entier, 0 par défaut.',
    },
    {
      key: 'wholesale_price',
      header: 'Prix de gros',
      aliases: ['Prix gros'],
      description: 'Montant entier, 0 par défaut.',
    },
    {
      key: 'min_price',
      header: 'Prix minimum',
      aliases: ['Prix plancher', 'Prix mini'],
      description: 'Montant entier, au plus le prix de détail et le prix de gros.',
    },
    {
      key: 'alert_threshold',
      header: 'Seuil d’alerte',
      aliases: ['Stock minimum', 'Seuil'],
      description: 'Seuil du produit, suivi par chaque emplacement sans seuil propre : quantité entière, 0 par défaut.',
    },
    {
      key: 'location_thresholds',
      header: 'Seuils par emplacement',
      aliases: ['Seuils emplacements', 'Seuil par emplacement'],
      description:
        'Facultatif : les emplacements qui ont leur propre seuil, par code — « BTQ01=10; DEP01=50 ». Les autres suivent le seuil du produit ; « aucun » les remet tous au seuil du produit ; vide : inchangés.',
    },
    {
      key: 'tax_group',
      header: 'Groupe de taxe',
      aliases: ['Taxe', 'Groupe TVA'],
      description: `${TAX_GROUP_CODES.map((g) => TAX_GROUPS[g].label).join(', ')}, ou « Par défaut » (celui de la société) ; vide : inchangé, « Par défaut » pour un nouveau produit.`,
    },
    { key: 'active', header: 'Actif', description: 'oui ou non (oui par défaut).' },
  ],
  schema: productSchema,
  prepare,
  currentValues: (row, currency) => {
    const values: Record<string, unknown> = {};
    for (const f of PRODUCT_FIELDS) values[f] = row[f];
    for (const f of PRICE_FIELDS) values[f] = minorToInput(Number(row[f]), currency);
    return { ...values, active: toBool(row.active) };
  },
  cellValue: (key, value) => (key === 'category' || key === 'location_thresholds' ? undefined : value),
  /** The row's thresholds per location, and its category: an existing one (active, or the one the product already has) or a new one. */
  resolve: (raw, values, existing, ctx, errors) => {
    if (!values.unit) values.unit = 'pièce';
    resolveThresholds(raw, values, ctx, errors);
    const categoryText = (raw.cells.category ?? '').trim().replace(/\s+/g, ' ');
    if (categoryText) {
      const found = ctx.categories.get(normalizeHeader(categoryText));
      if (found) {
        if (!found.active && found.id !== Number(existing?.row.category_id))
          errors.push(`La catégorie « ${categoryText} » est archivée.`);
        values.category_id = found.id;
      } else if (categoryText.length > 120) {
        errors.push('Le nom de la catégorie ne doit pas dépasser 120 caractères.');
      } else {
        const key = normalizeHeader(categoryText);
        if (!ctx.newCategories.has(key)) ctx.newCategories.set(key, categoryText);
        values.category_id = NEW_CATEGORY;
        return ctx.newCategories.get(key)!;
      }
    } else if (!existing) {
      errors.push('Le champ catégorie est obligatoire.');
      values.category_id = NEW_CATEGORY;
    }
    return null;
  },
  checkRow: (input, raw, existing, ctx, errors) => {
    if (!input.barcode) return;
    const barcode = input.barcode;
    const first = ctx.seenBarcodes.get(barcode);
    const owner = ctx.barcodeOwner.get(barcode);
    if (first !== undefined) errors.push(`Le code-barres ${barcode} apparaît déjà à la ligne ${first} du fichier.`);
    else ctx.seenBarcodes.set(barcode, raw.line);
    if (owner && owner.id !== existing?.id)
      errors.push(`Le code-barres ${barcode} est déjà utilisé par le produit « ${owner.name} ».`);
  },
  checkExisting: (input, existing, rights, errors) => {
    if (!rights.canChangePrices && PRICE_FIELDS.some((f) => Number(existing.row[f]) !== input[f]))
      errors.push(NO_PRICE_PERMISSION);
  },
  sideCreations: (ctx) => [...ctx.newCategories.values()],
  /** New categories first, then products inserted in chunks and updated one by one. */
  write: async (trx, { creates, updates, batch, actor, ctx, rights }) => {
    const now = nowIso();
    const newCategories = [...ctx.newCategories.values()];
    const categoryIds = new Map<string, number>();
    let nextCategory = await suggestCode(trx, 'categories');
    for (const name of newCategories) {
      const id = await insertReturningId(
        trx,
        'categories',
        withSearchName({ code: nextCategory, name, description: '', active: true, created_at: now, updated_at: now }),
      );
      categoryIds.set(name, id);
      await recordAudit(trx, {
        action: 'category.created',
        user: auditUser(actor),
        subject: { type: 'category', id, label: `${nextCategory} — ${name}` },
        details: { after: { code: nextCategory, name }, note: `Import ${batch.file_name}` },
        ip: actor.ip,
      });
      nextCategory = nextCode([nextCategory], CODE_FORMATS.categories.prefix, CODE_FORMATS.categories.width);
    }
    const resolve = (c: { input: ProductInput; extra: string | null }): ProductInput =>
      c.extra ? { ...c.input, category_id: categoryIds.get(c.extra)! } : c.input;

    const newRows = creates.map((c) => {
      const input = productColumns(resolve(c));
      return withSearchName({ ...input, cmup: input.purchase_price, created_at: now, updated_at: now });
    });
    await insertInChunks(trx, 'products', newRows);
    const priceChanges: PriceChange[] = [];
    const scope = rights.places ?? EVERY_PLACE;
    let thresholds = 0;
    const withThresholds = creates.filter((c) => c.input.location_thresholds);
    const created = withThresholds.length
      ? new Map(
          (
            await trx('products')
              .whereIn(
                'code',
                withThresholds.map((c) => c.input.code),
              )
              .select('id', 'code')
          ).map((p) => [p.code, Number(p.id)]),
        )
      : new Map<string, number>();
    for (const c of withThresholds)
      if (await saveLocationThresholds(trx, created.get(c.input.code)!, thresholdChanges(c.input), scope)) thresholds++;
    for (const c of updates) {
      const input = resolve(c);
      const current = c.existing!.row;
      for (const f of PRICE_FIELDS)
        if (Number(current[f]) !== input[f])
          priceChanges.push({
            product_id: c.existing!.id,
            field: f,
            old_value: Number(current[f]),
            new_value: input[f],
          });
      await trx('products')
        .where({ id: c.existing!.id })
        .update(withSearchName({ ...productColumns(input), updated_at: now }));
      if (await saveLocationThresholds(trx, c.existing!.id, thresholdChanges(input), scope)) thresholds++;
    }
    await recordPriceChanges(trx, priceChanges, actor, 'import', now);
    await recordAudit(trx, {
      action: 'products.imported',
      user: auditUser(actor),
      subject: { type: 'import', id: batch.id, label: batch.file_name },
      details: {
        note: `${formatCount(newRows.length, 'créé')}, ${updates.length} mis à jour, ${formatCount(newCategories.length, 'catégorie créée')}, ${formatCount(priceChanges.length, 'changement de prix', 'changements de prix')}, seuils par emplacement changés sur ${formatCount(thresholds, 'produit')}`,
        created: newRows.map((r) => r.code),
        updated: updates.map((u) => u.input.code),
      },
      ip: actor.ip,
    });
    return { created: newRows.length, updated: updates.length, categories: newCategories.length };
  },
};
