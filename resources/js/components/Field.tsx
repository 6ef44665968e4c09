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

/**
 * A labelled input with the server's error under it (aria-invalid + aria-describedby), an
 * optional hint, icon, and — for passwords — a show/hide button.
 */
export function TextField({ id, name, label, value, onChange, error, hint, icon, labelAside, className = '', type = 'text', required, inputRef, ...rest }: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
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
      aria-describedby={describedBy}
      required={required}
      {...rest}
    />
  );
  return (
    <div className={`app-field mb-3 ${className}`}>
      <div className="d-flex justify-content-between align-items-baseline">
        <span className="app-label-line">
          <label htmlFor={id} className="form-label">
            {label}
          </label>
          {required ? <RequiredMark /> : null}
        </span>
        {labelAside}
      </div>
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
      <FieldError id={errorId} error={error} />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export function CheckboxField({ id, name, label, checked, onChange, error }: { id: string; name: string; label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
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
export function StatusAlert({ tone = 'success', icon, children, testId, className = '' }: { tone?: 'success' | 'info' | 'danger' | 'warning' | 'secondary'; icon?: string; children: ReactNode; testId?: string; className?: string }) {
  if (!children) return null;
  const toneIcon = { success: 'fa-solid fa-circle-check', info: 'fa-solid fa-circle-info', danger: 'fa-solid fa-triangle-exclamation', warning: 'fa-solid fa-triangle-exclamation', secondary: 'fa-solid fa-circle-info' }[tone];
  return (
    <div className={`alert alert-${tone} d-flex align-items-start gap-2 app-alert ${className}`} role={tone === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      <Icon name={icon ?? toneIcon} className="mt-1" />
      <div>{children}</div>
    </div>
  );
}
