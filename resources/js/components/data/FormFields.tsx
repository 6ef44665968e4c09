import type { ReactNode } from 'react';
import { FieldError, RequiredMark } from '@/components/Field';

/** A labelled <select> with the server's error under it (same look and ARIA wiring as TextField). */
export function SelectField({ id, name, label, value, onChange, options, error, hint, required, disabled, placeholder, className = '' }: { id: string; name: string; label: ReactNode; value: string; onChange: (v: string) => void; options: Array<{ value: string; label: string }>; error?: string; hint?: ReactNode; required?: boolean; disabled?: boolean; placeholder?: string; className?: string }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`app-field mb-3 ${className}`}>
      <span className="app-label-line">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </span>
      <select id={id} name={name} className={`form-select ${error ? 'is-invalid' : ''}`} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} disabled={disabled}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export function TextAreaField({ id, name, label, value, onChange, error, hint, rows = 3, maxLength, className = '' }: { id: string; name: string; label: ReactNode; value: string; onChange: (v: string) => void; error?: string; hint?: ReactNode; rows?: number; maxLength?: number; className?: string }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`app-field mb-3 ${className}`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea id={id} name={name} rows={rows} maxLength={maxLength} className={`form-control ${error ? 'is-invalid' : ''}`} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <FieldError id={`${id}-error`} error={error} />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** The footer of a record form: cancel link and the save button. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="card-footer d-flex flex-wrap gap-2 justify-content-end">{children}</div>;
}
