import { currencyInfo } from '@shared/money';
import { FieldError } from '@/components/Field';
import { useCompany } from '@/hooks/useCompany';
import type { DiscountKind } from './counter-form';

/** A discount typed as an amount or a percentage, with the unit to choose beside it. */
export function DiscountInput({
  id,
  name,
  label,
  value,
  kind,
  onChange,
  error,
  size,
  inline = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  kind: DiscountKind;
  onChange: (value: string, kind: DiscountKind) => void;
  error?: string;
  size?: 'sm';
  inline?: boolean;
}) {
  const unit = currencyInfo(useCompany().currency).label;
  return (
    <div className={inline ? 'app-counter-discount is-inline' : 'app-counter-discount'}>
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      <div className={`input-group ${size === 'sm' || inline ? 'input-group-sm' : ''}`}>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={`form-control app-number text-end ${error ? 'is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value, kind)}
          placeholder="0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {(['amount', 'percent'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={kind === k}
            onClick={() => onChange(value, k)}
            data-testid={`${id}-${k}`}
          >
            {k === 'percent' ? '%' : unit}
          </button>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
