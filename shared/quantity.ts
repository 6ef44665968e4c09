/**
 * Quantities as French text, for the screens, the printouts and the server's messages alike:
 * integers in the product's base unit (DESIGN.md §3), grouped as fr-FR does (narrow no-break
 * space), negatives with the true minus sign (U+2212, as money), and the unit in the plural when
 * the quantity calls for it (« 5 sacs », « 1 kg »).
 */

const qtyFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** 1250 → '1 250' (narrow no-break space, as fr-FR groups), −3 with a true minus (U+2212, as money); null → '—'. */
export function formatQty(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value < 0 ? `\u2212${qtyFormat.format(-value)}` : qtyFormat.format(value);
}

/** A difference with its sign: +3, −2 (true minus sign), 0; null → '—'. */
export function formatSigned(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value > 0) return `+${formatQty(value)}`;
  if (value < 0) return `\u2212${formatQty(-value)}`;
  return '0';
}

/** Units written as symbols or abbreviations: never plural (« 5 kg », « 2 L »). */
const INVARIABLE_UNITS = new Set([
  'kg',
  'g',
  'mg',
  't',
  'l',
  'cl',
  'ml',
  'dl',
  'hl',
  'm',
  'cm',
  'mm',
  'km',
  'm2',
  'm²',
  'm3',
  'm³',
  'u',
  'pce',
  'pcs',
  'pc',
  'pqt',
  'ctn',
  'sac.',
  'lot.',
]);
/** Nouns in -al whose plural is -als, in -ou whose plural is -oux, in -au/-eu whose plural is -s. */
const AL_S = new Set(['bal', 'carnaval', 'chacal', 'festival', 'récital', 'régal', 'cal']);
const OU_X = new Set(['bijou', 'caillou', 'chou', 'genou', 'hibou', 'joujou', 'pou']);
const EU_AU_S = new Set(['pneu', 'bleu', 'émeu', 'landau', 'sarrau']);
const AIL_AUX: Record<string, string> = {
  travail: 'travaux',
  vitrail: 'vitraux',
  bail: 'baux',
  émail: 'émaux',
  corail: 'coraux',
  soupirail: 'soupiraux',
  vantail: 'vantaux',
};

/** One French noun in the plural: sac → sacs, seau → seaux, bocal → bocaux, colis → colis. */
function pluralNoun(word: string): string {
  const lower = word.toLocaleLowerCase('fr-FR');
  // Written as the unit was: all capitals (SAC → SACS), capitalised (Sac → Sacs) or lower case.
  const out = (plural: string) =>
    word === word.toLocaleUpperCase('fr-FR')
      ? plural.toLocaleUpperCase('fr-FR')
      : word[0] !== lower[0]
        ? plural.charAt(0).toLocaleUpperCase('fr-FR') + plural.slice(1)
        : plural;
  if (/[sxz]$/.test(lower)) return word;
  if (AIL_AUX[lower]) return out(AIL_AUX[lower]);
  if (/(eau|au|eu)$/.test(lower)) return out(EU_AU_S.has(lower) ? `${lower}s` : `${lower}x`);
  if (lower.endsWith('ou')) return out(OU_X.has(lower) ? `${lower}x` : `${lower}s`);
  if (lower.endsWith('al')) return out(AL_S.has(lower) ? `${lower}s` : `${lower.slice(0, -2)}aux`);
  return out(`${lower}s`);
}

/** Whether a unit is a symbol or an abbreviation (invariable): kg, L, m², PCE, « btl. »… */
function isAbbreviation(unit: string): boolean {
  const u = unit.trim();
  if (INVARIABLE_UNITS.has(u.toLocaleLowerCase('fr-FR'))) return true;
  if (/\.$/.test(u) || /\d/.test(u)) return true;
  // A short all-capitals unit is an abbreviation (L, PCE, CTN), not a word.
  return u.length <= 4 && u === u.toLocaleUpperCase('fr-FR') && /\p{L}/u.test(u);
}

/**
 * A unit as it reads after a quantity (French rules): plural from 2 on (« 1 sac », « 0 sac »,
 * « 5 sacs »); -s in general, -x for -eau/-au/-eu (« 3 seaux ») and the seven -ou, -al → -aux
 * (« 2 bocaux »); invariable when it ends in s, x or z (« 4 colis ») and for symbols and
 * abbreviations (« 5 kg », « 2 L »). In a unit of several words the first one (the noun) takes
 * the plural: « 3 sacs de 50 kg ».
 */
export function pluralUnit(unit: string | null | undefined, quantity: number | null | undefined): string {
  const u = (unit ?? '').trim();
  if (!u || quantity === null || quantity === undefined || Math.abs(quantity) < 2) return u;
  const [first, ...rest] = u.split(/(\s+)/);
  if (isAbbreviation(first) || (rest.length === 0 && isAbbreviation(u))) return u;
  return [pluralNoun(first), ...rest].join('');
}

/**
 * A quantity with its unit, the one way screens and printouts write it: « 5 sacs », « 24
 * bouteilles », « 1 250 kg », « −3 cartons » (a no-break space keeps the unit on the number's
 * line); '—' without a quantity; the number alone without a unit.
 */
export function formatQuantity(
  value: number | null | undefined,
  unit: string | null | undefined,
  options: { signed?: boolean } = {},
): string {
  if (value === null || value === undefined) return '—';
  const number = options.signed ? formatSigned(value) : formatQty(value);
  const word = pluralUnit(unit, value);
  return word ? `${number}\u00a0${word}` : number;
}

/**
 * The words that agree with a count, by the French rule — singular for 0 and 1, plural from 2 on:
 * agree(4, 'mouvement') → « mouvements », agree(2, 'catégorie créée') → « catégories créées »,
 * agree(1, 'autre') → « autre ». Every word takes its plural (nouns, adjectives, participles: -s,
 * -x, -aux as pluralNoun); a phrase with an invariable word (« mis à jour », « niveau de stock »)
 * gives its plural. Never « mouvement(s) »: screens, messages and printouts agree through this.
 */
export function agree(count: number, singular: string, plural?: string): string {
  if (Math.abs(count) < 2) return singular;
  return plural ?? singular.split(' ').map(pluralNoun).join(' ');
}

/** A count with its noun: « 1 ligne », « 2 lignes », « 0 produit », « 3 catégories créées » (agree). */
export function formatCount(count: number, noun: string, plural?: string): string {
  return `${formatQty(count)}\u00a0${agree(count, noun, plural)}`;
}

/** At most this many units are written out in a total (« 50 sacs, 4 seaux »); beyond, the lines are counted. */
export const UNIT_TOTALS_MAX = 3;

/**
 * The total of lines of a document, never adding quantities of different units: « 50 sacs, 4
 * seaux » when the lines come in at most UNIT_TOTALS_MAX units (one sum per unit, in order of first
 * appearance, units compared as written without case), else the number of lines (« 7 lignes »).
 * Lines without a quantity are left out of the sums.
 */
export function formatUnitTotals(
  lines: ReadonlyArray<{ quantity: number | null | undefined; unit: string | null | undefined }>,
  options: { max?: number } = {},
): string {
  const sums = new Map<string, { unit: string; total: number }>();
  for (const l of lines) {
    if (l.quantity === null || l.quantity === undefined) continue;
    const unit = (l.unit ?? '').trim();
    const key = unit.toLocaleLowerCase('fr-FR');
    const sum = sums.get(key) ?? { unit, total: 0 };
    sum.total += l.quantity;
    sums.set(key, sum);
  }
  if (sums.size === 0) return '—';
  if (sums.size > (options.max ?? UNIT_TOTALS_MAX)) return formatCount(lines.length, 'ligne');
  return [...sums.values()].map((s) => formatQuantity(s.total, s.unit)).join(', ');
}

/** « Aucun écart », « 1 ligne avec écart », « 3 lignes avec écart »: differences are counted, never added across units. */
export function formatDifferenceCount(count: number): string {
  return count === 0 ? 'Aucun écart' : `${formatCount(count, 'ligne')} avec écart`;
}
