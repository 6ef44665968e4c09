import { LIMITS } from '@shared/limits';
import { parseMoneyInput } from '@shared/money';
import { priceBasisLabel } from '@shared/vat';
import { FieldError } from '@/components/Field';
import { formatQuantity } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { baseQuantity, maxEnteredQuantity } from '@/components/documents/document-lines';
import { LineProduct, LineQuantity, LineRemove, REMOVE_HEADER } from '@/components/documents/DocumentLines';
import { LineUnit } from '@/components/documents/LineUnit';
import { type SaleLine, clientPrice } from './sale-form';
import type { SaleState } from './useSaleForm';

/** The header row of the invoice's lines (the price basis when VAT is on). */
export function SaleLinesHead({ state }: { state: SaleState }) {
  const { vat, currencyLabel } = state;
  return (
    <tr>
      <th scope="col">Produit</th>
      <th scope="col">Vendu par</th>
      <th scope="col" className="num">
        Quantité
      </th>
      <th scope="col" className="num">
        Prix unitaire{vat.enabled ? ` ${priceBasisLabel(vat.prices_include_vat, true)}` : ''} ({currencyLabel})
      </th>
      <th scope="col" className="num">
        Remise ({currencyLabel})
      </th>
      <th scope="col" className="num">
        Montant
      </th>
      {REMOVE_HEADER}
    </tr>
  );
}

/**
 * One line of the invoice: product and stock, unit or pack, quantity, the unit price (the client's
 * level until typed, the minimum as a hint), the line discount and the amount.
 */
export function SaleLineRow({ state, line: l, index: i }: { state: SaleState; line: SaleLine; index: number }) {
  const { lines, price, lineDiscount, money, client, location, rights, currency, currencyLabel } = state;
  const typed = price(l);
  const discount = lineDiscount(l);
  const base = baseQuantity(l.quantity, l.unit, l.pack_size);
  const net = base * (typed ?? 0) - (discount ?? 0);
  const belowMin = l.min_price > 0 && base > 0 && typed !== null && net < l.min_price * base;
  const priceError =
    lines.error(i, 'unit_price') ??
    (typed === null && l.unit_price !== ''
      ? 'Prix illisible.'
      : typed !== null && typed > LIMITS.unitPrice
        ? `Le prix unitaire ne peut dépasser ${money(LIMITS.unitPrice)}.`
        : undefined);
  const discountError =
    lines.error(i, 'discount') ??
    (discount === null
      ? 'Montant illisible.'
      : discount > base * (typed ?? 0)
        ? 'La remise dépasse le montant de la ligne.'
        : undefined);
  const list = clientPrice(l, client);
  return (
    <tr {...lines.rowProps(i)} data-testid={`sale-line-${i}`}>
      <LineProduct
        index={i}
        name={l.name}
        code={l.code}
        detail={
          l.stock !== null
            ? ` · en stock${location ? ` à ${location.label}` : ''} : ${formatQuantity(l.stock, l.unit_name)}`
            : ''
        }
        error={lines.error(i, 'product_id')}
      />
      <LineUnit
        label="Vendu par"
        ariaLabel={`Unité de vente de ${l.name}`}
        unitName={l.unit_name}
        packSize={l.pack_size}
        unit={l.unit}
        quantity={l.quantity}
        onChange={(unit) => lines.update(i, { unit })}
      />
      <LineQuantity
        id={`line-${i}-quantity`}
        name={`lines.${i}.quantity`}
        ariaLabel={`Quantité de ${l.name}`}
        value={l.quantity}
        onChange={(v) => lines.update(i, { quantity: v })}
        error={lines.error(i, 'quantity')}
        max={maxEnteredQuantity(l.unit, l.pack_size)}
        stepper
      />
      <td className="app-line-cost" data-label={`Prix unitaire (${currencyLabel})`}>
        <MoneyInput
          id={`line-${i}-price`}
          name={`lines.${i}.unit_price`}
          size="sm"
          className="text-end"
          ariaLabel={`Prix unitaire de ${l.name}`}
          invalid={Boolean(priceError)}
          describedBy={`line-${i}-price-hint`}
          value={l.unit_price}
          onChange={(unit_price) =>
            lines.update(i, { unit_price, price_edited: parseMoneyInput(unit_price, currency) !== list })
          }
        />
        <div
          id={`line-${i}-price-hint`}
          className={`small ${belowMin ? (rights.below_min_price ? 'text-warning-emphasis' : 'text-danger') : 'text-body-secondary'}`}
        >
          {l.price_edited
            ? `Tarif ${client?.price_level === 'gros' ? 'gros' : 'détail'} : ${money(list)}`
            : `Tarif ${client?.price_level === 'gros' ? 'gros' : 'détail'}`}
          {l.min_price > 0 ? ` · min. ${money(l.min_price)}` : ''}
        </div>
        <FieldError id={`line-${i}-price-error`} error={priceError} />
      </td>
      <td className="app-line-cost" data-label={`Remise (${currencyLabel})`}>
        <MoneyInput
          id={`line-${i}-discount`}
          name={`lines.${i}.discount`}
          size="sm"
          className="text-end"
          ariaLabel={`Remise sur ${l.name}`}
          invalid={Boolean(discountError)}
          value={l.discount}
          onChange={(d) => lines.update(i, { discount: d })}
        />
        <FieldError id={`line-${i}-discount-error`} error={discountError} />
      </td>
      <td className="num" data-label="Montant">
        <Money value={Math.max(0, net)} />
      </td>
      <LineRemove name={l.name} onRemove={() => lines.remove(i)} />
    </tr>
  );
}
