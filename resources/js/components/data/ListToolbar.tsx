import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PER_PAGE_OPTIONS } from '@shared/lists';
import { debounce } from '@/lib/debounce';
import { Icon } from '@/components/Icon';

/**
 * Above a list: the search box (sent 300 ms after the last key, or at once on Enter), the
 * filters (any selects, passed as children — use <FilterSelect>), the page size, and actions on
 * the right (export, import, "Nouveau").
 *
 *   <ListToolbar q={params.q} onSearch={(q) => list.update({ q })} perPage={params.per_page}
 *     onPerPage={(n) => list.update({ per_page: n })} placeholder="Code, nom, téléphone…">
 *     <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
 *   </ListToolbar>
 */
export function ListToolbar({
  q,
  onSearch,
  placeholder = 'Rechercher…',
  searchLabel = 'Rechercher',
  perPage,
  onPerPage,
  children,
  actions,
}: {
  q: string;
  onSearch: (q: string) => void;
  placeholder?: string;
  searchLabel?: string;
  perPage?: number;
  onPerPage?: (n: number) => void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState(q);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const send = useRef(debounce((value: string) => onSearchRef.current(value), 300)).current;
  const lastSent = useRef(q);

  // Another visit changed the search (back button, link): show it, unless the user is typing.
  useEffect(() => {
    if (q !== lastSent.current) {
      lastSent.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => () => send.cancel(), [send]);

  const emit = (value: string, now = false) => {
    lastSent.current = value.trim();
    if (now) {
      send.cancel();
      onSearchRef.current(value.trim());
    } else send(value.trim());
  };

  return (
    <div className="app-list-toolbar" role="search">
      <div className="app-list-search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {searchLabel}
        </label>
        <div className="input-group">
          <span className="input-group-text">
            <Icon name="fa-solid fa-magnifying-glass" fixedWidth />
          </span>
          <input
            id={`${id}-q`}
            type="search"
            className="form-control"
            placeholder={placeholder}
            value={text}
            autoComplete="off"
            maxLength={100}
            onChange={(e) => {
              setText(e.target.value);
              emit(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                emit(text, true);
              }
            }}
            data-testid="list-search"
          />
          {text ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              aria-label="Effacer la recherche"
              onClick={() => {
                setText('');
                emit('', true);
              }}
            >
              <Icon name="fa-solid fa-xmark" />
            </button>
          ) : null}
        </div>
      </div>
      {children ? <div className="app-list-filters">{children}</div> : null}
      {perPage && onPerPage ? (
        <FilterSelect
          label="Lignes par page"
          compact
          value={String(perPage)}
          options={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
          onChange={(v) => onPerPage(Number(v))}
        />
      ) : null}
      {actions ? <div className="app-list-actions">{actions}</div> : null}
    </div>
  );
}

/** A labelled select of a list filter (the label stays visible: "Statut", "Catégorie"). */
export function FilterSelect({ label, value, options, onChange, compact = false, testId }: { label: string; value: string; options: Array<{ value: string; label: string }>; onChange: (value: string) => void; compact?: boolean; testId?: string }) {
  const id = useId();
  return (
    <div className={`app-filter ${compact ? 'app-filter-compact' : ''}`}>
      <label htmlFor={id} className="app-filter-label">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Actifs' },
  { value: 'archived', label: 'Archivés' },
  { value: 'all', label: 'Tous' },
];
