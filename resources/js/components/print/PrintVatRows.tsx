import { formatBasisPoints } from '@shared/percent';
import type { VatRateTotals } from '@shared/vat';

export interface VatRow {
  key: string;
  label: string;
  amount: number;
  testId: string;
}

/**
 * The VAT lines of a document's totals, the same on every printout, the sale's page and the live
 * invoice form: « Total HT », then « TVA 18 % » for a document of one rate, or — when its lines
 * mix rates (an exempt product beside a taxed one) — one line per rate with its base HT and the
 * « Total TVA », the breakdown the certified invoice shows too. `rates` are the document's groups
 * (documentTotals' `rates`, or vatBreakdown of its stored lines); `fallbackRate` names the rate of
 * a document without a line. `base` writes a base amount inside a label (bare, the currency named
 * by the amounts beside it).
 */
export function vatRows(
  figures: { totalHT: number; vat: number; rates: readonly VatRateTotals[]; fallbackRate: number },
  base: (amount: number) => string,
): VatRow[] {
  const head: VatRow = { key: 'ht', label: 'Total HT', amount: figures.totalHT, testId: 'vat-total-ht' };
  if (figures.rates.length <= 1)
    return [
      head,
      {
        key: 'vat',
        label: `TVA ${formatBasisPoints(figures.rates[0]?.rate ?? figures.fallbackRate)}`,
        amount: figures.vat,
        testId: 'vat-total',
      },
    ];
  return [
    head,
    ...figures.rates.map((r): VatRow => ({
      key: `rate-${r.rate}`,
      label: `TVA ${formatBasisPoints(r.rate)} sur ${base(r.ht)} HT`,
      amount: r.vat,
      testId: `vat-rate-${r.rate}`,
    })),
    { key: 'vat', label: 'Total TVA', amount: figures.vat, testId: 'vat-total' },
  ];
}

/** The VAT lines as rows of a printout's totals table (`app-print-totals`). */
export function PrintVatRows({
  figures,
  money,
  base,
}: {
  figures: Parameters<typeof vatRows>[0];
  money: (amount: number) => string;
  base: (amount: number) => string;
}) {
  return (
    <>
      {vatRows(figures, base).map((r) => (
        <tr key={r.key} data-testid={r.testId}>
          <th>{r.label}</th>
          <td className="num">{money(r.amount)}</td>
        </tr>
      ))}
    </>
  );
}
