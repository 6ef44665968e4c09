/**
 * Why a stock entry cannot be cancelled: part of its goods already left the location. The sentence
 * names the first few products (each with its own quantities, in its own unit) and counts the rest,
 * so an entry of hundreds of lines gives one readable sentence; quantities of different products
 * are never added together (sacks, bottles and boxes do not sum).
 */

export interface LeftGoods {
  productName: string;
  unit: string;
  /** What the location still holds. */
  available: number;
  /** What the entry brought in (and its cancellation would take out). */
  requested: number;
}

/** Products named in the sentence before "… et N autres produits". */
export const NAMED_PRODUCTS = 3;

const fmt = (n: number) => n.toLocaleString('fr-FR');

/**
 * « Annulation impossible : une partie de la marchandise de ENT-2026-000012 est déjà sortie de
 * Dépôt principal — « Riz » (sac) : il n'en reste que 3 sur les 10 entrés ; … et 214 autres produits. »
 * `total` is the number of products short (the list may hold only the first ones).
 */
export function entryCancellationRefusal(
  entryNumber: string,
  locationName: string,
  shortages: LeftGoods[],
  total = shortages.length,
  named = NAMED_PRODUCTS,
): string {
  const shown = shortages.slice(0, Math.min(named, total));
  const detail = shown
    .map(
      (s) =>
        `« ${s.productName} » (${s.unit}) : il n’en reste que ${fmt(Math.max(s.available, 0))} sur les ${fmt(s.requested)} entrés`,
    )
    .join(' ; ');
  const rest = total - shown.length;
  const more = rest > 0 ? ` ; … et ${fmt(rest)} autre${rest > 1 ? 's' : ''} produit${rest > 1 ? 's' : ''}` : '';
  return `Annulation impossible : une partie de la marchandise de ${entryNumber} est déjà sortie de ${locationName} — ${detail}${more}.`;
}
