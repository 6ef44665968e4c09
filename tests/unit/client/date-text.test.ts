import { describe, expect, it } from 'vitest';
import { isoToDateText, parseDateText } from '@/components/data/date-text';

const read = (text: string, bounds: { min?: string; max?: string } = {}) =>
  parseDateText(text, { referenceYear: 2026, ...bounds });

describe('a date typed in French (jj/mm/aaaa), whatever the browser’s language', () => {
  it('reads the day first, in every usual way of typing it', () => {
    for (const text of [
      '02/11/2026',
      '2/11/2026',
      '2/11/26',
      '02/11/26',
      '2.11.2026',
      '2-11-2026',
      '2 11 2026',
      ' 02/11/2026 ',
      '02112026',
      '021126',
      '2/11',
      '2026-11-02',
    ]) {
      expect([text, read(text)]).toEqual([text, { iso: '2026-11-02' }]);
    }
    expect(read('31/12/99')).toEqual({ iso: '2099-12-31' });
    expect(read('29/02/2028')).toEqual({ iso: '2028-02-29' });
  });

  it('says in French why a date is refused', () => {
    expect(read('31/02/2026')).toEqual({ error: 'Le 31/02/2026 n’existe pas dans le calendrier.' });
    expect(read('29/02/2027')).toEqual({ error: 'Le 29/02/2027 n’existe pas dans le calendrier.' });
    expect(read('13/13/2026')).toEqual({ error: 'Le 13/13/2026 n’existe pas dans le calendrier.' });
    for (const text of ['02/11/202', 'demain', '11/2026/02', '2026', '02/11/2026/1'])
      expect([text, read(text)]).toEqual([
        text,
        { error: 'Date invalide : saisissez-la au format jj/mm/aaaa (par exemple 02/11/2026).' },
      ]);
    expect(read('02/12/2026', { max: '2026-12-01' })).toEqual({
      error: 'La date ne peut pas être après le 01/12/2026.',
    });
    expect(read('31/10/2026', { min: '2026-11-01' })).toEqual({
      error: 'La date ne peut pas être avant le 01/11/2026.',
    });
    expect(read('01/12/2026', { min: '2026-11-01', max: '2026-12-01' })).toEqual({ iso: '2026-12-01' });
    expect(read('   ')).toEqual({ empty: true });
  });

  it('shows an ISO date as jj/mm/aaaa', () => {
    expect(isoToDateText('2026-11-02')).toBe('02/11/2026');
    expect(isoToDateText('')).toBe('');
    expect(isoToDateText(null)).toBe('');
    expect(isoToDateText('02/11/2026')).toBe('');
  });
});
