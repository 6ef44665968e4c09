import { formatMoney } from '../../../../shared/money';

/**
 * An amount in minor units shown in the company currency ("1 250 000 FCFA"); `tone` colours a
 * balance (negative red, positive as asked). Never formats money by hand elsewhere.
 */
export function Money({ value, currency, tone, className = '' }: { value: number | null | undefined; currency: string; tone?: 'balance' | 'debt'; className?: string }) {
  if (value === null || value === undefined) return <span className={`text-body-secondary ${className}`}>—</span>;
  const colour = tone === 'debt' && value > 0 ? 'text-danger' : tone === 'balance' && value < 0 ? 'text-danger' : '';
  return <span className={`app-money ${colour} ${className}`}>{formatMoney(value, currency)}</span>;
}
