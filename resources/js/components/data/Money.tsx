import { useCompany } from '@/hooks/useCompany';
import { currencyInfo, formatAmount } from '@shared/money';

/**
 * An amount in minor units shown in the company currency ("1 250 000 FCFA"); `tone` colours a
 * balance (negative red, positive as asked). Never formats money by hand elsewhere.
 */
export function Money({
  value,
  currency: currencyProp,
  tone,
  className = '',
}: {
  value: number | null | undefined;
  /** Left out: the company currency (useCompany). */
  currency?: string;
  tone?: 'balance' | 'debt';
  className?: string;
}) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  if (value === null || value === undefined) return <span className={`text-body-secondary ${className}`}>—</span>;
  const colour = tone === 'debt' && value > 0 ? 'text-danger' : tone === 'balance' && value < 0 ? 'text-danger' : '';
  // formatMoney's text, with an ordinary space before the currency: .app-money is nowrap, so tables
  // keep an amount on one line, while a narrow stat card (white-space: normal) may wrap there —
  // before "FCFA", never inside it or inside the digits (grouped by no-break spaces).
  return (
    <span className={`app-money ${colour} ${className}`}>
      {formatAmount(value, currency)} {currencyInfo(currency).label}
    </span>
  );
}
