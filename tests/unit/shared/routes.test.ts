import { describe, expect, it } from 'vitest';
import { ROUTES, queryString, route } from '../../../shared/routes.js';

describe('route table', () => {
  it('fills parameters and encodes them', () => {
    expect(route('clients.show', { id: 12 })).toBe('/fichiers/clients/12');
    expect(route('password.reset', { token: 'a/b c' })).toBe('/reset-password/a%2Fb%20c');
    expect(route('verification.verify', { id: 3, hash: 'abc' })).toBe('/verify-email/3/abc');
  });

  it('adds the query string from defined, non-empty values only', () => {
    expect(route('entries.print', { id: 4 }, { print: 1 })).toBe('/operations/entreestock/4/print?print=1');
    expect(route('products.index', { q: 'riz', page: 2, category: '', supplier: undefined, low: true })).toBe(
      '/fichiers/produits?q=riz&page=2&low=1',
    );
    expect(route('dashboard', {})).toBe('/dashboard');
    expect(queryString({ ids: [1, 2], empty: [] })).toBe('?ids=1&ids=2');
  });

  it('refuses a missing parameter at run time too (a cast cannot bypass it)', () => {
    expect(() => (route as (n: string, p: object) => string)('clients.show', {})).toThrow(/id/);
  });

  it('gives every route its own pattern, except the same URL read and written by method', () => {
    const seen = new Map<string, string[]>();
    for (const [name, pattern] of Object.entries(ROUTES)) seen.set(pattern, [...(seen.get(pattern) ?? []), name]);
    // The one exception: a screen's GET (`x.index`) and the POST that validates it (`x.store`).
    const readAndWrite = (names: string[]) =>
      names.length === 2 &&
      names.some((n) => n.endsWith('.index')) &&
      names.some((n) => n === names.find((m) => m.endsWith('.index'))!.replace(/\.index$/, '.store'));
    const shared = [...seen.values()].filter((names) => names.length > 1 && !readAndWrite(names));
    expect(shared).toEqual([]);
  });
});
