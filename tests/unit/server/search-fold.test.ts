import { describe, expect, it } from 'vitest';
import { foldSearch, keyTypos, prefixTypos, searchKey, typoPieces, withSearchName } from '../../../server/db/search.js';

describe('foldSearch', () => {
  it('drops accents and case, spells out ligatures, collapses spaces', () => {
    expect(foldSearch('Koné')).toBe('kone');
    expect(foldSearch('KONÉ')).toBe('kone');
    expect(foldSearch('Épicerie Générale')).toBe('epicerie generale');
    expect(foldSearch('Crème  brûlée\tŒuf Ægis')).toBe('creme brulee oeuf aegis');
    expect(foldSearch('  Straße  ')).toBe('strasse');
    expect(foldSearch('Çà et là, naïf, Noël')).toBe('ca et la, naif, noel');
    expect(foldSearch('Coca-Cola 33 cl')).toBe('coca-cola 33 cl');
    expect(foldSearch('')).toBe('');
    expect(foldSearch('Huile d’arachide')).toBe("huile d'arachide");
  });

  it('is idempotent: a folded name folds to itself', () => {
    for (const s of ['Koné', 'Œuf', 'ÉLAN', 'riz brisé 50 kg']) expect(foldSearch(foldSearch(s))).toBe(foldSearch(s));
  });

  it('fills search_name only when the row sets a name', () => {
    expect(withSearchName({ name: 'Awa Koné', code: 'CL1' })).toEqual({
      name: 'Awa Koné',
      code: 'CL1',
      search_name: 'awa kone',
      search_key: 'awa kone',
    });
    expect(withSearchName({ active: false } as { active: boolean; name?: string })).toEqual({ active: false });
  });
});

describe('typo tolerance', () => {
  it('squeezes a name: folded, punctuation as spaces, doubled letters and a few spellings made one', () => {
    expect(searchKey('Cimment')).toBe(searchKey('Ciment'));
    expect(searchKey('Ciment CPJ 45')).toBe('ciment cpj 45');
    expect(searchKey('Bouteille Phillips')).toBe('bouteile filips');
    expect(searchKey('Yaourt  Nestlé')).toBe('iaourt nestle');
    expect(searchKey('Coca-Cola 33 cl')).toBe('coca cola 33 cl');
    // digits are not squeezed: 50 kg and 500 kg stay apart
    expect(searchKey('Riz 500 kg')).not.toBe(searchKey('Riz 50 kg'));
    expect(withSearchName({ name: 'Sac Cimment' })).toEqual({
      name: 'Sac Cimment',
      search_name: 'sac cimment',
      search_key: 'sac ciment',
    });
  });

  it('measures the typos between a typed word and the start of a word', () => {
    expect(prefixTypos('ciment', 'ciment', 2)).toBe(0);
    expect(prefixTypos('cimnet', 'ciment', 2)).toBe(1); // swapped neighbours
    expect(prefixTypos('cimant', 'ciment', 2)).toBe(1); // wrong letter
    expect(prefixTypos('cment', 'ciment', 2)).toBe(1); // missing letter
    expect(prefixTypos('cimn', 'ciment', 1)).toBe(1); // the start of a word, with a typo
    expect(prefixTypos('cxmxnt', 'ciment', 2)).toBe(2);
    expect(prefixTypos('tomate', 'ciment', 1)).toBe(2); // capped at max + 1
  });

  it('matches a typed text word by word, never across two words', () => {
    expect(keyTypos(['cimnet'], 'sac ciment cpj 45')).toBe(1);
    expect(keyTypos(['cimnet', 'cpj'], 'sac ciment cpj 45')).toBe(1);
    expect(keyTypos(['cimnet', 'cpx'], 'sac ciment cpj 45')).toBeNull(); // short words exactly
    expect(keyTypos(['creme'], 'iaourt sucre elan')).toBeNull(); // "cre" + " e" would be one typo across words
    expect(keyTypos(['quincailerei'], 'quincailerie t0001')).toBe(1);
    expect(keyTypos(['t0001'], 'quincailerie t0002')).toBeNull(); // digits: as typed
  });

  it('cuts the term into pieces one of which survives the allowed typos unchanged', () => {
    expect(typoPieces('cimnet', 1)).toEqual(['cim', 'net']);
    expect(typoPieces('bouteilles', 2)).toEqual(['bout', 'eill', 'es']);
    // every one-typo variant of "ciment" keeps one piece of it
    for (const variant of ['cimnet', 'cxment', 'cimenx', 'ciment'])
      expect(typoPieces(variant, 1).some((p) => 'ciment'.includes(p) || 'sac ciment'.includes(p))).toBe(true);
  });
});
