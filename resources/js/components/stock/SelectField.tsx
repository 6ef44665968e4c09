import { FieldError, RequiredMark } from '@/components/Field';

/** A labelled select with the server's error under it. */
export function SelectField({ id, name, label, value, onChange, error, options, placeholder, required = true }: { id: string; name: string; label: string; value: string; onChange: (v: string) => void; error?: string; options: Array<{ value: string; label: string }>; placeholder: string; required?: boolean }) {
  return (
    <div className="app-field">
      <span className="app-label-line">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </span>
      <select id={id} name={name} className={`form-select ${error ? 'is-invalid' : ''}`} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} required={required}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
