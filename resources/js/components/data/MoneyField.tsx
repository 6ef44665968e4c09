import { useCompany } from '@/hooks/useCompany';
import type { ReactNode } from 'react';
import { currencyInfo } from '@shared/money';
import { FieldFrame, describedBy } from '@/components/Field';
import { MoneyInput } from './MoneyInput';

interface MoneyFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  /** What the user types, in major units ("1 250 000", "12,50"); the server parses it (parseMoneyInput). */
  value: string;
  onChange: (value: string) => void;
  /** Left out: the company currency (useCompany). */
  currency?: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A money input: free text in major units with the currency after it. Forms keep the text and
 * the server turns it into minor units, so "1 250 000" and "1250000" both work and a bad amount
 * comes back as a French error on the field (never rounded silently).
 */
export function MoneyField({
  id,
  name,
  label,
  value,
  onChange,
  currency: currencyProp,
  error,
  hint,
  required,
  disabled,
  className = '',
}: MoneyFieldProps) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <div className={`input-group ${error ? 'is-invalid' : ''}`}>
        <MoneyInput
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          currency={currency}
          invalid={Boolean(error)}
          describedBy={describedBy(id, error, hint)}
          required={required}
          disabled={disabled}
        />
        <span className="input-group-text">{currencyInfo(currency).label}</span>
      </div>
    </FieldFrame>
  );
}
