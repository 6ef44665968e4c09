import { currencyInfo, formatAmount } from '@shared/money';
import { Money } from '@/components/data/Money';
import type { CounterState } from './useCounter';

/** The total to pay in large, the sale's discount and VAT in it, and the change to give (or what is missing). */
export function CounterTotal({ state }: { state: CounterState }) {
  const { total, totals, docDiscount, payment, currency } = state;
  return (
    <div className="app-counter-total" data-testid="counter-total-box">
      <div className="app-counter-total-label">Total à payer</div>
      <div className="app-counter-total-value" data-testid="counter-total" aria-live="polite">
        <span className="app-counter-total-amount">{formatAmount(total, currency)}</span>{' '}
        <span className="app-counter-total-currency">{currencyInfo(currency).label}</span>
      </div>
      {docDiscount > 0 && total > 0 ? (
        <div className="small" data-testid="counter-total-discount">
          dont remise <Money value={-docDiscount} />
        </div>
      ) : null}
      {state.vat.enabled && total > 0 ? (
        <div className="small">
          dont TVA <Money value={totals.vat} /> (HT <Money value={totals.ht} />)
        </div>
      ) : null}
      {totals.error ? <div className="small text-danger">{totals.error}</div> : null}
      <div className={`app-counter-change ${payment.problem ? 'is-short' : ''}`} data-testid="counter-change">
        {payment.problem ? (
          <span>{payment.problem}</span>
        ) : (
          <>
            <span>À rendre</span>
            <strong>
              <Money value={payment.change} />
            </strong>
          </>
        )}
      </div>
    </div>
  );
}
