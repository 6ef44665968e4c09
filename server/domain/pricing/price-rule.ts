/**
 * Prices of a product and the bulk price rule of the price centre (Centrale des prix).
 * Pure functions: integers in the currency's minor unit in, integers out; every division is done
 * on BigInt with one single rounding, so no float ever touches an amount.
 */
import { LIMITS } from '../../../shared/limits.js';
import { NO_VAT, type VatSetting, pricedFromHt } from '../../../shared/vat.js';
import { formatBasisPoints, parsePercent } from '../../../shared/percent.js';

export const PRICE_FIELDS = ['purchase_price', 'retail_price', 'wholesale_price', 'min_price'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export const PRICE_FIELD_LABELS: Record<PriceField, string> = {
  purchase_price: 'Prix d’achat',
  retail_price: 'Prix de détail',
  wholesale_price: 'Prix de gros',
  min_price: 'Prix minimum',
};

export interface ProductPrices {
  purchase_price: number;
  cmup: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
}

/** Largest price we accept: the unit-price ceiling of shared/limits.ts (100 000 000 FCFA, 1 000 000,00 €). */
export const MAX_PRICE = LIMITS.unitPrice;

export const ROUNDING_STEPS = [1, 5, 10, 25, 50, 100] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];
export type RoundingMode = 'nearest' | 'up' | 'down';

export const RULE_BASES = ['current', 'purchase_price', 'cmup', 'retail_price'] as const;
export type RuleBase = (typeof RULE_BASES)[number];

export const RULE_BASE_LABELS: Record<RuleBase, string> = {
  current: 'Prix actuel',
  purchase_price: 'Prix d’achat',
  cmup: 'CMUP',
  retail_price: 'Prix de détail',
};

export type RuleOperation = 'set' | 'percent' | 'amount';

export interface PriceRule {
  /** The price the rule changes. */
  field: PriceField;
  /** set: the new price is `value`; percent: base ± value basis points; amount: base ± value. */
  operation: RuleOperation;
  direction: 'increase' | 'decrease';
  /** Minor units for set/amount; basis points for percent (1250 = 12,5 %). */
  value: number;
  /** What percent/amount apply to: the changed price itself, the purchase price, the CMUP… */
  base: RuleBase;
  /** The result is rounded to a multiple of this many minor units. */
  step: RoundingStep;
  rounding: RoundingMode;
}

export type SkipReason = 'base_zero' | 'negative' | 'too_large' | 'above_retail' | 'above_wholesale' | 'below_min';

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  base_zero: 'prix de base nul',
  negative: 'le nouveau prix serait négatif',
  too_large: 'le nouveau prix serait trop élevé',
  above_retail: 'le prix minimum dépasserait le prix de détail',
  above_wholesale: 'le prix minimum dépasserait le prix de gros',
  below_min: 'le prix serait inférieur au prix minimum',
};

export type RuleOutcome =
  | { kind: 'change'; old: number; new: number }
  | { kind: 'unchanged'; old: number }
  | { kind: 'skip'; old: number; proposed: number | null; reason: SkipReason };

/**
 * Rounds num/den (num ≥ 0, den > 0) to a multiple of `step`, once. Nearest rounds halves up
 * (1 237,5 → 1 250 with a step of 25), as a shop expects.
 */
export function roundToStep(num: bigint, den: bigint, step: number, mode: RoundingMode): bigint {
  if (den <= 0n) throw new RangeError('den must be positive');
  if (num < 0n) throw new RangeError('num must not be negative');
  const unit = den * BigInt(step);
  let q = num / unit;
  const r = num % unit;
  if (r !== 0n) {
    if (mode === 'up') q += 1n;
    else if (mode === 'nearest' && 2n * r >= unit) q += 1n;
  }
  return q * BigInt(step);
}

/** Rounds an integer amount to a step (for direct entries). */
export function roundAmount(amount: number, step: number, mode: RoundingMode = 'nearest'): number {
  return Number(roundToStep(BigInt(amount), 1n, step, mode));
}

function baseValue(prices: ProductPrices, rule: PriceRule): number {
  return rule.base === 'current' ? prices[rule.field] : prices[rule.base];
}

/** A cost (VAT excluded) as the base of a sale price: the rule then sets a margin on cost. */
const COST_BASES: readonly RuleBase[] = ['purchase_price', 'cmup'];
const SALE_PRICES: readonly PriceField[] = ['retail_price', 'wholesale_price', 'min_price'];

/** Whether the rule puts a margin over a cost onto a sale price (« prix de détail = CMUP plus 25 % »): worked VAT excluded. */
export function marginOnCost(rule: Pick<PriceRule, 'field' | 'operation' | 'base'>): boolean {
  return rule.operation !== 'set' && COST_BASES.includes(rule.base) && SALE_PRICES.includes(rule.field);
}

/**
 * The raw (unrounded) result as a fraction num/den; null when it would be negative. A margin over
 * a cost is VAT excluded, like the cost: with sale prices typed VAT included, the VAT is added to
 * it (shared/vat.ts pricedFromHt) — so « CMUP plus 10 % » never gives a price whose HT is below cost.
 */
function rawResult(prices: ProductPrices, rule: PriceRule, vat: VatSetting): { num: bigint; den: bigint } {
  const sign = rule.direction === 'decrease' ? -1n : 1n;
  const value = BigInt(rule.value);
  if (rule.operation === 'set') return { num: value, den: 1n };
  const base = BigInt(baseValue(prices, rule));
  const raw =
    rule.operation === 'amount'
      ? { num: base + sign * value, den: 1n }
      : { num: base * (10_000n + sign * value), den: 10_000n };
  if (!marginOnCost(rule) || raw.num < 0n) return raw;
  return pricedFromHt(raw.num, raw.den, vat);
}

/**
 * What the rule does to one product: the new price, "unchanged", or why it is left out (a base of
 * zero would turn a percentage into a zero price; a result below the minimum price, or a minimum
 * above the retail or wholesale price, would break the price ladder).
 */
export function applyRule(prices: ProductPrices, rule: PriceRule, vat: VatSetting = NO_VAT): RuleOutcome {
  const old = prices[rule.field];
  if (rule.operation !== 'set' && baseValue(prices, rule) === 0)
    return { kind: 'skip', old, proposed: null, reason: 'base_zero' };
  const { num, den } = rawResult(prices, rule, vat);
  if (num < 0n) return { kind: 'skip', old, proposed: null, reason: 'negative' };
  const rounded = roundToStep(num, den, rule.step, rule.rounding);
  if (rounded > BigInt(MAX_PRICE)) return { kind: 'skip', old, proposed: null, reason: 'too_large' };
  const next = Number(rounded);
  if (next === old) return { kind: 'unchanged', old };
  const reason = ladderViolation({ ...prices, [rule.field]: next }, rule.field);
  if (reason) return { kind: 'skip', old, proposed: next, reason };
  return { kind: 'change', old, new: next };
}

/** Which rule of the price ladder the changed field would break (other fields are not judged). */
function ladderViolation(prices: ProductPrices, changed: PriceField): SkipReason | null {
  if (changed === 'retail_price' && prices.min_price > prices.retail_price) return 'below_min';
  if (changed === 'wholesale_price' && prices.min_price > prices.wholesale_price) return 'below_min';
  if (changed === 'min_price') {
    if (prices.min_price > prices.retail_price) return 'above_retail';
    if (prices.min_price > prices.wholesale_price) return 'above_wholesale';
  }
  return null;
}

/**
 * The price ladder every product keeps: prices are whole non-negative amounts and the minimum
 * price is at most the retail and the wholesale price. Returns field → French message.
 */
export function checkPrices(prices: Pick<ProductPrices, PriceField>): Partial<Record<PriceField, string>> {
  const errors: Partial<Record<PriceField, string>> = {};
  for (const field of PRICE_FIELDS) {
    const v = prices[field];
    if (!Number.isSafeInteger(v) || v < 0)
      errors[field] = `${PRICE_FIELD_LABELS[field]} doit être un montant entier positif ou nul.`;
    else if (v > MAX_PRICE) errors[field] = `${PRICE_FIELD_LABELS[field]} est trop élevé.`;
  }
  if (!errors.min_price && !errors.retail_price && prices.min_price > prices.retail_price) {
    errors.min_price = 'Le prix minimum ne peut pas dépasser le prix de détail.';
  } else if (!errors.min_price && !errors.wholesale_price && prices.min_price > prices.wholesale_price) {
    errors.min_price = 'Le prix minimum ne peut pas dépasser le prix de gros.';
  }
  return errors;
}

// Percentages as typed (« 12,5 ») and shown live in shared/percent.ts (the counter's discounts use them too).
export { formatBasisPoints, parsePercent };

/** A French sentence describing the rule, for the preview, the audit log and the flash message. */
export function describeRule(
  rule: PriceRule,
  formatMoney: (minor: number) => string,
  vat: VatSetting = NO_VAT,
): string {
  const sentence = describeRuleOnly(rule, formatMoney);
  return marginOnCost(rule) && vat.enabled && vat.pricesIncludeVat
    ? `${sentence}, hors TVA (TVA de ${formatBasisPoints(vat.rate)} ajoutée)`
    : sentence;
}

function describeRuleOnly(rule: PriceRule, formatMoney: (minor: number) => string): string {
  const field = PRICE_FIELD_LABELS[rule.field].toLowerCase();
  const rounding =
    rule.step > 1
      ? `, arrondi ${rule.rounding === 'up' ? 'au-dessus' : rule.rounding === 'down' ? 'en dessous' : 'au plus proche'} à ${formatMoney(rule.step)}`
      : '';
  if (rule.operation === 'set') return `${PRICE_FIELD_LABELS[rule.field]} fixé à ${formatMoney(rule.value)}${rounding}`;
  const verb = rule.direction === 'increase' ? 'plus' : 'moins';
  const amount = rule.operation === 'percent' ? formatBasisPoints(rule.value) : formatMoney(rule.value);
  const base = rule.base === 'current' ? `${field} actuel` : RULE_BASE_LABELS[rule.base];
  return `${PRICE_FIELD_LABELS[rule.field]} = ${base} ${verb} ${amount}${rounding}`;
}
