import { EVERY_PLACE, allowsLocation } from '../../policies/places.js';
import type { Knex } from 'knex';
import { z } from 'zod';
import { toBool } from '../../db/dialect.js';
import { normalizeCode } from '../../domain/records/codes.js';
import { auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyToday } from '../company/get-company.js';
import { code, foreignId, integer, money, text } from '../records/fields.js';
import type { ImportRights, ImportSpec } from '../tabular/import-flow.js';
import type { RawRow } from '../tabular/import-batches.js';
import { normalizeHeader } from '../tabular/read.js';
import { validateEntry } from './entries.js';
import { LIMITS } from '../../../shared/limits.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * The opening-stock import (« Stock initial »): one row per product and location — product code,
 * location (code or name), quantity in the product's unit, unit cost in the currency. Rows are
 * checked like the entry form's lines (known active product and location, whole quantity > 0,
 * amount), a product twice at one location is refused; on apply, all or nothing, each location
 * gets « Stock initial » entries (ENT- numbers, CMUP, ledger) of at most ENTRY_LINES lines, dated
 * today, with no supplier.
 */

type Key = 'code' | 'location' | 'quantity' | 'unit_cost';

/** Lines per entry: the entry form's limit, so each entry opens and prints like a typed one. */
export const ENTRY_LINES = 500;

interface OpeningInput {
  code: string;
  /** « Product — location », for the preview. */
  name: string;
  product_id: number;
  location_id: number;
  quantity: number;
  unit_cost: number;
}

interface FileContext {
  products: Map<string, { id: number; name: string; active: boolean }>;
  locations: Map<string, { id: number; name: string; active: boolean; allowed: boolean }>;
  /** "productId:locationId" → file line of its first row. */
  seen: Map<string, number>;
  /** The user works in some places only: an unknown place and another's read the same. */
  restricted: boolean;
}

function openingSchema(currency: string) {
  return z.object({
    code: code('code produit', 30),
    name: text('désignation', 300),
    product_id: foreignId('un produit existant'),
    location_id: foreignId('un emplacement existant'),
    quantity: integer('quantité', { min: 1, max: LIMITS.quantity, required: true }),
    unit_cost: money('coût unitaire', currency, { required: true }),
  });
}

async function prepare(db: Knex | Knex.Transaction, rows: RawRow[], rights: ImportRights): Promise<FileContext> {
  const codes = [...new Set(rows.map((r) => normalizeCode(r.cells.code ?? '')).filter(Boolean))];
  const products = new Map<string, { id: number; name: string; active: boolean }>();
  for (let i = 0; i < codes.length; i += 500) {
    for (const p of await db('products')
      .whereIn('code', codes.slice(i, i + 500))
      .select('id', 'code', 'name', 'active'))
      products.set(p.code, { id: Number(p.id), name: p.name, active: toBool(p.active) });
  }
  // A location is written by its code or its name, whatever the case and accents.
  const locations = new Map<string, { id: number; name: string; active: boolean; allowed: boolean }>();
  for (const l of await db('locations').select('id', 'code', 'name', 'active')) {
    const entry = {
      id: Number(l.id),
      name: l.name as string,
      active: toBool(l.active),
      allowed: allowsLocation(rights.places ?? EVERY_PLACE, l.id),
    };
    locations.set(normalizeHeader(l.name), entry);
    locations.set(normalizeHeader(l.code), entry);
  }
  return { products, locations, seen: new Map(), restricted: !(rights.places ?? EVERY_PLACE).all };
}

export const OPENING_STOCK_IMPORT: ImportSpec<
  Key,
  OpeningInput,
  FileContext,
  null,
  { entries: string[]; lines: number }
> = {
  kind: 'opening_stock',
  rows: 'lines',
  template: { fileName: 'modele-import-stock-initial', sheetName: 'Stock initial' },
  noun: { one: 'la ligne', many: 'les lignes' },
  columns: [
    {
      key: 'code',
      header: 'Code produit',
      aliases: ['Code', 'Référence', 'Ref', 'Code article'],
      required: true,
      description: 'Code d’un produit existant et actif.',
    },
    {
      key: 'location',
      header: 'Emplacement',
      aliases: ['Dépôt', 'Boutique', 'Magasin', 'Lieu'],
      required: true,
      description: 'Code ou nom de l’emplacement (dépôt ou boutique) où se trouve le stock.',
    },
    {
      key: 'quantity',
      header: 'Quantité',
      aliases: ['Qté', 'Qte', 'Stock', 'Quantité en stock'],
      required: true,
      description: 'Quantité en stock, nombre entier supérieur à zéro, dans l’unité du produit (pas en colis).',
    },
    {
      key: 'unit_cost',
      header: 'Coût unitaire',
      aliases: ['Cout', 'Coût', 'Prix unitaire', 'Prix d’achat', 'CMUP'],
      required: true,
      description: 'Coût d’une unité, montant dans la devise (0 accepté) : il fixe le CMUP comme une entrée.',
    },
  ],
  schema: openingSchema,
  prepare,
  currentValues: () => ({}),
  // Location and product are resolved below into their ids.
  cellValue: (key, value) => (key === 'location' ? undefined : value),
  resolve: (raw, values, _existing, ctx, errors) => {
    const productCode = normalizeCode(raw.cells.code ?? '');
    const locationText = (raw.cells.location ?? '').trim().replace(/\s+/g, ' ');
    const product = productCode ? ctx.products.get(productCode) : undefined;
    if (productCode && !product) errors.push(`Aucun produit n’a le code ${productCode}.`);
    else if (product && !product.active) errors.push(`Le produit « ${product.name} » (${productCode}) est archivé.`);
    const location = locationText ? ctx.locations.get(normalizeHeader(locationText)) : undefined;
    if (!locationText) errors.push('Le champ emplacement est obligatoire.');
    // A place the user does not work in reads as an unknown one (its existence is not revealed).
    else if (!location || !location.allowed)
      errors.push(
        ctx.restricted
          ? `L’emplacement « ${locationText} » n’existe pas ou ne vous est pas attribué.`
          : `L’emplacement « ${locationText} » n’existe pas.`,
      );
    else if (!location.active) errors.push(`L’emplacement « ${location.name} » est archivé.`);
    // An unknown product or location is said once above, not again by the schema.
    values.product_id = product?.id ?? Number.MAX_SAFE_INTEGER;
    values.location_id = location?.id ?? Number.MAX_SAFE_INTEGER;
    values.name = product ? `${product.name} — ${location?.name ?? locationText}` : '';
    return null;
  },
  checkRow: (input, raw, _existing, ctx, errors) => {
    const key = `${input.product_id}:${input.location_id}`;
    const first = ctx.seen.get(key);
    if (first !== undefined)
      errors.push(`Le produit ${input.code} figure déjà à la ligne ${first} du fichier pour cet emplacement.`);
    else ctx.seen.set(key, raw.line);
  },
  /** One or more « Stock initial » entries per location, in the import's transaction. */
  write: async (trx, { creates, batch, actor }) => {
    const entryDate = await companyToday(trx);
    const byLocation = new Map<number, OpeningInput[]>();
    for (const c of creates)
      byLocation.set(c.input.location_id, [...(byLocation.get(c.input.location_id) ?? []), c.input]);
    const numbers: string[] = [];
    for (const [locationId, rows] of [...byLocation].sort((a, b) => a[0] - b[0])) {
      for (let i = 0; i < rows.length; i += ENTRY_LINES) {
        const part = rows.slice(i, i + ENTRY_LINES);
        const { number } = await validateEntry(
          trx,
          {
            kind: 'opening',
            supplierId: null,
            locationId,
            entryDate,
            supplierRef: '',
            note: `Import ${batch.file_name}`.slice(0, 500),
            lines: part.map((r) => ({
              productId: r.product_id,
              unit: 'unit',
              quantity: r.quantity,
              unitCost: r.unit_cost,
            })),
          },
          actor,
        );
        numbers.push(number);
      }
    }
    await recordAudit(trx, {
      action: 'opening_stock.imported',
      user: auditUser(actor),
      subject: { type: 'import', id: batch.id, label: batch.file_name },
      details: {
        note: `${formatCount(creates.length, 'ligne de stock initial', 'lignes de stock initial')} en ${formatCount(numbers.length, 'entrée')}`,
        entries: numbers,
      },
      ip: actor.ip,
    });
    return { entries: numbers, lines: creates.length };
  },
};
