import { FieldError } from '@/components/Field';
import { MoneyInput } from '@/components/data/MoneyInput';
import { CASH_ID, type CounterForm, DISCOUNT_ID } from './counter-form';
import { CounterMobileMoney } from './CounterMobileMoney';
import { DiscountInput } from './DiscountInput';
import type { CounterState } from './useCounter';

/** The sale's discount, the cash handed over (F2; empty: the exact amount) and mobile money (F4). */
export function CounterPayment({ state }: { state: CounterState }) {
  const { form, errors, total, mobile, money, docDiscountError } = state;
  const cashError = errors['payments.0.amount'] ?? errors['payments.0.account_id'];
  return (
    <div className="card mb-2">
      <div className="card-body app-counter-pay">
        <DiscountInput
          id={DISCOUNT_ID}
          name="discount"
          label="Remise sur la vente"
          value={form.data.discount}
          kind={form.data.discount_kind}
          onChange={(discount, discount_kind) => form.setData((d: CounterForm) => ({ ...d, discount, discount_kind }))}
          error={errors.discount ?? docDiscountError ?? undefined}
          inline
        />

        <div className="app-counter-cash">
          <label htmlFor={CASH_ID} className="form-label fw-semibold mb-0">
            <span>Espèces reçues</span> <kbd>F2</kbd>
          </label>
          <MoneyInput
            id={CASH_ID}
            name="payments.0.amount"
            value={form.data.cash}
            onChange={(v) => state.setField('cash', v)}
            invalid={Boolean(cashError)}
            className="app-counter-money"
            ariaLabel="Espèces reçues"
            describedBy={cashError ? `${CASH_ID}-error` : `${CASH_ID}-hint`}
          />
          <FieldError id={`${CASH_ID}-error`} error={cashError} />
        </div>
        <div id={`${CASH_ID}-hint`} className="form-text mt-0 mb-1">
          {form.data.cash.trim() === '' && total > 0
            ? `Vide : montant exact (${money(Math.max(0, total - mobile))}).`
            : ' '}
        </div>

        <CounterMobileMoney state={state} />
      </div>
    </div>
  );
}
