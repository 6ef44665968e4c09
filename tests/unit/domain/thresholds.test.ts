import { describe, expect, it } from 'vitest';
import { parseThresholdsCell } from '../../../server/domain/stock/thresholds.js';

describe('the « Seuils par emplacement » cell', () => {
  it('reads codes and thresholds, whatever the separators, the case and the spaces', () => {
    expect(parseThresholdsCell('BTQ01=10; DEP01=50')).toEqual({
      ok: true,
      thresholds: [
        { code: 'BTQ01', threshold: 10 },
        { code: 'DEP01', threshold: 50 },
      ],
    });
    expect(parseThresholdsCell(' btq01 : 1 200 ,\nbtq02=0 ')).toEqual({
      ok: true,
      thresholds: [
        { code: 'BTQ01', threshold: 1200 },
        { code: 'BTQ02', threshold: 0 },
      ],
    });
  });

  it('« aucun » or « - » clears them all', () => {
    for (const cell of ['aucun', 'Aucun', '-', '—'])
      expect(parseThresholdsCell(cell)).toEqual({ ok: true, thresholds: [] });
  });

  it('refuses what is not CODE=quantité, a location twice and a threshold above the ceiling, in French', () => {
    expect(parseThresholdsCell('BTQ01=dix')).toEqual({
      ok: false,
      error: 'Seuils par emplacement : « BTQ01=dix » n’est pas de la forme CODE=quantité (par exemple BTQ01=10).',
    });
    expect(parseThresholdsCell('BTQ01=-3')).toMatchObject({ ok: false });
    expect(parseThresholdsCell('BTQ01=2; btq01=3')).toEqual({
      ok: false,
      error: 'Seuils par emplacement : BTQ01 figure deux fois.',
    });
    expect(parseThresholdsCell('BTQ01=99999999999')).toMatchObject({
      ok: false,
      error: expect.stringContaining('ne doit pas dépasser'),
    });
  });
});
