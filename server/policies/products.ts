/** Produits and the Centrale des prix: prices have their own permission beside the record's. */
import type { CrudAbilities } from '../../shared/records.js';
import { type Viewer, may, recordAbilities } from './index.js';

export function mayChangePrices(user: Viewer): boolean {
  return may(user, 'prices.update');
}

/** A product's page: the record's buttons and the price change. */
export function productAbilities(user: Viewer): CrudAbilities & { prices: boolean } {
  return { ...recordAbilities(user, 'products'), prices: mayChangePrices(user) };
}

/** Centrale des prix: changing prices, exporting the grid (a products export). */
export function priceCentreAbilities(user: Viewer): { update: boolean; export: boolean } {
  return { update: mayChangePrices(user), export: may(user, 'products.export') };
}
