import type { PageProps } from '@shared/pages';
import {
  MOBILE_MONEY_OPERATORS,
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/treasury';
import { FieldError, SelectField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { MoneyField } from '@/components/data/MoneyField';
import type { PaymentLine } from './sale-form';

/** One payment of a cash sale: method, amount (cash: what the customer hands over), and what the method needs. */
export function SalePaymentRow({
  index: i,
  payment: p,
  accounts,
  errorOf,
  onChange,
  onRemove,
  onExact,
}: {
  index: number;
  payment: PaymentLine;
  accounts: PageProps<'sales/Create'>['accounts'];
  errorOf: (key: string) => string | undefined;
  onChange: (patch: Partial<PaymentLine>) => void;
  onRemove?: () => void;
  onExact: () => void;
}) {
  const fitting = accounts.filter((a) =>
    p.method === 'mobile_money'
      ? a.kind === 'mobile_money' && (!p.operator || a.operator === p.operator)
      : a.kind === 'banque',
  );
  const key = (f: string) => `payments.${i}.${f}`;
  return (
    <div className="app-sale-payment-row row g-2 align-items-start mb-3" data-testid={`sale-payment-${i}`}>
      <div className="col-sm-6 col-lg-2">
        <SelectField
          id={`payment-${i}-method`}
          name={key('method')}
          label="Mode"
          value={p.method}
          onChange={(v) => onChange({ method: v as PaymentMethod, account_id: '', operator: '', reference: '' })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          error={errorOf(key('method'))}
          className="mb-0"
        />
      </div>
      <div className="col-sm-6 col-lg-3">
        <MoneyField
          id={`payment-${i}-amount`}
          name={key('amount')}
          label={p.method === 'especes' ? 'Montant reçu' : 'Montant'}
          value={p.amount}
          onChange={(amount) => onChange({ amount })}
          error={errorOf(key('amount'))}
        />
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          onClick={onExact}
          data-testid={`sale-payment-${i}-exact`}
        >
          Montant exact
        </button>
      </div>
      {p.method === 'mobile_money' ? (
        <>
          <div className="col-sm-4 col-lg-2">
            <SelectField
              id={`payment-${i}-operator`}
              name={key('operator')}
              label="Opérateur"
              value={p.operator}
              onChange={(v) => onChange({ operator: v as MobileMoneyOperator, account_id: '' })}
              options={MOBILE_MONEY_OPERATORS.map((o) => ({ value: o, label: MOBILE_MONEY_OPERATOR_LABELS[o] }))}
              placeholder="Choisir…"
              error={errorOf(key('operator'))}
              required
              className="mb-0"
            />
          </div>
          <div className="col-sm-4 col-lg-2">
            <TextField
              id={`payment-${i}-phone`}
              name={key('phone')}
              label="Téléphone"
              type="tel"
              value={p.phone}
              onChange={(phone) => onChange({ phone })}
              error={errorOf(key('phone'))}
              maxLength={30}
              className="mb-0"
            />
          </div>
          <div className="col-sm-4 col-lg-3">
            <TextField
              id={`payment-${i}-reference`}
              name={key('reference')}
              label="ID de transaction"
              value={p.reference}
              onChange={(reference) => onChange({ reference })}
              error={errorOf(key('reference'))}
              maxLength={80}
              required
              className="mb-0"
            />
          </div>
        </>
      ) : p.method === 'especes' ? null : (
        <div className="col-sm-6 col-lg-3">
          <TextField
            id={`payment-${i}-reference`}
            name={key('reference')}
            label={p.method === 'cheque' ? 'N° du chèque' : 'Référence'}
            value={p.reference}
            onChange={(reference) => onChange({ reference })}
            error={errorOf(key('reference'))}
            maxLength={80}
            required={p.method === 'cheque'}
            className="mb-0"
          />
        </div>
      )}
      {p.method !== 'especes' ? (
        <div className="col-sm-6 col-lg-2">
          <SelectField
            id={`payment-${i}-account`}
            name={key('account_id')}
            label="Compte"
            value={p.account_id}
            onChange={(account_id) => onChange({ account_id })}
            options={fitting.map((a) => ({ value: String(a.id), label: a.name }))}
            placeholder="Automatique"
            error={errorOf(key('account_id'))}
            className="mb-0"
          />
        </div>
      ) : (
        <FieldError id={`payment-${i}-account-error`} error={errorOf(key('account_id'))} />
      )}
      {onRemove ? (
        <div className="col-auto align-self-end">
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={onRemove}
            aria-label={`Retirer le paiement ${i + 1}`}
          >
            <Icon name="fa-solid fa-trash-can" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
