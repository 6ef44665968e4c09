import type { SharedProps } from '../../../../shared/pages';
import type { StockPages } from '../../../../shared/stock-pages';

/** Props of a stock page component: its registered props (shared/stock-pages.ts) plus the shared ones. */
export type StockPageProps<N extends keyof StockPages> = StockPages[N] & SharedProps;
