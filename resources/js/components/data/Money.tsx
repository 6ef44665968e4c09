import { currencyInfo, formatAmount } from '../../../../shared/money';

/**
 * An amount in minor units shown in the company currency ("1 250 000 FCFA"); `tone` colours a
 * balance (negative red, positive as asked). Never formats money by hand elsewhere.
 */
export function Money({ value, currency, tone, className = '' }: { value: number | null | undefined; currency: string; tone?: 'balance' | 'debt'; className?: string }) {
  if (value === null || value === undefined) return <span className={`text-body-secondary ${className}`}>—</span>;
  const colour = tone === 'debt' && value > 0 ? 'text-danger' : tone === 'balance' && value < 0 ? 'text-danger' : '';
  // Same text as formatMoney; the <wbr> lets a narrow stat card wrap before the currency rather
  // than inside it (tables keep amounts on one line: .app-money is nowrap there).
  return (
    <span className={`app-money ${colour} ${className}`}>
      {formatAmount(value, currency)}
      {'\u00a0'}
      <wbr />
      {currencyInfo(currency).label}
    </span>
  );
}
