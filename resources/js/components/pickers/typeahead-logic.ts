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

/**
 * The option highlighted when an answer arrives: the exact match (a scanned barcode) or else the
 * first result, so Enter takes it at once ("riz" + Enter adds the first rice); -1 when none.
 */
export function initialActive<T>(items: readonly T[], exact: T | null | undefined, same: (a: T, b: T) => boolean = Object.is): number {
  if (items.length === 0) return -1;
  const i = exact ? items.findIndex((item) => same(item, exact)) : -1;
  return i >= 0 ? i : 0;
}

/** Enter was pressed before the answer came: what the answer picks — the exact match, else the first result. */
export function pickOnAnswer<T>(items: readonly T[], exact: T | null | undefined): T | null {
  return exact ?? items[0] ?? null;
}
