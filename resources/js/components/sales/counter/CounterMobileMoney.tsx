import type { MobileMoneyOperator } from '@shared/treasury';
import { MoneyInput } from '@/components/data/MoneyInput';
import { MM_ID } from './counter-form';
import type { CounterState } from './useCounter';

/** Mobile money (F4): amount and operator, then the payer’s phone and the transaction id once an amount is typed. */
export function CounterMobileMoney({ state }: { state: CounterState }) {
  const { props, form, errors, mobile, setField } = state;
  const mmError = (field: string) => errors[`payments.1.${field}`];
  return (
    <fieldset className="app-counter-mm">
      <legend className="small fw-semibold mb-1">
        Mobile money <kbd>F4</kbd>
      </legend>
      {props.operators.length === 0 ? (
        <div className="small text-body-secondary" data-testid="counter-no-wallet">
          {props.places_restricted
            ? 'Aucun compte mobile money actif ne vous est attribué : demandez-le à l’administrateur (Paramètres › Utilisateurs) pour encaisser ce mode.'
            : 'Aucun compte mobile money actif : créez-le sous Paramètres › Société pour encaisser ce mode.'}
        </div>
      ) : (
        <div className="app-counter-mm-grid">
          <div>
            <label htmlFor={MM_ID} className="form-label small mb-0">
              Montant
            </label>
            <MoneyInput
              id={MM_ID}
              name="payments.1.amount"
              size="sm"
              value={form.data.mm_amount}
              onChange={(v) => setField('mm_amount', v)}
              invalid={Boolean(mmError('amount'))}
              ariaLabel="Montant mobile money"
            />
          </div>
          <div>
            <label htmlFor="counter-mm-operator" className="form-label small mb-0">
              Opérateur
            </label>
            <select
              id="counter-mm-operator"
              name="payments.1.operator"
              className={`form-select form-select-sm ${mmError('operator') ? 'is-invalid' : ''}`}
              value={form.data.mm_operator}
              onChange={(e) => setField('mm_operator', e.target.value as MobileMoneyOperator)}
            >
              {props.operators.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {mobile > 0 ? (
            <>
              <div>
                <label htmlFor="counter-mm-phone" className="form-label small mb-0">
                  Téléphone
                </label>
                <input
                  id="counter-mm-phone"
                  name="payments.1.phone"
                  className={`form-control form-control-sm ${mmError('phone') ? 'is-invalid' : ''}`}
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={30}
                  value={form.data.mm_phone}
                  onChange={(e) => setField('mm_phone', e.target.value)}
                />
              </div>
              <div>
                <label htmlFor="counter-mm-reference" className="form-label small mb-0">
                  ID de transaction
                </label>
                <input
                  id="counter-mm-reference"
                  name="payments.1.reference"
                  className={`form-control form-control-sm ${mmError('reference') ? 'is-invalid' : ''}`}
                  autoComplete="off"
                  maxLength={80}
                  value={form.data.mm_reference}
                  onChange={(e) => setField('mm_reference', e.target.value)}
                  aria-invalid={mmError('reference') ? true : undefined}
                />
              </div>
            </>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
