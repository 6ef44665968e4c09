/**
 * The state of a count page as its query string carries it (tab, line filters, the validation
 * preview's policy and "uncounted as zero"), and the reading of a typed count. Pure, unit-tested.
 */
import type { CountLineFilter } from '@shared/pages/stock';
import type { MovedPolicy } from '@shared/stock';
import type { ListState } from '@/components/data/list-query';
import { parseFrenchNumber } from '@/components/NumberInput';

/** What survives a reset of the line filters. */
export const COUNT_KEEP = ['tab', 'policy', 'zero'] as const;

export function countState(props: {
  tab: string;
  filters: { q: string; category_id: string; show: CountLineFilter };
  preview_policy: MovedPolicy;
  uncounted_as_zero: boolean;
}): ListState {
  return {
    tab: props.tab,
    q: props.filters.q,
    category_id: props.filters.category_id,
    // Server defaults are left out of the address.
    show: props.filters.show === 'all' ? '' : props.filters.show,
    policy: props.preview_policy === 'snapshot' ? '' : props.preview_policy,
    zero: props.uncounted_as_zero,
  };
}

/** A typed count: '' → null (not counted), '12' → 12, anything else → undefined (invalid). */
export function parseCount(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') return null;
  const n = parseFrenchNumber(text, 0);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= 1_000_000_000 && /^[\d\s\u00a0\u202f]+$/u.test(text.trim())
    ? n
    : undefined;
}
