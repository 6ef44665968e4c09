import { z } from 'zod';
import {
  PRICE_FIELD_LABELS,
  PRICE_FIELDS,
  type PriceRule,
  ROUNDING_STEPS,
  RULE_BASES,
  checkPrices,
  parsePercent,
} from '../../domain/pricing/price-rule.js';
import type { PriceRuleInput } from '../../../shared/price-centre.js';
import { choice, foreignId, money, perCurrency } from '../../services/records/fields.js';
import { hasControlCharacters } from '../../domain/text.js';

/** Largest percentage a rule accepts: +1 000 % (a decrease stops at 100 %). */
const MAX_PERCENT_BP = 100_000;

/**
 * The bulk price rule as the form sends it (or the preview's query string) → the domain's rule,
 * plus the input echoed back normalised for the preview page.
 */
export const priceRuleSchema = perCurrency(function priceRuleSchema(currency: string) {
  return z
    .object({
      field: choice('prix à modifier', PRICE_FIELDS),
      operation: choice('opération', ['set', 'percent', 'amount'] as const),
      direction: choice('sens', ['increase', 'decrease'] as const, { default: 'increase' }),
      value: z.unknown().optional(),
      base: choice('base de calcul', RULE_BASES, { default: 'current' }),
      step: z.unknown().optional(),
      rounding: choice('arrondi', ['nearest', 'up', 'down'] as const, { default: 'nearest' }),
    })
    .transform((v, ctx): { rule: PriceRule; input: PriceRuleInput } => {
      const text = v.value === undefined || v.value === null ? '' : String(v.value).trim();
      let value = 0;
      if (text === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: v.operation === 'percent' ? 'Indiquez le pourcentage.' : 'Indiquez le montant.',
        });
      } else if (v.operation === 'percent') {
        const bp = parsePercent(text);
        if (bp === null)
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: 'Le pourcentage doit être un nombre positif avec au plus 2 décimales (ex. 12,5).',
          });
        else if (bp === 0)
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Le pourcentage doit être supérieur à 0.' });
        else if (v.direction === 'decrease' && bp >= 10_000)
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Une baisse doit être inférieure à 100 %.' });
        else if (bp > MAX_PERCENT_BP)
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Le pourcentage ne doit pas dépasser 1 000 %.' });
        else value = bp;
      } else {
        const parsed = money('montant', currency, { required: true }).safeParse(text);
        if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error.issues[0].message });
        else if (parsed.data === 0 && v.operation === 'amount')
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Le montant doit être supérieur à 0.' });
        else value = parsed.data;
      }
      const stepNumber = Number(typeof v.step === 'string' ? v.step.trim() : (v.step ?? 1));
      const step = (ROUNDING_STEPS as readonly number[]).includes(stepNumber)
        ? (stepNumber as PriceRule['step'])
        : null;
      if (step === null)
        ctx.addIssue({
          code: 'custom',
          path: ['step'],
          message: `Choisissez un arrondi parmi ${ROUNDING_STEPS.join(', ')}.`,
        });
      const base = v.operation === 'set' ? 'current' : v.base;
      const rule: PriceRule = {
        field: v.field,
        operation: v.operation,
        direction: v.operation === 'set' ? 'increase' : v.direction,
        value,
        base,
        step: step ?? 1,
        rounding: v.rounding,
      };
      return {
        rule,
        input: {
          field: rule.field,
          operation: rule.operation,
          direction: rule.direction,
          value: text,
          base,
          step: rule.step,
          rounding: rule.rounding,
        },
      };
    });
});

/** One row of the price grid saved in place: the four prices, and the version the user saw. */
export function gridRowSchema(currency: string) {
  return z
    .object({
      id: foreignId('un produit'),
      purchase_price: money(PRICE_FIELD_LABELS.purchase_price.toLowerCase(), currency, { required: true }),
      retail_price: money(PRICE_FIELD_LABELS.retail_price.toLowerCase(), currency, { required: true }),
      wholesale_price: money(PRICE_FIELD_LABELS.wholesale_price.toLowerCase(), currency, { required: true }),
      min_price: money(PRICE_FIELD_LABELS.min_price.toLowerCase(), currency, { required: true }),
      updated_at: z
        .unknown()
        .optional()
        .transform((v) => (typeof v === 'string' && v.length <= 30 && !hasControlCharacters(v) ? v : null)),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(checkPrices(v)))
        ctx.addIssue({ code: 'custom', message, path: [field] });
    });
}

/** The grid's save: up to one page of rows (100), all saved together or none. */
export const gridSaveSchema = perCurrency(function gridSaveSchema(currency: string) {
  return z.object({
    rows: z
      .array(gridRowSchema(currency), { error: 'Aucune ligne à enregistrer.' })
      .min(1, 'Aucune ligne à enregistrer.')
      .max(100, 'Enregistrez au plus 100 lignes à la fois.'),
  });
});
