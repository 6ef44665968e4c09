import { describe, expect, it } from 'vitest';
import { paginateRows } from '../../../server/db/paginate.js';

describe('paginateRows (a preview computed in memory, paged like a query)', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i + 1);

  it('answers the page asked for with the counts', () => {
    expect(paginateRows(rows, 2, 50)).toEqual({
      data: rows.slice(50, 100),
      page: 2,
      per_page: 50,
      total: 120,
      last_page: 3,
    });
  });

  it('answers the last page for a page past the end, and the first for a page below 1', () => {
    expect(paginateRows(rows, 9, 50)).toMatchObject({ page: 3, data: rows.slice(100) });
    expect(paginateRows(rows, 0, 50)).toMatchObject({ page: 1, data: rows.slice(0, 50) });
    expect(paginateRows([], 4, 50)).toEqual({ data: [], page: 1, per_page: 50, total: 0, last_page: 1 });
  });
});
