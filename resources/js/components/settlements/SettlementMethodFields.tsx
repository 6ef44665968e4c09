import {
  MOBILE_MONEY_OPERATORS,
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/treasury';
import { SelectField, TextField } from '@/components/Field';
import { DateField } from '@/components/data/DateField';
import { type SettlementState, firstAccount } from './useSettlementForm';

/**
 * A payment's method and what it needs: the account it lands in, the operator, payer's phone and
 * transaction id for mobile money, the reference of a cheque or a transfer, the cheque's date.
 */
export function SettlementMethodFields({ state }: { state: SettlementState }) {
  const { data, set, errorOf, accounts, fitting } = state;
  return (
    <>
      <div className="col-sm-6 col-lg-3">
        <SelectField
          id="settlement-method"
          name="method"
          label="Mode de paiement"
          value={data.method}
          onChange={(v) => {
            const method = v as PaymentMethod;
            set(
              {
                method,
                operator: '',
                reference: '',
                cheque_date: '',
                account_id: firstAccount(accounts, method, '') ?? '',
              },
              'method',
              'account_id',
              'reference',
              'operator',
              'cheque_date',
            );
          }}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          error={errorOf('method')}
          required
          className="mb-0"
        />
      </div>
      {data.method === 'mobile_money' ? (
        <div className="col-sm-6 col-lg-3">
          <SelectField
            id="settlement-operator"
            name="operator"
            label="Opérateur"
            value={data.operator}
            onChange={(v) =>
              set(
                {
                  operator: v as MobileMoneyOperator,
                  account_id: firstAccount(accounts, 'mobile_money', v) ?? '',
                },
                'operator',
                'account_id',
              )
            }
            options={MOBILE_MONEY_OPERATORS.map((o) => ({
              value: o,
              label: MOBILE_MONEY_OPERATOR_LABELS[o],
            }))}
            placeholder="Choisir…"
            error={errorOf('operator')}
            required
            className="mb-0"
          />
        </div>
      ) : null}
      <div className="col-sm-6 col-lg-3">
        <SelectField
          id="settlement-account"
          name="account_id"
          label={data.method === 'especes' ? 'Caisse' : 'Compte'}
          value={data.account_id}
          onChange={(v) => set({ account_id: v }, 'account_id')}
          options={fitting.map((a) => ({ value: String(a.id), label: a.name }))}
          placeholder={fitting.length ? 'Choisir…' : 'Aucun compte disponible'}
          error={errorOf('account_id')}
          required
          className="mb-0"
        />
      </div>
      {data.method === 'mobile_money' ? (
        <>
          <div className="col-sm-6 col-lg-3">
            <TextField
              id="settlement-phone"
              name="phone"
              label="Téléphone du payeur"
              type="tel"
              value={data.phone}
              onChange={(phone) => set({ phone }, 'phone')}
              error={errorOf('phone')}
              maxLength={30}
              className="mb-0"
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <TextField
              id="settlement-reference"
              name="reference"
              label="ID de transaction"
              value={data.reference}
              onChange={(reference) => set({ reference }, 'reference')}
              error={errorOf('reference')}
              maxLength={80}
              required
              hint="Sur le SMS de confirmation : un identifiant ne sert qu’une fois."
              className="mb-0"
            />
          </div>
        </>
      ) : data.method === 'especes' ? null : (
        <div className="col-sm-6 col-lg-3">
          <TextField
            id="settlement-reference"
            name="reference"
            label={
              data.method === 'cheque'
                ? 'N° du chèque'
                : data.method === 'virement'
                  ? 'Référence du virement'
                  : 'Référence (facultative)'
            }
            value={data.reference}
            onChange={(reference) => set({ reference }, 'reference')}
            error={errorOf('reference')}
            maxLength={80}
            required={data.method !== 'carte'}
            className="mb-0"
          />
        </div>
      )}
      {data.method === 'cheque' ? (
        <div className="col-sm-6 col-lg-3">
          <DateField
            id="settlement-cheque-date"
            name="cheque_date"
            label="Date du chèque"
            value={data.cheque_date}
            onChange={(cheque_date) => set({ cheque_date }, 'cheque_date')}
            error={errorOf('cheque_date')}
            required
            className="mb-0"
          />
        </div>
      ) : null}
    </>
  );
}
