import { FieldError } from '@/components/Field';
import { MoneyField } from '@/components/data/MoneyField';
import { vatRows } from '@/components/print/PrintVatRows';
import { formatAmount } from '@shared/money';
import type { SaleState } from './useSaleForm';

/** The live form's names of the HT and VAT figures (tests read them). */
const LIVE_TEST_IDS: Record<string, string> = { 'vat-total-ht': 'sale-total-ht', 'vat-total': 'sale-vat' };

/** The document discount and the live totals: lines, discount, HT and VAT when VAT is on, the total to pay. */
export function SaleTotals({ state }: { state: SaleState }) {
  const { form, data, errorOf, docDiscount, totals, total, money, vat, currency } = state;
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
        {vat.enabled
          ? vatRows(
              {
                totalHT: totals.value?.totalHT ?? 0,
                vat: totals.value?.vat ?? 0,
                rates: totals.value?.rates ?? [],
                fallbackRate: vat.rate_bp,
              },
              (n) => formatAmount(n, currency),
            ).map((r) => (
              <div key={r.key}>
                <dt>{r.label}</dt>
                <dd data-testid={LIVE_TEST_IDS[r.testId] ?? `sale-${r.testId}`}>{money(r.amount)}</dd>
              </div>
            ))
          : null}
        <div className="app-sale-ttc">
          <dt>Total {vat.enabled ? 'TTC' : 'à payer'}</dt>
          <dd data-testid="sale-total">{money(total)}</dd>
        </div>
      </dl>
      <FieldError id="sale-totals-error" error={totals.error ?? undefined} />
    </div>
  );
}
