/**
 * Money at the edges (DESIGN.md §3): amounts are integers in the currency's minor unit (XOF:
 * francs, EUR: cents) everywhere in the system; this module turns them into French text for the
 * screens and printouts, and turns what a user typed back into minor units. Used by the server
 * (exports, printouts) and by the client.
 */

export interface CurrencyInfo {
  code: string;
  /** Digits after the decimal comma: 0 for the CFA francs, 2 for the euro. */
  decimals: number;
  /** Written after the amount: "1 250 000 FCFA". */
  label: string;
  /** Name used in amounts in words: "francs CFA", "euros". */
  name: string;
  /** Name of the minor unit for amounts in words ("centimes"), when decimals > 0. */
  minorName?: string;
}

export const CURRENCIES: Record<string, CurrencyInfo> = {
  XOF: { code: 'XOF', decimals: 0, label: 'FCFA', name: 'francs CFA' },
  XAF: { code: 'XAF', decimals: 0, label: 'FCFA', name: 'francs CFA' },
  GNF: { code: 'GNF', decimals: 0, label: 'GNF', name: 'francs guinéens' },
  CDF: { code: 'CDF', decimals: 2, label: 'FC', name: 'francs congolais', minorName: 'centimes' },
  MAD: { code: 'MAD', decimals: 2, label: 'MAD', name: 'dirhams', minorName: 'centimes' },
  EUR: { code: 'EUR', decimals: 2, label: '€', name: 'euros', minorName: 'centimes' },
  USD: { code: 'USD', decimals: 2, label: '$ US', name: 'dollars', minorName: 'cents' },
};

export const CURRENCY_CODES = Object.keys(CURRENCIES);

/** What we know of a currency; an unknown ISO code gets 2 decimals and its code as label. */
export function currencyInfo(currency = 'XOF'): CurrencyInfo {
  const code = currency.toUpperCase();
  return CURRENCIES[code] ?? { code, decimals: 2, label: code, name: code };
}

export function currencyDecimals(currency = 'XOF'): number {
  return currencyInfo(currency).decimals;
}

const NBSP = '\u00a0';
const formatters = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    // fr-FR groups thousands with U+202F (narrow no-break space) and uses a decimal comma.
    f = new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    formatters.set(decimals, f);
  }
  return f;
}

/** Minor units → major units as a number (1250 cents → 12.5). For display and exports only. */
export function toMajor(minor: number, currency = 'XOF'): number {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? minor : minor / 10 ** decimals;
}

/**
 * The amount without the currency label: "1 250 000", "12,50"; a negative amount with the true
 * minus sign (U+2212), as quantities and differences are written: "−15 000".
 */
export function formatAmount(minor: number, currency = 'XOF'): string {
  const decimals = currencyDecimals(currency);
  if (!Number.isFinite(minor)) return '';
  const rounded = Math.round(minor);
  const sign = rounded < 0 ? '\u2212' : '';
  const abs = Math.abs(rounded);
  if (decimals === 0) return sign + numberFormat(0).format(abs);
  return sign + numberFormat(decimals).format(abs / 10 ** decimals);
}

/**
 * "1 250 000 FCFA" for XOF/XAF, "12,50 €" for EUR: French grouping with a narrow no-break space,
 * a no-break space before the label so it never wraps alone onto the next line.
 */
export function formatMoney(minor: number, currency = 'XOF'): string {
  return `${formatAmount(minor, currency)}${NBSP}${currencyInfo(currency).label}`;
}

/**
 * What a user typed in a money field → minor units, or null when empty or not an amount.
 * Accepts "1 250 000", "1250000", "1.250.000" (grouping), "1 250 000 FCFA", "12,50", "12.5 €".
 * A 0-decimal currency refuses decimals ("1250,5" → null) rather than rounding silently.
 */
export function parseMoneyInput(
  text: string | number | null | undefined,
  currency = 'XOF',
  options: { allowNegative?: boolean } = {},
): number | null {
  if (text === null || text === undefined) return null;
  const decimals = currencyDecimals(currency);
  if (typeof text === 'number') {
    if (!Number.isFinite(text)) return null;
    const minor = Math.round(text * 10 ** decimals);
    if (Math.abs(text * 10 ** decimals - minor) > 1e-6) return null;
    if (minor < 0 && !options.allowNegative) return null;
    return Object.is(minor, -0) ? 0 : minor;
  }
  let s = text
    .replace(/\u2212/gu, '-') // the minus sign formatAmount writes
    .replace(/[\s\u00a0\u202f\u2009']/gu, '')
    .replace(/(fcfa|cfa|xof|xaf|eur|usd|f|€|\$)+$/iu, '');
  if (s === '') return null;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  if (!/^[\d.,]+$/u.test(s) || !/\d/u.test(s)) return null;

  let integerPart: string;
  let fraction = '';
  const grouped = /^\d{1,3}([.,])\d{3}(\1\d{3})*$/u.exec(s);
  const separators = s.match(/[.,]/gu) ?? [];
  if (grouped && (decimals === 0 || separators.length > 1)) {
    // "1.250.000" or "1,250" with a 0-decimal currency: thousands separators.
    integerPart = s.replace(/[.,]/gu, '');
  } else if (separators.length === 0) {
    integerPart = s;
  } else {
    // The last separator is the decimal one; any earlier ones must be grouping of the other kind.
    const last = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
    const head = s.slice(0, last);
    fraction = s.slice(last + 1);
    const decimalSep = s[last];
    if (head.includes(decimalSep)) return null;
    if (head && !/^\d{1,3}([.,]\d{3})*$/u.test(head) && !/^\d+$/u.test(head)) return null;
    integerPart = head.replace(/[.,]/gu, '') || '0';
    if (!/^\d*$/u.test(fraction)) return null;
  }
  fraction = fraction.replace(/0+$/u, '');
  if (fraction.length > decimals) return null;
  const minorText = integerPart + fraction.padEnd(decimals, '0');
  const minor = Number(minorText);
  if (!Number.isSafeInteger(minor)) return null;
  if (negative && minor !== 0 && !options.allowNegative) return null;
  return negative && minor !== 0 ? -minor : minor;
}

/** A major-unit amount for a form field, without grouping: 1250 cents → "12,50"; 1250000 → "1250000". */
export function minorToInput(minor: number | null | undefined, currency = 'XOF'): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(Math.round(minor));
  const negative = minor < 0;
  const abs = Math.abs(Math.round(minor));
  const unit = 10 ** decimals;
  return `${negative ? '-' : ''}${Math.floor(abs / unit)},${String(abs % unit).padStart(decimals, '0')}`;
}
