import { FieldError } from '@/components/Field';
import { MoneyField } from '@/components/data/MoneyField';
import type { SaleState } from './useSaleForm';

/** The document discount and the live totals: lines, discount, HT and VAT when VAT is on, the total to pay. */
export function SaleTotals({ state }: { state: SaleState }) {
  const { form, data, errorOf, docDiscount, totals, total, money, vat } = state;
  return (
    <div className="app-sale-summary" data-testid="sale-totals">
      <div className="app-sale-discount">
        <MoneyField
          id="sale-discount"
          name="discount"
          label="Remise globale"
          value={data.discount}
          onChange={(v) => form.setData('discount', v)}
          error={errorOf('discount') ?? (docDiscount === null ? 'Montant illisible.' : undefined)}
        />
      </div>
      <dl className="app-sale-figures">
        <div>
          <dt>Total des lignes</dt>
          <dd>{money(totals.value?.linesTotal ?? 0)}</dd>
        </div>
        {totals.value && totals.value.discount > 0 ? (
          <div>
            <dt>Remise globale</dt>
            <dd>{money(-totals.value.discount)}</dd>
          </div>
        ) : null}
        {vat.enabled ? (
          <>
            <div>
              <dt>Total HT</dt>
              <dd data-testid="sale-total-ht">{money(totals.value?.totalHT ?? 0)}</dd>
            </div>
            <div>
              <dt>TVA ({(vat.rate_bp / 100).toLocaleString('fr-FR')} %)</dt>
              <dd data-testid="sale-vat">{money(totals.value?.vat ?? 0)}</dd>
            </div>
          </>
        ) : null}
        <div className="app-sale-ttc">
          <dt>Total {vat.enabled ? 'TTC' : 'à payer'}</dt>
          <dd data-testid="sale-total">{money(total)}</dd>
        </div>
      </dl>
      <FieldError id="sale-totals-error" error={totals.error ?? undefined} />
    </div>
  );
}
