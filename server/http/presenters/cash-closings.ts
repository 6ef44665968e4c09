import {
  type CountedDenomination,
  countsByDenomination,
  denominationLabel,
  denominationsOf,
} from '../../../shared/cash-closings.js';
import type { CountLine } from '../../../shared/pages/cash-closings.js';

/** The notes and coins the closing form asks for, largest first, with their French labels. */
export function presentDenominations(currency: string): Array<Omit<CountLine, 'count' | 'total'>> {
  const single = !countsByDenomination(currency);
  return denominationsOf(currency).map((d) => ({
    key: d.key,
    kind: d.kind,
    value: d.value,
    label: single ? 'Montant total compté' : denominationLabel(d, currency),
  }));
}

/** A closing's count as lines (each note or coin counted, with its subtotal), in the currency's order. */
export function presentCountLines(counts: CountedDenomination[], currency: string): CountLine[] {
  const byKey = new Map(counts.map((c) => [c.key, c.count]));
  return presentDenominations(currency)
    .filter((d) => (byKey.get(d.key) ?? 0) > 0)
    .map((d) => {
      const count = byKey.get(d.key)!;
      return { ...d, count, total: d.value * count };
    });
}
