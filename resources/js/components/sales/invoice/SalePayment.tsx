import { minorToInput, parseMoneyInput } from '@shared/money';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { DateField } from '@/components/data/DateField';
import { SalePaymentRow } from './SalePaymentRow';
import { newPayment } from './sale-form';
import type { SaleState } from './useSaleForm';

/**
 * How the invoice is paid: comptant (one payment, or two when split, with the change) or crédit
 * (the due date and the client's balance after it against their credit limit).
 */
export function SalePayment({ state }: { state: SaleState }) {
  const {
    form,
    data,
    client,
    walkIn,
    errorOf,
    money,
    balanceAfter,
    overLimit,
    rights,
    accounts,
    setPayment,
    total,
    allocation,
    currency,
  } = state;
  return (
    <fieldset className="app-sale-payment" data-testid="sale-payment">
      <legend className="h6">Paiement</legend>
      <div className="btn-group mb-3" role="radiogroup" aria-label="Mode de paiement">
        {(['cash', 'credit'] as const).map((mode) => (
          <label
            key={mode}
            className={`btn ${data.payment_mode === mode ? 'btn-primary' : 'btn-outline-primary'} ${mode === 'credit' && walkIn ? 'disabled' : ''}`}
          >
            <input
              type="radio"
              className="visually-hidden"
              name="payment_mode"
              value={mode}
              checked={data.payment_mode === mode}
              disabled={mode === 'credit' && walkIn}
              onChange={() => {
                form.setData('payment_mode', mode);
                form.clearErrors('payment_mode', 'payments', 'due_date');
              }}
              data-testid={`sale-mode-${mode}`}
            />
            <Icon
              name={mode === 'cash' ? 'fa-solid fa-money-bill-wave' : 'fa-solid fa-hourglass-half'}
              className="me-2"
            />
            {mode === 'cash' ? 'Comptant' : 'Crédit'}
          </label>
        ))}
      </div>
      <FieldError id="sale-mode-error" error={errorOf('payment_mode')} />

      {data.payment_mode === 'credit' ? (
        <div className="row g-3">
          <div className="col-sm-6 col-lg-3">
            <DateField
              {...form.fieldProps('due_date')}
              label="Échéance"
              min={data.sale_date}
              required
              className="mb-0"
            />
          </div>
          {client && !walkIn ? (
            <div className="col-sm-6 col-lg-9 small align-self-end" data-testid="sale-credit-after">
              Solde du client après cette facture :{' '}
              <strong className={overLimit ? 'text-danger' : ''}>{money(balanceAfter)}</strong> (plafond{' '}
              {money(client.credit_limit)})
              {overLimit ? (
                <div className={rights.beyond_credit_limit ? 'text-warning-emphasis' : 'text-danger'}>
                  {rights.beyond_credit_limit
                    ? 'Au-delà du plafond : vous êtes autorisé à dépasser le plafond de crédit.'
                    : 'Au-delà du plafond de crédit : la facture sera refusée.'}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : (
        <>
          {data.payments.map((p, i) => (
            <SalePaymentRow
              key={i}
              index={i}
              payment={p}
              accounts={accounts}
              errorOf={errorOf}
              onChange={(patch) => setPayment(i, patch)}
              onRemove={
                data.payments.length > 1
                  ? () =>
                      form.setData(
                        'payments',
                        data.payments.filter((_, k) => k !== i),
                      )
                  : undefined
              }
              onExact={() => {
                const others = data.payments.reduce(
                  (s, q, k) => (k === i ? s : s + (parseMoneyInput(q.amount, currency) ?? 0)),
                  0,
                );
                setPayment(i, { amount: minorToInput(Math.max(0, total - others), currency) });
              }}
            />
          ))}
          <FieldError id="sale-payments-error" error={errorOf('payments')} />
          <div className="d-flex flex-wrap align-items-center gap-3">
            {data.payments.length < 2 ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => form.setData('payments', [...data.payments, newPayment('mobile_money')])}
                data-testid="sale-split"
              >
                <Icon name="fa-solid fa-code-branch" className="me-2" />
                Partager le paiement
              </button>
            ) : null}
            <div className="ms-auto text-end" aria-live="polite" data-testid="sale-change">
              {allocation?.ok ? (
                <span>
                  Monnaie à rendre : <strong className="fs-5">{money(allocation.ok.change)}</strong>
                </span>
              ) : allocation?.error ? (
                <span className="text-danger">{allocation.error}</span>
              ) : null}
            </div>
          </div>
        </>
      )}
    </fieldset>
  );
}
