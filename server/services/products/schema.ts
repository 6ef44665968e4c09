import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.js';
import { checkPrices } from '../../domain/pricing/price-rule.js';
import {
  barcode,
  code,
  flag,
  foreignId,
  integer,
  money,
  optionalInteger,
  text,
  perCurrency,
  taxGroup,
} from '../records/fields.js';

/** A product as its form and each row of a products import give it (category_id resolved first). */
export const productSchema = perCurrency(function productSchema(currency: string) {
  return z
    .object({
      code: code('code', 30),
      barcode: barcode(),
      name: text('désignation', 160, { required: true }),
      category_id: foreignId('une catégorie'),
      unit: text('unité', 20, { required: true }),
      pack_size: integer('colisage', { min: 1, max: 100_000, default: 1 }),
      purchase_price: money('prix d’achat', currency),
      retail_price: money('prix de détail', currency),
      wholesale_price: money('prix de gros', currency),
      min_price: money('prix minimum', currency),
      alert_threshold: integer('seuil d’alerte', { min: 0, max: LIMITS.stockLevel, default: 0 }),
      tax_group: taxGroup(),
      // Location id → its own threshold (blank: the product's); absent: left as they are.
      location_thresholds: z
        .record(
          z.string().regex(/^\d{1,9}$/, { error: 'Cet emplacement n’existe pas.' }),
          optionalInteger('seuil d’alerte de l’emplacement', { min: 0, max: LIMITS.stockLevel }),
        )
        .optional(),
      active: flag(true),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(checkPrices(v)))
        ctx.addIssue({ code: 'custom', message, path: [field] });
    });
});
