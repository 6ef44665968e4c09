import { useCallback, useEffect, useRef, useState } from 'react';
import { debounce } from '@/lib/debounce';
import { ScanQueue, enterChoice, initialActive, moveActive, pickOnAnswer as answerPick } from './typeahead-logic';

export interface TypeaheadResult<T> {
  items: T[];
  exact?: T | null;
}

/**
 * State of a server-side type-ahead: debounced fetches (200 ms), stale answers dropped
 * (AbortController + query check), keyboard handling (↑ ↓ Enter Escape) and the picked item.
 */
export function useTypeahead<T>({
  fetchUrl,
  onPick,
  minLength = 1,
  parse,
  queueScans = false,
}: {
  fetchUrl: (q: string) => string;
  /** `queued`: picked from the scan queue, while the input may already hold the next scan (leave it). */
  onPick: (item: T, meta?: { queued: boolean }) => void;
  /**
   * Scan-and-add pickers (the input is emptied on pick): Enter before the answer empties the input at
   * once and queues the term (ScanQueue), so a second scan read meanwhile is never lost.
   */
  queueScans?: boolean;
  minLength?: number;
  /** Turns the endpoint's JSON into items when it is not `{ items, exact }` (the global search's groups). */
  parse?: (data: unknown) => TypeaheadResult<T>;
}) {
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [exact, setExact] = useState<T | null>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const pickOnAnswer = useRef(false);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const fetchUrlRef = useRef(fetchUrl);
  fetchUrlRef.current = fetchUrl;
  const parseRef = useRef(parse);
  parseRef.current = parse;

  const reset = useCallback(() => {
    controller.current?.abort();
    setQuery('');
    setItems([]);
    setExact(null);
    setAnswered(null);
    setOpen(false);
    setActive(-1);
    setLoading(false);
  }, []);

  const pick = useCallback((item: T) => {
    pickOnAnswer.current = false;
    setOpen(false);
    setActive(-1);
    onPickRef.current(item);
  }, []);

  const fetchResult = useCallback(async (term: string, signal?: AbortSignal): Promise<TypeaheadResult<T>> => {
    const res = await fetch(fetchUrlRef.current(term), {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
      signal,
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? 'La recherche a échoué : veuillez réessayer.');
    }
    const json: unknown = await res.json();
    return parseRef.current ? parseRef.current(json) : (json as TypeaheadResult<T>);
  }, []);

  // Scans queued by Enter before their answer (queueScans): looked up in order, each picked or shown unanswered.
  const queue = useRef<ScanQueue<TypeaheadResult<T>> | null>(null);
  if (queue.current === null) {
    queue.current = new ScanQueue<TypeaheadResult<T>>(
      (term) => fetchResult(term),
      (term, data) => {
        const one = answerPick(data.items, data.exact ?? null);
        if (one) {
          setOpen(false);
          setActive(-1);
          onPickRef.current(one, { queued: true });
          return;
        }
        // Nothing for this scan: show it, unanswered, so the cashier sees which one.
        setQuery(term);
        setItems([]);
        setExact(null);
        setAnswered(term);
        setOpen(true);
      },
      (term, err) => {
        setQuery(term);
        setError(err instanceof TypeError ? 'Serveur injoignable : vérifiez la connexion.' : (err as Error).message);
        setItems([]);
        setExact(null);
        setAnswered(term);
        setOpen(true);
      },
    );
  }

  const search = useCallback(
    async (q: string) => {
      controller.current?.abort();
      const term = q.trim();
      if (term.length < minLength) {
        setItems([]);
        setExact(null);
        setAnswered(term);
        setLoading(false);
        return;
      }
      const ctrl = new AbortController();
      controller.current = ctrl;
      setLoading(true);
      setError(null);
      try {
        const data = await fetchResult(term, ctrl.signal);
        if (ctrl.signal.aborted) return;
        setItems(data.items);
        setExact(data.exact ?? null);
        setAnswered(term);
        // The first result (or the exact match) is highlighted: Enter takes it.
        setActive(initialActive(data.items, data.exact ?? null, (a, b) => JSON.stringify(a) === JSON.stringify(b)));
        setOpen(true);
        // Enter was pressed before the answer came (scanner, quick typist): take the exact match, else the first result.
        if (pickOnAnswer.current) {
          pickOnAnswer.current = false;
          const one = answerPick(data.items, data.exact ?? null);
          if (one) pick(one);
        }
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        pickOnAnswer.current = false;
        setError(err instanceof TypeError ? 'Serveur injoignable : vérifiez la connexion.' : (err as Error).message);
        setItems([]);
        setExact(null);
        setAnswered(term);
        setOpen(true);
      } finally {
        if (controller.current === ctrl) setLoading(false);
      }
    },
    [minLength, pick, fetchResult],
  );

  // The debounced function must call the latest search.
  const searchRef = useRef(search);
  searchRef.current = search;
  const debounced = useRef(debounce((q: string) => void searchRef.current(q), 200)).current;
  useEffect(
    () => () => {
      debounced.cancel();
      controller.current?.abort();
      queue.current?.clear();
    },
    [debounced],
  );

  const onInput = (value: string) => {
    setQuery(value);
    pickOnAnswer.current = false;
    if (value.trim() === '') {
      debounced.cancel();
      controller.current?.abort();
      setItems([]);
      setExact(null);
      setAnswered(null);
      setOpen(false);
      setLoading(false);
      return;
    }
    debounced(value);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open && query.trim()) {
        setOpen(true);
        if (answered !== query.trim()) {
          debounced.cancel();
          void searchRef.current(query);
        }
        return;
      }
      setActive((a) => moveActive(a, items.length, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const choice = enterChoice({
        query,
        answeredQuery: answered,
        hasExact: exact !== null,
        itemCount: items.length,
        active: open ? active : -1,
      });
      if (choice.kind === 'exact' && exact) pick(exact);
      else if (choice.kind === 'active') pick(items[choice.index]);
      else if (choice.kind === 'search-now' && queueScans) {
        // Scan-and-add: the input is free at once for the next scan; this one is looked up in turn.
        debounced.cancel();
        controller.current?.abort();
        pickOnAnswer.current = false;
        setQuery('');
        setItems([]);
        setExact(null);
        setAnswered(null);
        setOpen(false);
        setLoading(false);
        void queue.current!.push(query.trim());
      } else if (choice.kind === 'search-now') {
        debounced.cancel();
        pickOnAnswer.current = true;
        void searchRef.current(query);
      } else if (query.trim()) setOpen(true);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return {
    query,
    setQuery,
    items,
    exact,
    open,
    setOpen,
    active,
    setActive,
    loading,
    error,
    answered,
    onInput,
    onKeyDown,
    pick,
    reset,
  };
}
