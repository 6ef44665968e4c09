import { router, usePage } from '@inertiajs/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterMenu, MENU } from '@shared/menu';
import { Icon } from '@/components/Icon';
import { useLayout } from '@/lib/layout-context';
import { searchMenu } from '@/lib/menu-state';

/**
 * Header search: finds a screen among those the user may open (accent-insensitive), ↑/↓ to
 * choose, Enter to go, Escape to close. Covers the header while open.
 */
export function HeaderSearch() {
  const { dispatch } = useLayout();
  const page = usePage();
  const user = page.props.auth.user;
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const nodes = useMemo(() => filterMenu(MENU, user?.menu_permissions ?? []), [user?.menu_permissions]);
  const results = useMemo(() => searchMenu(nodes, query), [nodes, query]);

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => setIndex(0), [query]);

  const close = () => dispatch({ type: 'headerSearch', value: 'off' });
  const go = (to: string | undefined) => {
    if (!to) return;
    dispatch({ type: 'headerLoader', value: 'on' });
    router.visit(to, {
      onFinish: () => {
        dispatch({ type: 'headerLoader', value: 'off' });
        close();
      },
    });
  };

  return (
    <div className="app-header-search" data-testid="header-search">
      <form
        role="search"
        className="app-header-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          go(results[index]?.node.to);
        }}
      >
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          Rechercher un écran
        </label>
        <Icon name="fa-solid fa-magnifying-glass" className="app-header-search-icon" />
        <input
          ref={input}
          id={`${listId}-input`}
          type="text"
          className="form-control"
          placeholder="Rechercher un écran… (Échap pour fermer)"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results[index] ? `${listId}-${index}` : undefined}
          aria-autocomplete="list"
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setIndex((i) => Math.min(results.length - 1, i + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setIndex((i) => Math.max(0, i - 1));
            }
          }}
        />
        <button type="button" className="btn app-btn-icon" onClick={close} aria-label="Fermer la recherche">
          <Icon name="fa-solid fa-xmark" />
        </button>
      </form>
      <ul id={listId} role="listbox" className="app-header-search-results" aria-label="Écrans trouvés">
        {results.length === 0 ? (
          <li className="app-header-search-empty" role="presentation">
            Aucun écran ne correspond à « {query} ».
          </li>
        ) : (
          results.map((r, i) => (
            <li
              key={`${r.trail.join('/')}/${r.node.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === index}
              className={i === index ? 'is-selected' : ''}
              onMouseEnter={() => setIndex(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                go(r.node.to);
              }}
            >
              <Icon name={r.node.icon ?? 'fa-solid fa-circle'} fixedWidth className="app-header-search-result-icon" />
              <span className="flex-grow-1">
                <span className="d-block">{r.node.name}</span>
                {r.trail.length ? <small className="text-body-secondary">{r.trail.join(' › ')}</small> : null}
              </span>
              <Icon name="fa-solid fa-arrow-turn-down fa-rotate-90" className="app-header-search-enter" />
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
