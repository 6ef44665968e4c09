import type { Knex } from 'knex';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import {
  DiscountExceeded,
  type DiscountEntry,
  discountAmount,
  documentTotals,
} from '../../../shared/document-totals.js';
import { LimitExceeded, limitMessage } from '../../../shared/limits.js';
import { productTaxGroup } from '../../../shared/tax-groups.js';
import { lineVatRate } from '../../../shared/vat.js';
import { type PlaceScope, refuseUnallowedLocation } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Actor } from '../actor.js';
import { companyVat, defaultTaxGroupColumn, getCompany } from '../company/get-company.js';
import { throwIfErrors } from '../stock/common.js';
import type { Row } from '../stock/lookups.js';

/**
 * Ventes en attente (issue 34): the counter's baskets a cashier parks — the customer went to fetch
 * money — to serve the next one, then resumes. Stored per user and shop (table parked_sales) rather
 * than in the browser: a parked basket survives a reload, a closed browser or a change of till, it
 * is the cashier's own whoever else signs in on that till, and when it is resumed its lines are read
 * with the products' current names and prices (the sale is priced and checked again when
 * validated, like any other). A draft has no effect: no stock, no money, no number; it leaves the
 * table when its sale is validated (createSale, `parkedSaleId`, in the sale's own transaction) or
 * when it is discarded.
 */

export interface ParkedLineInput {
  productId: number;
  /** In base units. */
  quantity: number;
  /** A price typed by the seller; null: the client's price level. */
  unitPrice: number | null;
  discount: DiscountEntry;
}

export interface ParkInput {
  /** The parked sale this basket was resumed from (parked again: replaced), or null. */
  parkedSaleId: number | null;
  locationId: number;
  clientId: number;
  lines: ParkedLineInput[];
  discount: DiscountEntry;
  places: PlaceScope;
}

/** How many baskets one cashier may keep on hold at once. */
export const MAX_PARKED_SALES = 20;

export async function parkSale(
  db: Knex,
  input: ParkInput,
  actor: Actor,
): Promise<{ id: number; lineCount: number; total: number }> {
  refuseUnallowedLocation(input.places, input.locationId);
  return db.transaction(async (trx) => {
    const errors: Record<string, string> = {};
    const company = await getCompany(trx);
    const location = await trx('locations').where({ id: input.locationId }).first('id', 'kind', 'active', 'name');
    if (!location || !toBool(location.active) || location.kind !== 'boutique')
      errors.location_id = 'Choisissez une boutique active : c’est là que la vente sera reprise.';
    const client = await trx('clients').where({ id: input.clientId }).first('id', 'name', 'active', 'price_level');
    if (!client) errors.client_id = 'Le client choisi n’existe pas.';
    else if (!toBool(client.active)) errors.client_id = `Le client « ${client.name} » est archivé.`;
    if (input.lines.length === 0) errors.lines = 'Ajoutez au moins un produit avant de mettre la vente en attente.';
    const ids = [...new Set(input.lines.map((l) => l.productId))];
    const products = new Map(
      (
        await trx('products')
          .whereIn('id', ids.length ? ids : [0])
          .select('id', 'name', 'active', 'retail_price', 'wholesale_price', 'tax_group')
      ).map((p) => [Number(p.id), p]),
    );
    input.lines.forEach((l, i) => {
      const p = products.get(l.productId);
      if (!p) errors[`lines.${i}.product_id`] = `Ligne ${i + 1} : ce produit n’existe pas.`;
      else if (!toBool(p.active)) errors[`lines.${i}.product_id`] = `Ligne ${i + 1} : « ${p.name} » est archivé.`;
    });
    throwIfErrors(errors);

    // The total as it stands (for the list of baskets on hold): the counter's own rules, each line at its product's rate.
    const gros = client!.price_level === 'gros';
    const vat = companyVat(company);
    let total: number;
    try {
      const priced = input.lines.map((l) => {
        const p = products.get(l.productId)!;
        const unitPrice =
          l.unitPrice ?? (gros && Number(p.wholesale_price) > 0 ? Number(p.wholesale_price) : Number(p.retail_price));
        return {
          quantity: l.quantity,
          unitPrice,
          discount: discountAmount(l.discount, l.quantity * unitPrice),
          vatRate: lineVatRate(productTaxGroup(p.tax_group, company.default_tax_group), vat),
        };
      });
      const linesTotal = priced.reduce((s, l) => s + Math.max(0, l.quantity * l.unitPrice - l.discount), 0);
      total = documentTotals(priced, discountAmount(input.discount, linesTotal), vat).totalTTC;
    } catch (err) {
      if (err instanceof DiscountExceeded)
        throw new Refusal(
          err.line === null
            ? { discount: 'La remise sur la vente dépasse le montant des lignes.' }
            : { [`lines.${err.line}.discount`]: `Ligne ${err.line + 1} : la remise dépasse le montant de la ligne.` },
        );
      if (err instanceof LimitExceeded)
        throw new Refusal({ lines: limitMessage('Le montant total de la vente', 'documentTotal', company.currency) });
      if (err instanceof RangeError) throw new Refusal({ discount: 'Une remise ne peut dépasser 100 %.' });
      throw err;
    }

    const now = nowIso();
    const row = {
      location_id: input.locationId,
      client_id: input.clientId,
      lines: JSON.stringify(
        input.lines.map((l) => ({
          product_id: l.productId,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          discount: l.discount,
        })),
      ),
      discount: JSON.stringify(input.discount),
      line_count: input.lines.length,
      total,
      updated_at: now,
    };
    if (input.parkedSaleId !== null) {
      const updated = await trx('parked_sales').where({ id: input.parkedSaleId, user_id: actor.id }).update(row);
      if (updated) return { id: input.parkedSaleId, lineCount: row.line_count, total };
    }
    const held = Number((await trx('parked_sales').where({ user_id: actor.id }).count({ n: '*' }).first())?.n ?? 0);
    if (held >= MAX_PARKED_SALES)
      throw Refusal.action(
        `Vous avez déjà ${MAX_PARKED_SALES} ventes en attente : reprenez-en ou supprimez-en une d’abord.`,
      );
    const id = await insertReturningId(trx, 'parked_sales', { ...row, user_id: actor.id, created_at: now });
    return { id, lineCount: row.line_count, total };
  });
}

/** Discards one of the user's parked baskets (another user's, or an unknown one, is not found). */
export async function discardParkedSale(db: Knex, id: number, userId: number): Promise<void> {
  const deleted = await db('parked_sales').where({ id, user_id: userId }).delete();
  if (!deleted) throw new NotFound('Vente en attente introuvable');
}

export interface ParkedSaleRows {
  sale: Row;
  lines: Array<{ product: Row | null; quantity: number; unit_price: number | null; discount: DiscountEntry }>;
  discount: DiscountEntry;
}

/** The user's parked baskets in the shops they work in, oldest first, with their client and their products as they are now. */
export async function parkedSales(db: Knex, userId: number, scope: PlaceScope): Promise<ParkedSaleRows[]> {
  const rows = await whereAllowedLocation(
    db('parked_sales as ps').join('clients as c', 'c.id', 'ps.client_id').where('ps.user_id', userId),
    'ps.location_id',
    scope,
  )
    .orderBy('ps.created_at')
    .orderBy('ps.id')
    .select(
      'ps.*',
      'c.code as client_code',
      'c.name as client_name',
      'c.price_level as client_price_level',
      'c.is_walk_in as client_is_walk_in',
    );
  const parsed = rows.map((r) => ({
    sale: r as Row,
    lines: JSON.parse(r.lines) as Array<{
      product_id: number;
      quantity: number;
      unit_price: number | null;
      discount: DiscountEntry;
    }>,
    discount: JSON.parse(r.discount) as DiscountEntry,
  }));
  const ids = [...new Set(parsed.flatMap((p) => p.lines.map((l) => Number(l.product_id))))];
  const products = new Map(
    (ids.length
      ? await db('products')
          .whereIn('id', ids)
          .select(
            'id',
            'code',
            'name',
            'unit',
            'retail_price',
            'wholesale_price',
            'min_price',
            'active',
            'tax_group',
            defaultTaxGroupColumn(db),
          )
      : []
    ).map((p) => [Number(p.id), p as Row]),
  );
  return parsed.map((p) => ({
    sale: p.sale,
    discount: p.discount,
    lines: p.lines.map((l) => ({
      product: products.get(Number(l.product_id)) ?? null,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: l.discount,
    })),
  }));
}
