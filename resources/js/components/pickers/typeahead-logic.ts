/**
 * Pure decisions of the type-ahead pickers, kept apart so they are unit-tested.
 */

/** What Enter does, given what is on screen. */
export type EnterChoice =
  { kind: 'exact' } | { kind: 'active'; index: number } | { kind: 'search-now' } | { kind: 'none' };

export function enterChoice(state: {
  query: string;
  answeredQuery: string | null;
  hasExact: boolean;
  itemCount: number;
  active: number;
}): EnterChoice {
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
export function initialActive<T>(
  items: readonly T[],
  exact: T | null | undefined,
  same: (a: T, b: T) => boolean = Object.is,
): number {
  if (items.length === 0) return -1;
  const i = exact ? items.findIndex((item) => same(item, exact)) : -1;
  return i >= 0 ? i : 0;
}

/** Enter was pressed before the answer came: what the answer picks — the exact match, else the first result. */
export function pickOnAnswer<T>(items: readonly T[], exact: T | null | undefined): T | null {
  return exact ?? items[0] ?? null;
}

/**
 * Scans read while an earlier one is still being looked up (a USB scanner sends « code + Enter »
 * faster than the server answers): each Enter queues its term, and the terms are looked up one
 * after the other in the order they were read, so a second scan neither cancels the first lookup
 * nor runs into its text. `done` gets each term with its answer, `failed` each term whose lookup
 * threw; `idle()` resolves once the queue is empty.
 */
export class ScanQueue<R> {
  private pending: string[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly lookup: (term: string) => Promise<R>,
    private readonly done: (term: string, result: R) => void,
    private readonly failed: (term: string, err: unknown) => void,
  ) {}

  /** Terms read and not yet answered (the one being looked up included). */
  get size(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  push(term: string): Promise<void> {
    this.pending.push(term);
    if (!this.running) this.running = this.drain();
    return this.running;
  }

  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Forget the scans not looked up yet (the form is left). */
  clear(): void {
    this.pending = [];
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        const term = this.pending.shift()!;
        try {
          this.done(term, await this.lookup(term));
        } catch (err) {
          this.failed(term, err);
        }
      }
    } finally {
      this.running = null;
    }
  }
}
