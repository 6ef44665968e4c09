/**
 * Product flavour of the Combobox, for every document line (GET /pickers/products?q=&location_id=):
 * code, name or barcode. A barcode scanner types the code and Enter: the product is picked at
 * once (the server flags the exact match). By default the input empties after a pick so the next
 * scan can follow.
 *
 *   <ProductPicker locationId={form.data.location_id} onPick={lines.pick} />
 *
 * `p.stock` is the quantity at `locationId` (null without one); `purchase_price`/`cmup` are null
 * for users who may not see costs.
 */
import type { ProductPickerItem } from '@shared/pickers';
import { formatMoney } from '@shared/money';
import { useCompany } from '@/hooks/useCompany';
import { route } from '@shared/routes';
import { formatQty } from '@/components/data/format';
import { Combobox, PickerOption, type PickerProps, codeAndName } from './Combobox';

export function ProductPicker({
  currency: currencyProp,
  locationId,
  keepSelection = false,
  ...props
}: PickerProps<ProductPickerItem> & { locationId?: number | string | null }) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  return (
    <Combobox<ProductPickerItem>
      label="Produit"
      placeholder="Code, nom ou code-barres (scanner)…"
      testId="product-picker"
      {...props}
      icon="fa-solid fa-barcode"
      emptyText="Aucun produit actif ne correspond."
      fetchUrl={(q) => route('pickers.products', { q, location_id: locationId })}
      itemKey={(p) => p.id}
      pickedText={keepSelection ? codeAndName : undefined}
      renderItem={(p) => (
        <PickerOption
          title={p.name}
          meta={
            <>
              {p.code}
              {p.barcode ? ` · ${p.barcode}` : ''} · {p.category} · {p.unit}
            </>
          }
          aside={
            <>
              <div>{formatMoney(p.retail_price, currency)}</div>
              {p.stock !== null ? (
                <div className={`app-combobox-meta ${p.stock <= 0 ? 'text-danger' : ''}`}>
                  Stock : {formatQty(p.stock)}
                </div>
              ) : null}
            </>
          }
        />
      )}
    />
  );
}
