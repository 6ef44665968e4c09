import { toBool } from '../../db/dialect.js';
import { presentClient } from './clients.js';
import { presentProduct, presentStock } from './products.js';

/**
 * The REST API's resources: the screens' presenters (costs masked by the same rule, blind counts
 * hidden the same way), less what only a screen needs.
 */
export function apiProduct(row: any, showCosts: boolean) {
  const { stock_location: _location, ...product } = presentProduct(row, showCosts);
  return product;
}

export function apiClient(row: any) {
  return presentClient(row);
}

export function apiLocation(row: any) {
  return { id: Number(row.id), code: row.code as string, name: row.name as string, kind: row.kind, active: toBool(row.active) };
}

/** A product's stock at each location the token may see (hidden: counted blind), and their total (the service's sum; null when a location is hidden). */
export function apiProductStock(productId: number, levels: any[], total: number, hidden: ReadonlySet<number>) {
  const shown = levels.map((level) => presentStock(level, hidden));
  return { product_id: productId, total: shown.some((l) => l.quantity === null) ? null : total, levels: shown };
}

export function apiStockLevel(row: any, quantity: number | null) {
  return { product_id: Number(row.id), product_code: row.code as string, product_name: row.name as string, unit: row.unit as string, quantity };
}
