import { type ReactNode, useEffect, useState } from 'react';
import { Icon } from './Icon';
import { FieldFrame, describedBy } from './Field';

const groupFormatter = (decimals: number) =>
  new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: true,
  });

/** "1 250", "1250", "1 250,5" → number; empty or invalid → null. */
export function parseFrenchNumber(text: string, decimals = 0): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/gu, '').replace(',', '.');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  if (!/^-?\d*(\.\d*)?$/u.test(cleaned)) return null;
  const n = Number(cleaned);
  if (!Number.isFinite(n)) return null;
  const factor = 10 ** decimals;
  return Math.round(n * factor) / factor;
}

export function formatFrenchNumber(value: number | null, decimals = 0): string {
  return value === null ? '' : groupFormatter(decimals).format(value);
}

export function clampNumber(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

interface NumberInputProps {
  id: string;
  name: string;
  label?: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Digits after the decimal comma (0 for FCFA and quantities). */
  decimals?: number;
  /** Unit shown after the input: "FCFA", "pièces"… */
  suffix?: ReactNode;
  /** − / + buttons on each side. */
  stepper?: boolean;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}

/**
 * Number entry in the French way: thousands separated by spaces while not editing, a comma for
 * decimals, ↑/↓ (and the optional − / + buttons) step by `step` within min…max, the value is
 * clamped when leaving the field. The value handed back is a number (or null when empty).
 */
export function NumberInput({
  id,
  name,
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  decimals = 0,
  suffix,
  stepper = false,
  error,
  hint,
  required,
  disabled,
  placeholder,
  className = '',
}: NumberInputProps) {
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => formatFrenchNumber(value, decimals));

  useEffect(() => {
    if (!focused) setText(formatFrenchNumber(value, decimals));
  }, [value, decimals, focused]);

  const commit = (next: number | null) => {
    const clamped = next === null ? null : clampNumber(next, min, max);
    onChange(clamped);
    return clamped;
  };

  const bump = (direction: 1 | -1) => {
    const base = value ?? (min !== undefined && min > 0 ? min - direction * step : 0);
    const next = commit(Math.round((base + direction * step) * 10 ** decimals) / 10 ** decimals);
    setText(focused ? String(next ?? '').replace('.', ',') : formatFrenchNumber(next, decimals));
  };

  const input = (
    <input
      id={id}
      name={name}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      className={`form-control app-number ${error ? 'is-invalid' : ''}`}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      required={required}
      role="spinbutton"
      aria-valuenow={value ?? undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      onFocus={() => {
        setFocused(true);
        setText(value === null ? '' : String(value).replace('.', ','));
      }}
      onBlur={() => {
        setFocused(false);
        const next = commit(parseFrenchNumber(text, decimals));
        setText(formatFrenchNumber(next, decimals));
      }}
      onChange={(e) => {
        const raw = e.target.value;
        if (!/^-?[\d\s\u00a0\u202f]*([.,]\d*)?$/u.test(raw)) return;
        setText(raw);
        const parsed = parseFrenchNumber(raw, decimals);
        if (parsed !== null || raw.trim() === '') onChange(parsed);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp') {
          e.preventDefault();
          bump(1);
        } else if (e.key === 'ArrowDown') {
          e.preventDefault();
          bump(-1);
        }
      }}
    />
  );

  const grouped = stepper || suffix;
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {grouped ? (
        <div className={`input-group ${error ? 'is-invalid' : ''}`}>
          {stepper ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => bump(-1)}
              disabled={disabled || (min !== undefined && value !== null && value <= min)}
              aria-label="Diminuer"
              tabIndex={-1}
            >
              <Icon name="fa-solid fa-minus" />
            </button>
          ) : null}
          {input}
          {suffix ? <span className="input-group-text">{suffix}</span> : null}
          {stepper ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => bump(1)}
              disabled={disabled || (max !== undefined && value !== null && value >= max)}
              aria-label="Augmenter"
              tabIndex={-1}
            >
              <Icon name="fa-solid fa-plus" />
            </button>
          ) : null}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
