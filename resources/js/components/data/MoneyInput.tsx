import { useCompany } from '@/hooks/useCompany';
import type { KeyboardEvent } from 'react';
import { currencyInfo } from '@shared/money';

/**
 * The bare input of an amount typed in major units ("1 250 000", "12,50"): numeric keyboard,
 * figures aligned. The text is kept as typed; the server (or parseMoneyInput) reads it, so a bad
 * amount comes back as a French error, never rounded silently. MoneyField labels it; line editors
 * and the price grid use it in table cells (`size="sm"`).
 */
export function MoneyInput({
  id,
  name,
  value,
  onChange,
  currency: currencyProp,
  invalid = false,
  describedBy,
  ariaLabel,
  size,
  className = '',
  disabled,
  required,
  onKeyDown,
  field,
  placeholder,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  /** Left out: the company currency (useCompany). */
  currency?: string;
  invalid?: boolean;
  describedBy?: string;
  ariaLabel?: string;
  size?: 'sm';
  className?: string;
  disabled?: boolean;
  required?: boolean;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  field?: string;
  placeholder?: string;
}) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode={currencyInfo(currency).decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      className={`form-control ${size ? `form-control-${size}` : ''} app-number ${invalid ? 'is-invalid' : ''} ${className}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      aria-label={ariaLabel}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      required={required}
      disabled={disabled}
      data-field={field}
      placeholder={placeholder}
    />
  );
}
