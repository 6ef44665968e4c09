import { currencyInfo, minorToInput } from '@shared/money';
import { levelPrice } from '@shared/sales';
import { FieldError } from '@/components/Field';
import { MoneyInput } from '@/components/data/MoneyInput';
import type { CounterLine } from './counter-form';
import { DiscountInput } from './DiscountInput';
import type { CounterState } from './useCounter';

/** Under a line (F3): its unit price (the client's level as placeholder, the minimum as a hint) and its discount. */
export function CounterLineEditor({
  state,
  line: l,
  index: i,
}: {
  state: CounterState;
  line: CounterLine;
  index: number;
}) {
  const { lines, figures, client, currency, money } = state;
  const fig = figures[i];
  const level = levelPrice(l, client.price_level);
  return (
    <tr className="app-counter-edit" id={`counter-line-${i}-edit`} data-testid={`counter-line-${i}-editor`}>
      <td colSpan={5} className="app-stack-main">
        <div className="app-counter-edit-fields">
          <div>
            <label htmlFor={`counter-line-${i}-price`} className="form-label small mb-0">
              Prix unitaire ({currencyInfo(currency).label})
            </label>
            <MoneyInput
              id={`counter-line-${i}-price`}
              name={`lines.${i}.unit_price`}
              size="sm"
              className="text-end"
              value={l.price}
              placeholder={minorToInput(level, currency)}
              onChange={(price) => lines.update(i, { price })}
              invalid={Boolean(fig.priceError)}
              describedBy={`counter-line-${i}-price-hint`}
            />
            <div id={`counter-line-${i}-price-hint`} className="form-text mt-0">
              {client.price_level === 'gros' ? 'Gros' : 'Détail'} : {money(level)}
              {l.min_price > 0 ? ` · min. ${money(l.min_price)}` : ''}
            </div>
            <FieldError id={`counter-line-${i}-price-error`} error={fig.priceError ?? undefined} />
          </div>
          <DiscountInput
            id={`counter-line-${i}-discount`}
            name={`lines.${i}.discount`}
            label="Remise sur la ligne"
            value={l.discount}
            kind={l.discount_kind}
            onChange={(discount, discount_kind) => lines.update(i, { discount, discount_kind })}
            error={fig.discountError ?? undefined}
            size="sm"
          />
          <div className="d-flex gap-2 align-items-end">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => lines.update(i, { price: '', discount: '', discount_kind: 'amount' })}
              disabled={!fig.edited && !l.discount}
            >
              Prix normal
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={state.closeEditor}>
              OK
            </button>
          </div>
        </div>
      </td>
    </tr>
  );
}
