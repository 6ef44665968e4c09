import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { Icon } from './Icon';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'name'>;

export interface TextFieldProps extends NativeInput {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Font Awesome class shown in front of the input. */
  icon?: string;
  /** Extra element on the label line (e.g. "Mot de passe oublié ?"). */
  labelAside?: ReactNode;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Required marker: a red star (screen readers hear "obligatoire" from the input's required attribute). */
export function RequiredMark() {
  return (
    <span className="app-required" title="Champ obligatoire" aria-hidden="true">
      *
    </span>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      <Icon name="fa-solid fa-circle-exclamation" className="me-1" />
      {error}
    </div>
  );
}

/** The aria-describedby of a field: its error and its hint, when shown. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * The frame every form field shares: the label (with the required mark and an optional aside),
 * the control (children), the server's error and the hint under it. TextField, SelectField,
 * TextAreaField, NumberInput and MoneyField are built on it; a new kind of field should be too.
 */
export function FieldFrame({
  id,
  label,
  required,
  labelAside,
  error,
  hint,
  className = '',
  children,
}: {
  id: string;
  label?: ReactNode;
  required?: boolean;
  labelAside?: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`app-field mb-3 ${className}`}>
      {label ? (
        <div className="d-flex justify-content-between align-items-baseline">
          <span className="app-label-line">
            <label htmlFor={id} className="form-label">
              {label}
            </label>
            {required ? <RequiredMark /> : null}
          </span>
          {labelAside}
        </div>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} error={error} />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A labelled input with the server's error under it (aria-invalid + aria-describedby), an
 * optional hint, icon, and — for passwords — a show/hide button.
 */
export function TextField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  icon,
  labelAside,
  className = '',
  type = 'text',
  required,
  inputRef,
  ...rest
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const input = (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={isPassword && revealed ? 'text' : type}
      className={`form-control ${error ? 'is-invalid' : ''}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      required={required}
      {...rest}
    />
  );
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      labelAside={labelAside}
      error={error}
      hint={hint}
      className={className}
    >
      {icon || isPassword ? (
        <div className={`input-group app-input-group ${error ? 'is-invalid' : ''}`}>
          {icon ? (
            <span className="input-group-text">
              <Icon name={icon} fixedWidth />
            </span>
          ) : null}
          {input}
          {isPassword ? (
            <button
              type="button"
              className="btn app-reveal"
              onClick={() => setRevealed((r) => !r)}
              aria-label={revealed ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
              aria-pressed={revealed}
              aria-controls={id}
            >
              <Icon name={revealed ? 'fa-regular fa-eye-slash' : 'fa-regular fa-eye'} fixedWidth />
            </button>
          ) : null}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

/** A labelled <select> (`placeholder` adds the empty first choice). */
export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  error,
  hint,
  required,
  disabled,
  placeholder,
  className = '',
}: {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <select
        id={id}
        name={name}
        className={`form-select ${error ? 'is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={required}
        disabled={disabled}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  rows = 3,
  maxLength,
  required,
  className = '',
}: {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  className?: string;
}) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldFrame>
  );
}

export function CheckboxField({
  id,
  name,
  label,
  checked,
  onChange,
  error,
}: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        className={`form-check-input ${error ? 'is-invalid' : ''}`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Success / info / error message above a form or a document (role=status so it is announced; `icon` replaces the tone's). */
export function StatusAlert({
  tone = 'success',
  icon,
  children,
  testId,
  className = '',
}: {
  tone?: 'success' | 'info' | 'danger' | 'warning' | 'secondary';
  icon?: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  if (!children) return null;
  const toneIcon = {
    success: 'fa-solid fa-circle-check',
    info: 'fa-solid fa-circle-info',
    danger: 'fa-solid fa-triangle-exclamation',
    warning: 'fa-solid fa-triangle-exclamation',
    secondary: 'fa-solid fa-circle-info',
  }[tone];
  return (
    <div
      className={`alert alert-${tone} d-flex align-items-start gap-2 app-alert ${className}`}
      role={tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon name={icon ?? toneIcon} className="mt-1" />
      <div>{children}</div>
    </div>
  );
}
