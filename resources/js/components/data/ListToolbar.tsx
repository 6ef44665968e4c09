import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type LocationOption, type Option, PER_PAGE_OPTIONS } from '@shared/lists';
import { debounce } from '@/lib/debounce';
import { Icon } from '@/components/Icon';
import { DateInput } from './DateInput';

/**
 * Above every list (master data, stock documents, count lines): the search box (sent 300 ms after
 * the last key, or at once on Enter), the filters (children: <FilterSelect>, <FilterInput>),
 * "Réinitialiser" when something is filtered, the page size, actions on the right (export,
 * import, "Nouveau…"), and a note under it. Every change is applied at once through useList().
 *
 *   const list = useList(route('clients.index'), params);
 *   <ListToolbar q={list.state.q} onSearch={(q) => list.update({ q })} onReset={filtered ? list.reset : undefined}
 *     perPage={params.per_page} onPerPage={(per_page) => list.update({ per_page })} actions={…}>
 *     <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
 *   </ListToolbar>
 */
export function ListToolbar({
  q,
  onSearch,
  onSearchEnter,
  placeholder = 'Rechercher…',
  searchLabel = 'Rechercher',
  perPage,
  onPerPage,
  onReset,
  children,
  actions,
  note,
  className = '',
  testId,
}: {
  q?: string;
  onSearch?: (q: string) => void;
  /** Enter in the search box (typed, or a scanner's code + Enter), after the search is sent. */
  onSearchEnter?: (q: string) => void;
  placeholder?: string;
  searchLabel?: string;
  perPage?: number;
  onPerPage?: (n: number) => void;
  /** Given when the list is filtered: shows "Réinitialiser". */
  onReset?: () => void;
  children?: ReactNode;
  actions?: ReactNode;
  /** A line under the toolbar saying how the server read the filters. */
  note?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`app-list-toolbar ${className}`} role="search" data-testid={testId}>
      {onSearch ? (
        <SearchBox
          q={q ?? ''}
          onSearch={onSearch}
          onEnter={onSearchEnter}
          placeholder={placeholder}
          label={searchLabel}
        />
      ) : null}
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
      {onReset ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary app-list-reset"
          onClick={onReset}
          data-testid="list-reset"
        >
          <Icon name="fa-solid fa-rotate-left" className="me-1" />
          Réinitialiser
        </button>
      ) : null}
      {actions ? <div className="app-list-actions">{actions}</div> : null}
      {note ? <p className="app-list-note small text-body-secondary mb-0">{note}</p> : null}
    </div>
  );
}

/**
 * A text the user types that is sent `delay` ms after the last key (or at once with `commit`);
 * a new value from the server (back button, reset) replaces it unless the user is typing.
 */
function useTypedValue(value: string, onChange: (value: string) => void, delay: number) {
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const send = useRef(debounce((v: string) => onChangeRef.current(v), delay)).current;
  const lastSent = useRef(value);
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => send.cancel(), [send]);
  const emit = (v: string, now = false) => {
    lastSent.current = v.trim();
    if (now) {
      send.cancel();
      onChangeRef.current(v.trim());
    } else send(v.trim());
  };
  const type = (v: string) => {
    setText(v);
    emit(v);
  };
  const commit = (v = text) => {
    setText(v);
    emit(v, true);
  };
  return { text, type, commit };
}

function SearchBox({
  q,
  onSearch,
  onEnter,
  placeholder,
  label,
}: {
  q: string;
  onSearch: (q: string) => void;
  onEnter?: (q: string) => void;
  placeholder: string;
  label: string;
}) {
  const id = useId();
  const search = useTypedValue(q, onSearch, 300);
  return (
    <div className="app-list-search">
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {label}
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
          value={search.text}
          autoComplete="off"
          maxLength={100}
          onChange={(e) => search.type(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search.commit();
              onEnter?.(search.text.trim());
            }
          }}
          data-testid="list-search"
        />
        {search.text ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label="Effacer la recherche"
            onClick={() => search.commit('')}
          >
            <Icon name="fa-solid fa-xmark" />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled select of a list filter (the label stays visible: "Statut", "Catégorie"); `allLabel` adds the '' choice first. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel,
  compact = false,
  testId,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  allLabel?: string;
  compact?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={`app-filter ${compact ? 'app-filter-compact' : ''}`}>
      <label htmlFor={id} className="app-filter-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A labelled text or date filter: a text is sent 600 ms after the last key, at once on Enter; a
 * date (DateInput: jj/mm/aaaa whatever the browser's language, ISO in the address) on Enter, on
 * leaving the field or on a day picked in its calendar.
 */
export function FilterInput({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date';
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  const input = useTypedValue(value, onChange, 600);
  if (type === 'date') {
    return (
      <div className="app-filter app-filter-date">
        <label htmlFor={id} className="app-filter-label">
          {label}
        </label>
        <DateInput id={id} value={value} onChange={onChange} mode="commit" size="sm" testId={testId} />
      </div>
    );
  }
  return (
    <div className="app-filter">
      <label htmlFor={id} className="app-filter-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="form-control form-control-sm"
        value={input.text}
        placeholder={placeholder}
        onChange={(e) => input.type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            input.commit();
          }
        }}
        data-testid={testId}
      />
    </div>
  );
}

export const STATUS_OPTIONS: Option[] = [
  { value: 'active', label: 'Actifs' },
  { value: 'archived', label: 'Archivés' },
  { value: 'all', label: 'Tous' },
];
export const FEMININE_STATUS_OPTIONS: Option[] = [
  { value: 'active', label: 'Actives' },
  { value: 'archived', label: 'Archivées' },
  { value: 'all', label: 'Toutes' },
];

/** Locations as filter choices: an archived one says so (old documents still use it). */
export const locationOptions = (locations: readonly LocationOption[]): Option[] =>
  locations.map((l) => ({ value: l.value, label: l.active ? l.label : `${l.label} (archivé)` }));

/** The note of a document list searched by number over every date (the server drops the period). */
export function allDatesNote(state: { q: string; from: string; to: string }): ReactNode {
  if (!state.q || state.from || state.to) return null;
  return (
    <>
      <Icon name="fa-solid fa-circle-info" className="me-1" />
      Recherche par numéro sur toutes les dates : choisissez une période pour la restreindre.
    </>
  );
}

/** The period of a document list: « Du » and « Au » date filters (YYYY-MM-DD, '' for open). */
export function PeriodFilters({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (changes: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <FilterInput label="Du" type="date" value={from} onChange={(value) => onChange({ from: value })} />
      <FilterInput label="Au" type="date" value={to} onChange={(value) => onChange({ to: value })} />
    </>
  );
}
