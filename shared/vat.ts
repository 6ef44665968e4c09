import { type TaxGroup, taxGroupRate } from './tax-groups.js';

/**
 * The one HT/TTC split of the application (pure, shared by the server and the live forms): every
 * document total (each of its rates' groups, shared/document-totals.ts), every margin (on the
 * amount VAT excluded) and the price rule's « marge sur coût » go through it. Amounts are integers
 * in the currency's minor unit; the arithmetic is BigInt, with one half-up rounding.
 *
 * Sale prices are typed either VAT included (TTC: what the customer pays, the VAT taken out of it)
 * or VAT excluded (HT: the VAT added on top) — the company's setting (Paramètres › Société), kept
 * on each sale as it was when it was made. With VAT off, HT = TTC and the VAT is 0.
 *
 * A sale line is taxed at its product's tax group's rate (`lineVatRate`, the one place a line's
 * rate is decided): the normal group at the company's rate, the others at their own
 * (shared/tax-groups.ts). A margin or a price rule takes the company's rate.
 */

export interface VatSetting {
  enabled: boolean;
  /** Basis points: 1800 = 18 %, an integer from 0 to 10 000. */
  rate: number;
  /** true when the prices typed include the VAT (TTC), false when they exclude it (HT). */
  pricesIncludeVat: boolean;
}

export const NO_VAT: VatSetting = { enabled: false, rate: 0, pricesIncludeVat: false };

export interface VatSplit {
  ht: number;
  vat: number;
  ttc: number;
}

/** One rate's group of a document: its lines' base as HT and TTC, and its VAT. */
export interface VatRateTotals extends VatSplit {
  /** Basis points. */
  rate: number;
}

/** a / b rounded half-up, for a ≥ 0 and b > 0. */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

function rateOf(vat: VatSetting): bigint {
  if (!Number.isSafeInteger(vat.rate) || vat.rate < 0 || vat.rate > 10_000)
    throw new RangeError(`taux de TVA hors de 0 à 100 % (reçu ${vat.rate})`);
  return vat.enabled ? BigInt(vat.rate) : 0n;
}

/**
 * An amount as priced (TTC when the prices include VAT, else HT) → its HT, VAT and TTC, the VAT
 * rounded once, half-up: from TTC, HT = round(TTC × 10 000 / (10 000 + rate)); from HT,
 * VAT = round(HT × rate / 10 000). A non-negative integer in, integers out.
 */
export function splitVatBig(amount: bigint, vat: VatSetting): { ht: bigint; ttc: bigint } {
  if (amount < 0n) throw new RangeError(`montant négatif (reçu ${amount})`);
  const rate = rateOf(vat);
  if (rate === 0n) return { ht: amount, ttc: amount };
  if (vat.pricesIncludeVat) return { ht: divideHalfUp(amount * 10_000n, 10_000n + rate), ttc: amount };
  return { ht: amount, ttc: amount + divideHalfUp(amount * rate, 10_000n) };
}

export function splitVat(amount: number, vat: VatSetting): VatSplit {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`montant non entier (reçu ${amount})`);
  const sign = amount < 0 ? -1 : 1;
  const { ht, ttc } = splitVatBig(BigInt(Math.abs(amount)), vat);
  return { ht: sign * Number(ht), vat: sign * Number(ttc - ht), ttc: sign * Number(ttc) };
}

/** The amount VAT excluded of a price as priced: what a margin is computed on. */
export function excludingVat(amount: number, vat: VatSetting): number {
  return splitVat(amount, vat).ht;
}

/**
 * The price to store for an amount VAT excluded given as a fraction num/den (the price rule's
 * « coût + x % »): × (10 000 + rate) / 10 000 when prices include VAT, unchanged otherwise — kept
 * a fraction so the caller rounds once.
 */
export function pricedFromHt(num: bigint, den: bigint, vat: VatSetting): { num: bigint; den: bigint } {
  const rate = rateOf(vat);
  if (rate === 0n || !vat.pricesIncludeVat) return { num, den };
  return { num: num * (10_000n + rate), den: den * 10_000n };
}

/**
 * The VAT rate a sale line is taxed at, in basis points: its tax group's (the company's rate for
 * the normal group), 0 with the company's VAT off whatever the group. Kept on the line as it was
 * sold (sale_lines.vat_rate_bp).
 */
export function lineVatRate(group: TaxGroup, vat: VatSetting): number {
  return vat.enabled ? taxGroupRate(group, Number(rateOf(vat))) : 0;
}

/**
 * A sale line's amounts → HT and TTC: its paid amount in the sale's price basis and its share of
 * its rate's VAT (sale_lines.vat_amount, documentTotals' line `vat`: each rate's VAT spread over
 * its lines by largest remainder, so the lines add up to the document's HT, VAT and TTC exactly).
 */
export function lineVat(paid: number, share: number, pricesIncludeVat: boolean): { ht: number; ttc: number } {
  return pricesIncludeVat ? { ht: paid - share, ttc: paid } : { ht: paid, ttc: paid + share };
}

/** « TTC » or « HT »: how a document's unit prices are typed. */
export const priceBasisLabel = (pricesIncludeVat: boolean, vatEnabled: boolean) =>
  !vatEnabled ? '' : pricesIncludeVat ? 'TTC' : 'HT';

/** A margin's rate on what it is earned on (basis points: 2500 = 25 %), null without sales. */
export const marginRate = (margin: number, sales: number): number | null =>
  sales > 0 ? Math.round((margin * 10_000) / sales) : null;

/** A sale price's margin over a cost (VAT excluded, like the cost): its HT, the margin and its rate on the HT. */
export function priceMargin(
  price: number,
  cost: number,
  vat: VatSetting,
): { ht: number; margin: number; rate: number | null } {
  const ht = excludingVat(price, vat);
  return { ht, margin: ht - cost, rate: marginRate(ht - cost, ht) };
}

/** What a stored line tells of its VAT: its rate, what it was paid (net − its share of the document discount) and its VAT share. */
export interface StoredVatLine {
  rate: number;
  paid: number;
  vat: number;
}

/**
 * A stored document's VAT per rate (the printouts' breakdown), highest rate first: the sums of its
 * lines' stored shares by rate — the groups documentTotals computed when it was made, to the unit.
 */
export function vatBreakdown(lines: readonly StoredVatLine[], pricesIncludeVat: boolean): VatRateTotals[] {
  const byRate = new Map<number, VatRateTotals>();
  for (const l of lines) {
    const { ht, ttc } = lineVat(l.paid, l.vat, pricesIncludeVat);
    const group = byRate.get(l.rate) ?? { rate: l.rate, ht: 0, vat: 0, ttc: 0 };
    group.ht += ht;
    group.vat += l.vat;
    group.ttc += ttc;
    byRate.set(l.rate, group);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
