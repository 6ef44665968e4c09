import { levelPrice } from '@shared/sales';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Money } from '@/components/data/Money';
import { formatQuantity } from '@/components/data/format';
import { LineQuantity, LineRemove } from '@/components/documents/DocumentLines';
import type { CounterLine } from './counter-form';
import { CounterLineEditor } from './CounterLineEditor';
import type { CounterState } from './useCounter';

/** A line of the sale: product and stock, quantity (stepper), unit price (F3 opens its price and discount), net. */
export function CounterLineRow({
  state,
  line: l,
  index: i,
}: {
  state: CounterState;
  line: CounterLine;
  index: number;
}) {
  const { lines, figures, editing, active, client, can, money } = state;
  const row = lines.rowProps(i);
  const fig = figures[i];
  const open = editing === i;
  const belowMinHint = can.below_min_price
    ? `Sous le prix minimum (${money(l.min_price)}) : vous y êtes autorisé.`
    : `Sous le prix minimum de ${money(l.min_price)} l’unité : la vente sera refusée.`;
  return (
    <>
      <tr
        {...row}
        className={`${row.className} ${i === active ? 'is-current' : ''}`}
        data-testid={`counter-line-${i}`}
        onFocus={() => state.setCurrent(i)}
      >
        <td className="app-stack-main">
          <div className="fw-semibold">{l.name}</div>
          <div className="small text-body-secondary">
            <span className="code">{l.code}</span>
            {l.stock !== null ? ` · en stock : ${formatQuantity(l.stock, l.unit_name)}` : ''}
          </div>
          <FieldError id={`line-${i}-product-error`} error={lines.error(i, 'product_id')} />
        </td>
        <LineQuantity
          id={`counter-line-${i}-quantity`}
          name={`lines.${i}.quantity`}
          ariaLabel={`Quantité de ${l.name}`}
          value={l.quantity}
          onChange={(v) => state.setQuantity(i, v)}
          error={lines.error(i, 'quantity')}
          stepper
        />
        <td className="num app-counter-price" data-label="Prix unitaire">
          <button
            type="button"
            className={`btn btn-link p-0 app-counter-price-button ${fig.edited || fig.discount ? 'is-changed' : ''}`}
            onClick={() => state.editLine(i)}
            aria-expanded={open}
            aria-controls={`counter-line-${i}-edit`}
            title="Changer le prix ou faire une remise (F3)"
            data-testid={`counter-line-${i}-edit`}
          >
            <Money value={fig.unitPrice} />
            <Icon name="fa-solid fa-pen" className="ms-1 small" />
          </button>
          {fig.edited ? (
            <div className="small text-body-secondary">
              au lieu de <s>{money(levelPrice(l, client.price_level))}</s>
            </div>
          ) : null}
          {fig.discount ? (
            <div className="small text-success-emphasis" data-testid={`counter-line-${i}-discount`}>
              remise −{l.discount_kind === 'percent' ? `${l.discount}\u00a0%` : money(fig.discount)}
            </div>
          ) : null}
          {fig.belowMin ? (
            <div className={`small ${can.below_min_price ? 'text-warning-emphasis' : 'text-danger'}`}>
              {belowMinHint}
            </div>
          ) : null}
          <FieldError
            id={`line-${i}-price-error`}
            error={
              lines.error(i, 'unit_price') ??
              lines.error(i, 'discount') ??
              (open ? undefined : (fig.priceError ?? fig.discountError ?? undefined))
            }
          />
        </td>
        <td className="num fw-semibold" data-label="Montant">
          <Money value={fig.net} />
        </td>
        <LineRemove name={l.name} onRemove={() => state.removeLine(i)} />
      </tr>
      {open ? <CounterLineEditor state={state} line={l} index={i} /> : null}
    </>
  );
}
