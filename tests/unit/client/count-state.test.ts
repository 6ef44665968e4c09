import { describe, expect, it } from 'vitest';
import { listQuery } from '@/components/data/list-query';
import { diffClass } from '@/components/data/format';
import { countState, parseCount } from '@/components/stock/inventory/count-state';

describe('count page state', () => {
  it('leaves the server defaults out of the address and keeps the preview choices', () => {
    const base = {
      tab: 'saisie',
      filters: { q: '', category_id: '', show: 'all' as const },
      preview_policy: 'snapshot' as const,
      uncounted_as_zero: false,
    };
    expect(listQuery(countState(base))).toEqual({ tab: 'saisie' });
    expect(
      listQuery(
        countState({
          ...base,
          tab: 'ecarts',
          filters: { q: 'riz', category_id: '3', show: 'differences' },
          preview_policy: 'current',
          uncounted_as_zero: true,
        }),
      ),
    ).toEqual({ tab: 'ecarts', q: 'riz', category_id: '3', show: 'differences', policy: 'current', zero: '1' });
  });

  it('reads a typed count: empty is "not counted", only whole non-negative numbers count', () => {
    expect(parseCount('')).toBeNull();
    expect(parseCount('  ')).toBeNull();
    expect(parseCount('12')).toBe(12);
    expect(parseCount('1 250')).toBe(1250);
    expect(parseCount('-1')).toBeUndefined();
    expect(parseCount('2,5')).toBeUndefined();
    expect(parseCount('abc')).toBeUndefined();
    expect(parseCount(undefined)).toBeUndefined();
  });

  it('colours gains and losses', () => {
    expect(diffClass(3)).toBe('app-diff-pos');
    expect(diffClass(-1)).toBe('app-diff-neg');
    expect(diffClass(0)).toBe('');
    expect(diffClass(null)).toBe('');
  });
});
