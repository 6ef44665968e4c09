/**
 * Props of the stock pages, registered in shared/pages.ts. Amounts are integers in the company
 * currency's minor unit (the `company` shared prop formats them); quantities are integers in the
 * product's base unit; dates are YYYY-MM-DD, timestamps ISO strings.
 * Each document type's props live in shared/pages/stock/<type>.ts; this file registers the pages
 * and re-exports those types (the client imports them from '@shared/pages/stock').
 */
import type {
  EntriesCreateProps,
  EntriesIndexProps,
  EntriesPrintProps,
  EntriesShowProps,
  EntriesStatementProps,
  OpeningStockImportProps,
} from './stock/entries.js';
import type {
  AdjustmentPrintProps,
  CountSheetPrintProps,
  InventoryCreateProps,
  InventoryIndexProps,
  InventoryShowProps,
  ReadjustmentCreateProps,
} from './stock/inventory.js';
import type { ProductStockPageProps } from './stock/product-stock.js';
import type {
  TransferCancellationProps,
  TransfersCreateProps,
  TransfersIndexProps,
  TransfersPrintProps,
  TransfersShowProps,
} from './stock/transfers.js';

export type { PrintCompany, PrintMeta } from '../print.js';
export type * from './stock/entries.js';
export type * from './stock/transfers.js';
export type * from './stock/inventory.js';
export type * from './stock/product-stock.js';

export interface StockPages {
  'stock/entries/Index': EntriesIndexProps;
  'stock/entries/Create': EntriesCreateProps;
  'stock/entries/OpeningImport': OpeningStockImportProps;
  'stock/entries/Show': EntriesShowProps;
  'stock/entries/Print': EntriesPrintProps;
  'stock/entries/Statement': EntriesStatementProps;
  'stock/transfers/Index': TransfersIndexProps;
  'stock/transfers/Create': TransfersCreateProps;
  'stock/transfers/Show': TransfersShowProps;
  'stock/transfers/Print': TransfersPrintProps;
  'stock/transfers/Cancellation': TransferCancellationProps;
  'stock/inventory/Index': InventoryIndexProps;
  'stock/inventory/Create': InventoryCreateProps;
  'stock/inventory/Show': InventoryShowProps;
  'stock/inventory/CountSheet': CountSheetPrintProps;
  'stock/inventory/AdjustmentPrint': AdjustmentPrintProps;
  'stock/inventory/Readjust': ReadjustmentCreateProps;
  'products/Stock': ProductStockPageProps;
}

export const STOCK_PAGE_NAMES = [
  'stock/entries/Index',
  'stock/entries/Create',
  'stock/entries/OpeningImport',
  'stock/entries/Show',
  'stock/entries/Print',
  'stock/entries/Statement',
  'stock/transfers/Index',
  'stock/transfers/Create',
  'stock/transfers/Show',
  'stock/transfers/Print',
  'stock/transfers/Cancellation',
  'stock/inventory/Index',
  'stock/inventory/Create',
  'stock/inventory/Show',
  'stock/inventory/CountSheet',
  'stock/inventory/AdjustmentPrint',
  'stock/inventory/Readjust',
  'products/Stock',
] as const satisfies ReadonlyArray<keyof StockPages>;
