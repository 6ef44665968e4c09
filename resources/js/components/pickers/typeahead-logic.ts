/**
 * Pure decisions of the type-ahead pickers, kept apart so they are unit-tested.
 */

/** What Enter does, given what is on screen. */
export type EnterChoice = { kind: 'exact' } | { kind: 'active'; index: number } | { kind: 'search-now' } | { kind: 'none' };

export function enterChoice(state: { query: string; answeredQuery: string | null; hasExact: boolean; itemCount: number; active: number }): EnterChoice {
  const query = state.query.trim();
  if (query === '') return { kind: 'none' };
  // The list on screen answers an older query (a scanner types faster than the debounce): ask now.
  if (state.answeredQuery !== query) return { kind: 'search-now' };
  // A barcode or code read exactly: pick it at once, whatever row is highlighted.
  if (state.hasExact && state.active < 0) return { kind: 'exact' };
  if (state.active >= 0 && state.active < state.itemCount) return { kind: 'active', index: state.active };
  if (state.hasExact) return { kind: 'exact' };
  // Only one match: Enter takes it (no need to press ↓ first).
  if (state.itemCount === 1) return { kind: 'active', index: 0 };
  return { kind: 'none' };
}

/** ↑/↓ through the options, wrapping; -1 means "nothing highlighted". */
export function moveActive(active: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return direction === 1 ? 0 : count - 1;
  return (active + direction + count) % count;
}
