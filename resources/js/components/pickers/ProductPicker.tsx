/**
 * Product type-ahead for stock, sales and price screens (GET /pickers/products?q=&location_id=).
 * Searches code, name and barcode; a barcode scanner types the code then Enter → the product is
 * picked at once (the server flags the exact match). The input empties after a pick so the next
 * scan can follow.
 *
 *   <ProductPicker currency={currency} locationId={form.data.location_id} onPick={(p) => addLine(p)} />
 *
 * `p.stock` is the quantity at `locationId` (null without one); `purchase_price`/`cmup` are null
 * for users who may not see costs.
 */
import type { ProductPickerItem } from '@shared/records';
import { formatMoney } from '@shared/money';
import { Combobox } from './Combobox';

export function ProductPicker({
  onPick,
  currency,
  locationId,
  label = 'Produit',
  hideLabel,
  placeholder = 'Code, nom ou code-barres (scanner)…',
  autoFocus,
  disabled,
  error,
  id,
  keepSelection = false,
  testId = 'product-picker',
}: {
  onPick: (product: ProductPickerItem) => void;
  currency: string;
  locationId?: number | string | null;
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  /** Show the picked product's name in the input instead of emptying it. */
  keepSelection?: boolean;
  testId?: string;
}) {
  return (
    <Combobox<ProductPickerItem>
      id={id}
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      icon="fa-solid fa-barcode"
      autoFocus={autoFocus}
      disabled={disabled}
      error={error}
      testId={testId}
      emptyText="Aucun produit actif ne correspond."
      fetchUrl={(q) => {
        const params = new URLSearchParams({ q });
        if (locationId) params.set('location_id', String(locationId));
        return `/pickers/products?${params.toString()}`;
      }}
      onPick={onPick}
      itemKey={(p) => p.id}
      pickedText={keepSelection ? (p) => `${p.code} — ${p.name}` : undefined}
      renderItem={(p) => (
        <div className="d-flex justify-content-between gap-3">
          <div className="min-w-0">
            <div className="fw-semibold text-truncate">{p.name}</div>
            <div className="small app-combobox-meta">
              {p.code}
              {p.barcode ? ` · ${p.barcode}` : ''} · {p.category} · {p.unit}
            </div>
          </div>
          <div className="text-end text-nowrap small">
            <div>{formatMoney(p.retail_price, currency)}</div>
            {p.stock !== null ? <div className={`app-combobox-meta ${p.stock <= 0 ? 'text-danger' : ''}`}>Stock : {p.stock.toLocaleString('fr-FR')}</div> : null}
          </div>
        </div>
      )}
    />
  );
}
