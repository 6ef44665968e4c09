import { describe, expect, it } from 'vitest';
import { foldSearch, withSearchName } from '../../../server/db/search.js';

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
  });

  it('is idempotent: a folded name folds to itself', () => {
    for (const s of ['Koné', 'Œuf', 'ÉLAN', 'riz brisé 50 kg']) expect(foldSearch(foldSearch(s))).toBe(foldSearch(s));
  });

  it('fills search_name only when the row sets a name', () => {
    expect(withSearchName({ name: 'Awa Koné', code: 'CL1' })).toEqual({ name: 'Awa Koné', code: 'CL1', search_name: 'awa kone' });
    expect(withSearchName({ active: false } as { active: boolean; name?: string })).toEqual({ active: false });
  });
});
