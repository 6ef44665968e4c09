import { currencyDecimals, formatMoney } from './money.js';

/**
 * French amounts in words (DESIGN.md §3), for invoices and receipts — shared so that the client can
 * show the words live under a total and the server prints the same words.
 *
 * Spelling: the TRADITIONAL rules (not the 1990 reform that hyphenates everything): hyphens only
 * between tens and units below one hundred (« vingt-deux », « soixante-dix-sept »,
 * « quatre-vingt-onze »), spaces elsewhere (« cent vingt-trois », « deux mille trois »); « et » in
 * 21, 31, 41, 51, 61 and 71 (« soixante et onze ») but not in 81 and 91; « vingt » and « cent » take
 * an s only when multiplied and final (« quatre-vingts », « deux cents »), which includes being
 * followed by the nouns million(s)/milliard(s) (« deux cents millions ») but not by the adjective
 * « mille » (« deux cent mille », « quatre-vingt mille »); « mille » is invariable and never
 * preceded by « un »; « million » and « milliard » are nouns (« un million », « deux millions »),
 * followed by « de » before the currency when nothing comes after them (« un million de francs
 * CFA », « deux milliards d'euros »).
 */

/** How a currency is named in words: data, so that a currency is added by one entry below. */
export interface CurrencyWords {
  code: string;
  /** « franc CFA », « euro » — used for 0 and 1. */
  singular: string;
  /** « francs CFA », « euros ». */
  plural: string;
  /** true when « de » elides before the name: « un million d'euros ». */
  elides: boolean;
  /** Digits of the minor unit (0: none, as for the CFA francs). */
  minorDigits: number;
  /** « centime » / « centimes », when minorDigits > 0. */
  minorSingular?: string;
  minorPlural?: string;
}

const CFA = { singular: 'franc CFA', plural: 'francs CFA', elides: false, minorDigits: 0 } as const;
const CENTIMES = { minorDigits: 2, minorSingular: 'centime', minorPlural: 'centimes' } as const;

export const CURRENCY_WORDS: Record<string, CurrencyWords> = {
  XOF: { code: 'XOF', ...CFA },
  XAF: { code: 'XAF', ...CFA },
  GNF: { code: 'GNF', singular: 'franc guinéen', plural: 'francs guinéens', elides: false, minorDigits: 0 },
  CDF: { code: 'CDF', singular: 'franc congolais', plural: 'francs congolais', elides: false, ...CENTIMES },
  MAD: { code: 'MAD', singular: 'dirham', plural: 'dirhams', elides: false, ...CENTIMES },
  EUR: { code: 'EUR', singular: 'euro', plural: 'euros', elides: true, ...CENTIMES },
  USD: {
    code: 'USD',
    singular: 'dollar',
    plural: 'dollars',
    elides: false,
    minorDigits: 2,
    minorSingular: 'cent',
    minorPlural: 'cents',
  },
};

/** The words of the company currency (its ISO code); an unknown code is written as its code. */
export function currencyWords(code = 'XOF'): CurrencyWords {
  const upper = code.toUpperCase();
  const known = CURRENCY_WORDS[upper];
  if (known) return known;
  const minorDigits = currencyDecimals(upper);
  return {
    code: upper,
    singular: upper,
    plural: upper,
    elides: /^[AEIOUH]/.test(upper),
    minorDigits,
    ...(minorDigits > 0 ? { minorSingular: 'centième', minorPlural: 'centièmes' } : {}),
  };
}

/** The largest number of major units written: 999 999 999 999. */
export const MAX_WORDS_MAJOR = 999_999_999_999;

const UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 1..99. `final`: nothing, or a noun (million, milliard), follows — « quatre-vingts » only then. */
function belowHundred(n: number, final: boolean): string {
  if (n <= 16) return UNITS[n]!;
  if (n < 20) return `dix-${UNITS[n - 10]}`;
  const t = Math.floor(n / 10);
  const u = n % 10;
  if (t <= 6) return u === 0 ? TENS[t]! : u === 1 ? `${TENS[t]} et un` : `${TENS[t]}-${UNITS[u]}`;
  if (t === 7) return u === 1 ? 'soixante et onze' : `soixante-${belowHundred(10 + u, false)}`;
  if (n === 80) return final ? 'quatre-vingts' : 'quatre-vingt';
  return `quatre-vingt-${belowHundred(n - 80, false)}`;
}

/** 1..999, same `final` rule for « cents ». */
function belowThousand(n: number, final: boolean): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h === 0) return belowHundred(r, final);
  const hundreds = h === 1 ? 'cent' : `${UNITS[h]} cent${r === 0 && final ? 's' : ''}`;
  return r === 0 ? hundreds : `${hundreds} ${belowHundred(r, final)}`;
}

/** A whole number 0..999 999 999 999 in French words: « un million deux cent mille ». */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_WORDS_MAJOR)
    throw new RangeError(`nombre hors limites pour l’écriture en lettres : ${n}`);
  if (n === 0) return UNITS[0]!;
  const milliards = Math.floor(n / 1e9);
  const millions = Math.floor(n / 1e6) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (milliards) parts.push(`${belowThousand(milliards, true)} ${milliards === 1 ? 'milliard' : 'milliards'}`);
  if (millions) parts.push(`${belowThousand(millions, true)} ${millions === 1 ? 'million' : 'millions'}`);
  if (thousands) parts.push(thousands === 1 ? 'mille' : `${belowThousand(thousands, false)} mille`);
  if (rest) parts.push(belowThousand(rest, true));
  return parts.join(' ');
}

/** « deux millions d'euros », « un franc CFA », « zéro euro ». */
function withName(n: number, singular: string, plural: string, elides: boolean): string {
  const words = numberInWords(n);
  if (n <= 1) return `${words} ${singular}`;
  if (n % 1_000_000 === 0) return `${words} ${elides ? 'd’' : 'de '}${plural}`;
  return `${words} ${plural}`;
}

/**
 * An amount in the currency's minor units (an integer, 0 to 999 999 999 999 major units plus its
 * minor digits) in French words: « un million deux cent cinquante mille francs CFA », « un euro et
 * cinquante centimes », « cinquante centimes ». RangeError for a negative, non-integer or too
 * large amount.
 */
export function amountInWords(amount: number, currency: CurrencyWords): string {
  const scale = 10 ** currency.minorDigits;
  if (!Number.isSafeInteger(amount) || amount < 0 || amount >= (MAX_WORDS_MAJOR + 1) * scale) {
    throw new RangeError(`montant hors limites pour l’écriture en lettres : ${amount}`);
  }
  const major = Math.floor(amount / scale);
  const minor = amount % scale;
  const minorSingular = currency.minorSingular ?? 'centime';
  const minorPlural = currency.minorPlural ?? 'centimes';
  // Minor units: « de » never applies (at most 99), and elision is irrelevant.
  const minorWords = minor > 0 ? withName(minor, minorSingular, minorPlural, false) : '';
  if (major === 0 && minor > 0) return minorWords;
  const majorWords = withName(major, currency.singular, currency.plural, currency.elides);
  return minor > 0 ? `${majorWords} et ${minorWords}` : majorWords;
}

/**
 * The amount as the printouts close on it (DESIGN.md §3): in words, then in figures —
 * « un million deux cent cinquante mille francs CFA (1 250 000 FCFA) ». Every printout that says
 * « Arrêtée la présente facture à la somme de … » uses this one phrase.
 */
export function amountInWordsAndFigures(amount: number, currencyCode: string): string {
  return `${amountInWords(amount, currencyWords(currencyCode))} (${formatMoney(amount, currencyCode)})`;
}
