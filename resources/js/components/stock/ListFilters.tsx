import { router } from '@inertiajs/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { LocationOption, Option } from '@shared/lists';
import { Icon } from '@/components/Icon';
import { cleanQuery } from '@/components/data/list-query';

export type FilterValues = Record<string, string>;

/**
 * Filters of a stock list kept in the query string: the form holds a draft, "Filtrer" visits the
 * list with the new query (page back to 1), "Réinitialiser" goes back to the server's defaults.
 * `children(values, set)` renders the fields.
 */
export function ListFilters({
  url,
  initial,
  keep = {},
  children,
  testId = 'list-filters',
  submitLabel = 'Filtrer',
  note,
}: {
  url: string;
  initial: FilterValues;
  /** Query values kept on every visit (tab, sort, dir). */
  keep?: FilterValues;
  children: (values: FilterValues, set: (name: string, value: string) => void) => ReactNode;
  testId?: string;
  submitLabel?: string;
  /** A line under the fields saying how the server read the filters. */
  note?: ReactNode;
}) {
  const [values, setValues] = useState<FilterValues>(initial);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    router.get(url, cleanQuery({ ...values, ...keep }), { preserveState: false, preserveScroll: true });
  };
  return (
    <form className="card app-stock-filters mb-3" onSubmit={onSubmit} role="search" data-testid={testId}>
      <div className="card-body">
        <div className="row g-2 align-items-end">
          {children(values, set)}
          <div className="col-12 col-md-auto d-flex gap-2">
            <button type="submit" className="btn btn-primary">
              <Icon name="fa-solid fa-filter" className="me-1" />
              {submitLabel}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => router.get(url, cleanQuery(keep))}>
              Réinitialiser
            </button>
          </div>
        </div>
        {note && <p className="small text-body-secondary mb-0 mt-2">{note}</p>}
      </div>
    </form>
  );
}

/** A labelled select of the filter bar; '' means "all". */
export function FilterSelect({ id, label, value, onChange, options, allLabel = 'Tous', className = 'col-6 col-md-3 col-xl-2' }: { id: string; label: string; value: string; onChange: (v: string) => void; options: Array<{ value: string; label: string }>; allLabel?: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterInput({ id, label, value, onChange, type = 'text', placeholder, className = 'col-6 col-md-3 col-xl-2' }: { id: string; label: string; value: string; onChange: (v: string) => void; type?: string; placeholder?: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input id={id} type={type} className="form-control form-control-sm" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export const locationOptions = (locations: LocationOption[]) => locations.map((l) => ({ value: l.value, label: l.active ? l.label : `${l.label} (archivé)` }));
export const plainOptions = (options: Option[]) => options;

/** The note of a document list searched by number over every date (the server drops the period). */
export function allDatesNote(filters: { q: string; from: string; to: string }): ReactNode {
  if (!filters.q || filters.from || filters.to) return null;
  return (
    <>
      <Icon name="fa-solid fa-circle-info" className="me-1" />
      Recherche par numéro sur toutes les dates : choisissez une période pour la restreindre.
    </>
  );
}
