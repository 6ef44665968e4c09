import { router } from '@inertiajs/react';
import { Fragment, useEffect, useId, useRef } from 'react';
import type { GlobalSearchResponse, SearchGroup, SearchHit } from '@shared/search';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { type DocumentKind, StatusBadge } from '@/components/data/StatusBadge';
import { formatDate } from '@/components/data/format';
import { useTypeahead } from '@/components/pickers/useTypeahead';
import { useLayout } from '@/lib/layout-context';

/** One result with its group, as the list walks them (↑/↓ go through every group in order). */
interface Row extends SearchHit {
  group: SearchGroup['key'];
  groupLabel: string;
  groupIcon: string;
}

const BADGE_KINDS: readonly string[] = [
  'entry',
  'transfer',
  'count',
  'sale',
  'settlement',
  'cash',
] satisfies DocumentKind[];

/** The server's groups → one list of rows, in the order shown. */
export function searchRows(data: unknown): { items: Row[] } {
  const body = data as GlobalSearchResponse;
  return {
    items: body.groups.flatMap((g) =>
      g.items.map((hit) => ({ ...hit, group: g.key, groupLabel: g.label, groupIcon: g.icon })),
    ),
  };
}

/**
 * The header's global search (Ctrl+K or « / » opens it, see Header): products (name, code,
 * barcode), clients, suppliers, document numbers (ENT-, TRF-, INV-…) and screens, from one server
 * endpoint (route('search'), filtered by the user's permissions), grouped under headings. ↑/↓
 * move through every result, the first being highlighted, Enter opens it, Escape closes. Covers the
 * header while open. The type-ahead is the pickers' (useTypeahead): debounced, stale answers dropped.
 */
export function HeaderSearch() {
  const { dispatch } = useLayout();
  const input = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;

  const close = () => dispatch({ type: 'headerSearch', value: 'off' });
  const go = (row: Row) => {
    dispatch({ type: 'headerLoader', value: 'on' });
    router.visit(row.url, {
      onFinish: () => {
        dispatch({ type: 'headerLoader', value: 'off' });
        close();
      },
    });
  };
  const ta = useTypeahead<Row>({ fetchUrl: (q) => route('search', { q }), onPick: go, parse: searchRows });

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (ta.active < 0) return;
    document.getElementById(`${listId}-${ta.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [ta.active, listId]);

  const query = ta.query.trim();
  const answered = ta.answered === query && !ta.loading;
  const showList = query !== '';

  return (
    <div className="app-header-search" data-testid="header-search">
      <form role="search" className="app-header-search-form" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${baseId}-input`} className="visually-hidden">
          Rechercher un produit, un client, un fournisseur, un document ou un écran
        </label>
        {ta.loading ? (
          <span className="spinner-border spinner-border-sm app-header-search-icon" aria-hidden="true" />
        ) : (
          <Icon name="fa-solid fa-magnifying-glass" className="app-header-search-icon" />
        )}
        <input
          ref={input}
          id={`${baseId}-input`}
          type="text"
          className="form-control"
          placeholder="Produit, client, fournisseur, n° de document, écran…"
          autoComplete="off"
          spellCheck={false}
          value={ta.query}
          onChange={(e) => ta.onInput(e.target.value)}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && ta.active >= 0 ? `${listId}-${ta.active}` : undefined}
          aria-autocomplete="list"
          data-testid="header-search-input"
          onKeyDown={(e) => {
            // One Escape closes the whole search (the layout's Escape handler does it).
            if (e.key === 'Escape') return;
            ta.onKeyDown(e);
          }}
        />
        <kbd className="app-header-search-kbd d-none d-md-inline">Échap</kbd>
        <button type="button" className="btn app-btn-icon" onClick={close} aria-label="Fermer la recherche">
          <Icon name="fa-solid fa-xmark" />
        </button>
      </form>
      <div
        id={listId}
        role="listbox"
        className="app-header-search-results"
        aria-label="Résultats de la recherche"
        data-testid="header-search-results"
      >
        {!showList ? (
          <p className="app-header-search-empty" role="presentation">
            Produits (nom, code, code-barres), clients, fournisseurs, numéros de documents (ENT-, TRF-, INV-…) et
            écrans. ↑ ↓ pour choisir, Entrée pour ouvrir.
          </p>
        ) : ta.error ? (
          <p className="app-header-search-empty text-danger" role="presentation">
            {ta.error}
          </p>
        ) : answered && ta.items.length === 0 ? (
          <p className="app-header-search-empty" role="presentation">
            Aucun résultat pour « {query} ».
          </p>
        ) : (
          ta.items.map((row, i) => {
            const first = i === 0 || ta.items[i - 1].group !== row.group;
            return (
              <Fragment key={`${row.group}-${row.url}`}>
                {first ? (
                  <div
                    className="app-header-search-heading"
                    role="presentation"
                    data-testid={`header-search-group-${row.group}`}
                  >
                    <Icon name={row.groupIcon} fixedWidth className="me-2" />
                    {row.groupLabel}
                  </div>
                ) : null}
                <div
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === ta.active}
                  className={`app-header-search-option ${i === ta.active ? 'is-selected' : ''}`}
                  onMouseEnter={() => ta.setActive(i)}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    ta.pick(row);
                  }}
                >
                  <Icon name={row.icon ?? row.groupIcon} fixedWidth className="app-header-search-result-icon" />
                  <span className="flex-grow-1 min-w-0">
                    <span className="d-block text-truncate fw-semibold">{row.title}</span>
                    {row.meta ? <small className="d-block text-truncate text-body-secondary">{row.meta}</small> : null}
                  </span>
                  <span className="app-header-search-aside">
                    {row.date ? <small className="text-body-secondary">{formatDate(row.date)}</small> : null}
                    {row.status && BADGE_KINDS.includes(row.status.kind) ? (
                      <StatusBadge kind={row.status.kind as DocumentKind} status={row.status.value} />
                    ) : null}
                  </span>
                  <Icon name="fa-solid fa-arrow-turn-down fa-rotate-90" className="app-header-search-enter" />
                </div>
              </Fragment>
            );
          })
        )}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {showList && answered ? `${ta.items.length} résultat${ta.items.length > 1 ? 's' : ''}` : ''}
      </span>
    </div>
  );
}
