import { minorToInput } from '@shared/money';
import type { SettlementClient } from '@shared/pages/settlements';
import { Icon } from '@/components/Icon';
import { DateField } from '@/components/data/DateField';
import { MoneyField } from '@/components/data/MoneyField';
import { SectionCard } from '@/components/data/SectionCard';
import { SettlementMethodFields } from './SettlementMethodFields';
import type { SettlementState } from './useSettlementForm';

/** Where the money comes from (the client pays, or their advance), how much, the date, and how it is paid. */
export function SettlementPaymentCard({ state, client }: { state: SettlementState; client: SettlementClient }) {
  const { form, data, set, errorOf, amount, isPayment, due, money, currency, today } = state;
  return (
    <SectionCard title="Paiement" icon="fa-solid fa-hand-holding-dollar" className="mt-3" testId="settlement-payment">
      <div className="card-body">
        <div className="btn-group mb-3 flex-wrap" role="radiogroup" aria-label="Origine du règlement">
          {(['payment', 'advance'] as const).map((source) => {
            const disabled = source === 'advance' && client.advance <= 0;
            return (
              <label
                key={source}
                className={`btn ${data.source === source ? 'btn-primary' : 'btn-outline-primary'} ${disabled ? 'disabled' : ''}`}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name="source"
                  value={source}
                  checked={data.source === source}
                  disabled={disabled}
                  onChange={() =>
                    set(
                      {
                        source,
                        amount:
                          source === 'advance' ? minorToInput(Math.min(client.advance, due), currency) : data.amount,
                      },
                      'source',
                      'amount',
                      'allocations',
                    )
                  }
                  data-testid={`settlement-source-${source}`}
                />
                <Icon
                  name={source === 'payment' ? 'fa-solid fa-money-bill-wave' : 'fa-solid fa-piggy-bank'}
                  className="me-2"
                />
                {source === 'payment' ? 'Le client paie' : `Utiliser son acompte (${money(client.advance)})`}
              </label>
            );
          })}
        </div>
        <div className="row g-3">
          <div className="col-sm-6 col-lg-3">
            <MoneyField
              id="settlement-amount"
              name="amount"
              label={isPayment ? 'Montant reçu' : 'Pris sur l’acompte'}

              value={data.amount}
              onChange={(v) => set({ amount: v }, 'amount', 'allocations')}
              error={
                errorOf('amount') ?? (data.amount.trim() !== '' && amount === null ? 'Montant illisible.' : undefined)
              }
              required
            />
            {due > 0 ? (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                onClick={() =>
                  set({ amount: minorToInput(isPayment ? due : Math.min(due, client.advance), currency) }, 'amount')
                }
                data-testid="settlement-amount-all"
              >
                Tout le reste dû ({money(isPayment ? due : Math.min(due, client.advance))})
              </button>
            ) : null}
          </div>
          <div className="col-sm-6 col-lg-3">
            <DateField
              {...form.fieldProps('settlement_date')}
              label="Date du règlement"
              max={today}
              required
              className="mb-0"
            />
          </div>
          {isPayment ? (
            <SettlementMethodFields state={state} />
          ) : (
            <p className="col-lg-6 small text-body-secondary align-self-center mb-0">
              L’acompte a déjà été encaissé : aucun argent ne bouge, il solde les factures choisies.
            </p>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
