import { describe, expect, it } from 'vitest';
import type { ListParams } from '@shared/lists';
import { exportHref, listQuery, listState, nextSort, pickState } from '@/components/data/list-query';
import { enterChoice, initialActive, moveActive, pickOnAnswer } from '@/components/pickers/typeahead-logic';

const params: ListParams<{ status: string; kind: string }> = {
  q: 'awa',
  sort: 'name',
  dir: 'desc',
  per_page: 25,
  filters: { status: 'active', kind: '' },
};
const state = listState(params);

describe('list state and query', () => {
  it('flattens the master-data params and takes document filters as they are', () => {
    expect(state).toEqual({ q: 'awa', sort: 'name', dir: 'desc', per_page: 25, status: 'active', kind: '' });
    expect(listState({ from: '2026-01-01', q: '', tab: 'sessions' })).toEqual({
      from: '2026-01-01',
      q: '',
      tab: 'sessions',
    });
  });

  it('keeps search, sort and filters, drops empty values and the default page size', () => {
    expect(listQuery(state)).toEqual({ q: 'awa', sort: 'name', dir: 'desc', status: 'active' });
    expect(listQuery({ from: '2026-01-01', q: '  ', status: '', page: null, n: 0, low: true, none: false })).toEqual({
      from: '2026-01-01',
      n: '0',
      low: '1',
    });
  });

  it('applies changes and forgets the page when anything else changes', () => {
    expect(listQuery(state, { kind: 'entreprise', q: '' })).toEqual({
      sort: 'name',
      dir: 'desc',
      status: 'active',
      kind: 'entreprise',
    });
    expect(listQuery(state, { per_page: 100 })).toMatchObject({ per_page: '100' });
    expect(listQuery(state, { page: 3 })).toMatchObject({ page: '3' });
    expect(listQuery(state, { page: 1 })).not.toHaveProperty('page');
  });

  it('a reset keeps only what is named (sort, tab)', () => {
    expect(listQuery(pickState({ ...state, tab: 'ecarts' }, ['sort', 'dir', 'tab']))).toEqual({
      sort: 'name',
      dir: 'desc',
      tab: 'ecarts',
    });
  });

  it('exports what is on screen: same search, filters and sort, chosen format, no paging', () => {
    const href = exportHref('/fichiers/clients/export', { ...state, per_page: 100 }, 'xlsx');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/fichiers/clients/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'awa',
      sort: 'name',
      dir: 'desc',
      status: 'active',
      format: 'xlsx',
    });
  });
});

describe('nextSort', () => {
  it('starts ascending on a new column and toggles on the same one', () => {
    expect(nextSort({ sort: 'code', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort({ sort: 'name', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });
});

describe('type-ahead decisions', () => {
  const base = { query: '6111234567890', answeredQuery: '6111234567890', hasExact: true, itemCount: 3, active: -1 };

  it('Enter on an exact barcode picks it at once', () => {
    expect(enterChoice(base)).toEqual({ kind: 'exact' });
  });

  it('Enter before the answer for this query arrives searches now (scanner faster than the debounce)', () => {
    expect(enterChoice({ ...base, answeredQuery: '61112' })).toEqual({ kind: 'search-now' });
    expect(enterChoice({ ...base, answeredQuery: null })).toEqual({ kind: 'search-now' });
  });

  it('Enter picks the highlighted option, or the only result', () => {
    expect(enterChoice({ ...base, hasExact: false, active: 2 })).toEqual({ kind: 'active', index: 2 });
    expect(enterChoice({ ...base, hasExact: true, active: 1 })).toEqual({ kind: 'active', index: 1 });
    expect(enterChoice({ ...base, hasExact: false, itemCount: 1 })).toEqual({ kind: 'active', index: 0 });
    expect(enterChoice({ ...base, hasExact: false })).toEqual({ kind: 'none' });
    expect(enterChoice({ ...base, query: '  ' })).toEqual({ kind: 'none' });
  });

  it('arrows wrap around the options', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});

describe('price grid editing', async () => {
  const { cellChanged, errorsByRow, gridPayload, rowChanged } =
    await import('../../../resources/js/components/data/price-grid');
  const row = {
    id: 7,
    code: 'P7',
    barcode: null,
    name: 'Riz 25 kg',
    category_name: 'Céréales',
    unit: 'sac',
    purchase_price: 12000,
    cmup: 12100,
    retail_price: 15000,
    wholesale_price: 14000,
    min_price: 13500,
    updated_at: '2026-11-22 08:00:00',
  };
  const other = { ...row, id: 8, code: 'P8' };

  it('a cell retyped with the same amount is not a change', () => {
    expect(cellChanged(row, { 7: { retail_price: '15 000' } }, 'retail_price', 'XOF')).toBe(false);
    expect(cellChanged(row, { 7: { retail_price: '15500' } }, 'retail_price', 'XOF')).toBe(true);
    expect(cellChanged(row, { 7: { retail_price: 'abc' } }, 'retail_price', 'XOF')).toBe(true);
    expect(rowChanged(other, { 7: { retail_price: '15500' } }, 'XOF')).toBe(false);
  });

  it('sends only the changed rows, with all four prices and the version seen', () => {
    expect(gridPayload([row, other], { 7: { retail_price: '15500' } }, 'XOF')).toEqual([
      {
        id: 7,
        purchase_price: '12000',
        retail_price: '15500',
        wholesale_price: '14000',
        min_price: '13500',
        updated_at: '2026-11-22 08:00:00',
      },
    ]);
  });

  it('maps "rows.<index>.<field>" errors back to the product', () => {
    expect(errorsByRow({ 'rows.1.min_price': 'Trop haut.', 'rows.5.retail_price': 'x', rows: 'y' }, [7, 8])).toEqual({
      8: { min_price: 'Trop haut.' },
    });
  });
});

describe('type-ahead answers', () => {
  it('highlights the first result when an answer arrives, so "riz" + Enter takes it', () => {
    const items = [{ id: 1 }, { id: 2 }];
    const first = initialActive(items, null);
    expect(first).toBe(0);
    expect(enterChoice({ query: 'riz', answeredQuery: 'riz', hasExact: false, itemCount: 2, active: first })).toEqual({
      kind: 'active',
      index: 0,
    });
    expect(initialActive([], null)).toBe(-1);
    // the exact match (a scanned code) is the one highlighted, wherever it is
    expect(initialActive(items, { id: 2 }, (a, b) => a.id === b.id)).toBe(1);
  });

  it('Enter pressed before the answer takes the exact match, else the first result', () => {
    expect(pickOnAnswer([{ id: 1 }, { id: 2 }], { id: 2 })).toEqual({ id: 2 });
    expect(pickOnAnswer([{ id: 1 }, { id: 2 }], null)).toEqual({ id: 1 });
    expect(pickOnAnswer([], null)).toBeNull();
  });
});
