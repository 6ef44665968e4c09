import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  amountInWordsAndFigures,
  currencyWords,
  numberInWords,
  MAX_WORDS_MAJOR,
} from '../../../shared/amount-in-words.js';

const XOF = currencyWords('XOF');
const EUR = currencyWords('EUR');

const KNOWN: [number, string][] = [
  [0, 'zéro'],
  [1, 'un'],
  [16, 'seize'],
  [17, 'dix-sept'],
  [20, 'vingt'],
  [21, 'vingt et un'],
  [22, 'vingt-deux'],
  [31, 'trente et un'],
  [41, 'quarante et un'],
  [51, 'cinquante et un'],
  [61, 'soixante et un'],
  [70, 'soixante-dix'],
  [71, 'soixante et onze'],
  [72, 'soixante-douze'],
  [77, 'soixante-dix-sept'],
  [80, 'quatre-vingts'],
  [81, 'quatre-vingt-un'],
  [89, 'quatre-vingt-neuf'],
  [90, 'quatre-vingt-dix'],
  [91, 'quatre-vingt-onze'],
  [99, 'quatre-vingt-dix-neuf'],
  [100, 'cent'],
  [101, 'cent un'],
  [123, 'cent vingt-trois'],
  [180, 'cent quatre-vingts'],
  [200, 'deux cents'],
  [201, 'deux cent un'],
  [280, 'deux cent quatre-vingts'],
  [300, 'trois cents'],
  [1_000, 'mille'],
  [1_001, 'mille un'],
  [1_080, 'mille quatre-vingts'],
  [1_100, 'mille cent'],
  [2_000, 'deux mille'],
  [2_200, 'deux mille deux cents'],
  [10_000, 'dix mille'],
  [21_000, 'vingt et un mille'],
  [71_000, 'soixante et onze mille'],
  [80_000, 'quatre-vingt mille'],
  [81_000, 'quatre-vingt-un mille'],
  [100_000, 'cent mille'],
  [200_000, 'deux cent mille'],
  [280_000, 'deux cent quatre-vingt mille'],
  [1_000_000, 'un million'],
  [1_000_001, 'un million un'],
  [1_080_080, 'un million quatre-vingt mille quatre-vingts'],
  [1_200_000, 'un million deux cent mille'],
  [1_250_000, 'un million deux cent cinquante mille'],
  [2_000_000, 'deux millions'],
  [21_000_000, 'vingt et un millions'],
  [80_000_000, 'quatre-vingts millions'],
  [81_000_000, 'quatre-vingt-un millions'],
  [200_000_000, 'deux cents millions'],
  [200_200_200, 'deux cents millions deux cent mille deux cents'],
  [1_000_000_000, 'un milliard'],
  [2_000_000_000, 'deux milliards'],
  [300_000_000_000, 'trois cents milliards'],
  [80_000_000_000, 'quatre-vingts milliards'],
  [1_001_001_001, 'un milliard un million mille un'],
  [
    999_999_999_999,
    'neuf cent quatre-vingt-dix-neuf milliards neuf cent quatre-vingt-dix-neuf millions neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf',
  ],
];

describe('numberInWords: known values', () => {
  it.each(KNOWN)('%i → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });
});

describe('amountInWords: francs CFA (no minor unit)', () => {
  it.each<[number, string]>([
    [0, 'zéro franc CFA'],
    [1, 'un franc CFA'],
    [2, 'deux francs CFA'],
    [80, 'quatre-vingts francs CFA'],
    [1_000, 'mille francs CFA'],
    [1_000_000, 'un million de francs CFA'],
    [2_000_000, 'deux millions de francs CFA'],
    [1_000_000_000, 'un milliard de francs CFA'],
    [1_000_001, 'un million un francs CFA'],
    [1_250_000, 'un million deux cent cinquante mille francs CFA'],
    [2_001_000_000, 'deux milliards un million de francs CFA'],
  ])('%i → %s', (n, words) => {
    expect(amountInWords(n, XOF)).toBe(words);
    expect(amountInWords(n, currencyWords('XAF'))).toBe(words);
  });
});

describe('amountInWords: euros and centimes', () => {
  it.each<[number, string]>([
    [0, 'zéro euro'],
    [1, 'un centime'],
    [50, 'cinquante centimes'],
    [100, 'un euro'],
    [101, 'un euro et un centime'],
    [150, 'un euro et cinquante centimes'],
    [200, 'deux euros'],
    [2_121, 'vingt et un euros et vingt et un centimes'],
    [8_080, 'quatre-vingts euros et quatre-vingts centimes'],
    [100_000_000, 'un million d’euros'],
    [200_000_080, 'deux millions d’euros et quatre-vingts centimes'],
    [100_000_000_000, 'un milliard d’euros'],
    [100_000_100, 'un million un euros'],
    [
      99_999_999_999_999,
      'neuf cent quatre-vingt-dix-neuf milliards neuf cent quatre-vingt-dix-neuf millions neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf euros et quatre-vingt-dix-neuf centimes',
    ],
  ])('%i centimes → %s', (n, words) => {
    expect(amountInWords(n, EUR)).toBe(words);
  });

  it('other currencies from the data: « de » without elision, own minor unit', () => {
    expect(amountInWords(100_000_000, currencyWords('usd'))).toBe('un million de dollars');
    expect(amountInWords(101, currencyWords('USD'))).toBe('un dollar et un cent');
    expect(amountInWords(5, currencyWords('GNF'))).toBe('cinq francs guinéens');
    expect(currencyWords('EUR')).toMatchObject({ singular: 'euro', plural: 'euros', elides: true, minorDigits: 2 });
    expect(currencyWords('XOF')).toMatchObject({ minorDigits: 0 });
    expect(currencyWords('ZZZ').minorDigits).toBe(2);
  });
});

describe('refusals', () => {
  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_WORDS_MAJOR + 1, 2 ** 53])(
    'numberInWords(%s) throws RangeError',
    (n) => {
      expect(() => numberInWords(n)).toThrow(RangeError);
    },
  );
  it('amountInWords refuses negative, fractional and out-of-range amounts', () => {
    expect(() => amountInWords(-1, XOF)).toThrow(RangeError);
    expect(() => amountInWords(1.5, EUR)).toThrow(RangeError);
    expect(() => amountInWords(MAX_WORDS_MAJOR + 1, XOF)).toThrow(RangeError);
    expect(() => amountInWords((MAX_WORDS_MAJOR + 1) * 100, EUR)).toThrow(RangeError);
    expect(amountInWords(MAX_WORDS_MAJOR, XOF)).toMatch(/francs CFA$/);
  });
});

/**
 * Independent reference: a parser that reads French number words back to a number (written the
 * other way round, from words to digits). Every generated value must round-trip.
 */
const VALUES: Record<string, number> = {
  un: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
};
function parseFrench(words: string): number {
  if (words === 'zéro') return 0;
  const tokens = words
    .replace(/quatre-vingts?/g, 'QV')
    .split(/[ -]/)
    .filter((t) => t !== 'et');
  let total = 0;
  let current = 0;
  for (const token of tokens) {
    if (token === 'QV') current += 80;
    else if (token in VALUES) current += VALUES[token]!;
    else if (token === 'cent' || token === 'cents') current = (current || 1) * 100;
    else if (token === 'mille') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (token === 'million' || token === 'millions') {
      total += current * 1e6;
      current = 0;
    } else if (token === 'milliard' || token === 'milliards') {
      total += current * 1e9;
      current = 0;
    } else throw new Error(`unknown word ${token}`);
  }
  return total + current;
}

// Deterministic pseudo-random values over every magnitude (no Math.random: a failure replays).
function* generated(): Generator<number> {
  for (let n = 0; n <= 1200; n++) yield n;
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < 600; i++) {
    const digits = 1 + (next() % 12);
    yield (
      (next() % 10 ** Math.min(digits, 9)) * (digits > 9 ? 10 ** (digits - 9) : 1) +
      (next() % 1000) * (i % 3 === 0 ? 1 : 0)
    );
  }
  for (const g of [1, 21, 71, 80, 81, 100, 180, 200, 201, 999]) {
    for (const scale of [1, 1e3, 1e6, 1e9]) yield g * scale;
  }
}
const SAMPLE = [...generated()].filter((n) => n <= MAX_WORDS_MAJOR);

const LEXICON = new Set([
  ...Object.keys(VALUES),
  'zéro',
  'et',
  'vingts',
  'cent',
  'cents',
  'mille',
  'million',
  'millions',
  'milliard',
  'milliards',
]);

describe(`generated vectors (${SAMPLE.length})`, () => {
  it('round-trip through an independent parser', () => {
    for (const n of SAMPLE) expect(parseFrench(numberInWords(n)), `${n}`).toBe(n);
  });

  it('structural rules of the traditional spelling', () => {
    for (const n of SAMPLE) {
      const w = numberInWords(n);
      const words = w.split(/[ -]/);
      for (const word of words) expect(LEXICON.has(word), `${n}: ${word}`).toBe(true);
      expect(w, `${n}`).not.toMatch(/(^|illions? |illiards? )un mille/);
      expect(w, `${n}`).not.toMatch(/(^| )et (?!un\b|onze\b)/); // « et » only in « et un », « et onze »
      expect(w, `${n}`).not.toMatch(/quatre-vingt(s)? et/);
      // 21 … 71 take « et »: never « vingt-un », « soixante-onze ».
      expect(w, `${n}`).not.toMatch(/((?<!quatre-)vingt|trente|quarante|cinquante|soixante)-(un|onze)\b/);
      if (n % 100 === 21 || n % 100 === 71) expect(w, `${n}`).toMatch(/ et (un|onze)$/);
      // « cents » only final or before million(s)/milliard(s).
      expect(w, `${n}`).not.toMatch(/\bcents (?!millions?\b|milliards?\b)/);
      expect(w, `${n}`).not.toMatch(/(^| )un cent/);
      // « vingts » only in « quatre-vingts », final or before million(s)/milliard(s).
      expect(w, `${n}`).not.toMatch(/(?<!quatre-)vingts/);
      expect(w, `${n}`).not.toMatch(/quatre-vingts (?!millions?\b|milliards?\b)/);
      expect(w, `${n}`).not.toMatch(/quatre-vingts-/);
      // Hyphens only inside a number below one hundred: never around cent, mille, million, milliard.
      expect(w, `${n}`).not.toMatch(/-(cents?|mille|millions?|milliards?)\b|\b(cents?|mille|millions?|milliards?)-/);
      // Nouns agree: « million » only after « un ».
      expect(w, `${n}`).not.toMatch(/(^|illiards? )un (millions|milliards)\b/);
      expect(w.replace(/(^|illiards? )un (million|milliard)\b(?!s)/g, ''), `${n}`).not.toMatch(
        /\b(million|milliard)\b(?!s)/,
      );
      if (n > 0) expect(w).not.toContain('zéro');
    }
  });

  it('amount: « de » exactly when the number ends with million(s)/milliard(s)', () => {
    for (const n of SAMPLE) {
      const w = amountInWords(n, XOF);
      const endsWithNoun = n > 0 && n % 1e6 === 0;
      expect(w.endsWith(' de francs CFA'), `${n}`).toBe(endsWithNoun);
      expect(w.endsWith(n <= 1 ? ' franc CFA' : ' francs CFA'), `${n}`).toBe(true);
      expect(amountInWords(n * 100, EUR).endsWith(endsWithNoun ? 'd’euros' : n <= 1 ? ' euro' : ' euros'), `${n}`).toBe(
        true,
      );
    }
  });
});

describe('amountInWordsAndFigures (the closing phrase of the printouts)', () => {
  it('writes the amount in words, then in figures', () => {
    expect(amountInWordsAndFigures(1_250_000, 'XOF')).toBe(
      'un million deux cent cinquante mille francs CFA (1\u202f250\u202f000\u00a0FCFA)',
    );
    expect(amountInWordsAndFigures(150, 'EUR')).toMatch(/^un euro et cinquante centimes \(1,50\u00a0€\)$/);
  });
});
