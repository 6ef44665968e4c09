import { describe, expect, it } from 'vitest';
import { entryCancellationRefusal } from '../../../server/domain/stock/cancellation.js';

const goods = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    productName: `Produit ${i + 1}`,
    unit: i % 2 ? 'bouteille' : 'sac',
    available: i,
    requested: 10,
  }));

describe('entryCancellationRefusal', () => {
  it('names every product when there are three or fewer', () => {
    expect(entryCancellationRefusal('ENT-2026-000001', 'Dépôt principal', goods(1))).toBe(
      'Annulation impossible : une partie de la marchandise de ENT-2026-000001 est déjà sortie de Dépôt principal — « Produit 1 » (sac) : il n’en reste que 0 sur les 10 entrés.',
    );
    expect(entryCancellationRefusal('ENT-2026-000001', 'Dépôt', goods(3))).not.toMatch(/autre/);
  });
  it('names the first three and counts the rest, from the total when only the first are listed', () => {
    const text = entryCancellationRefusal('ENT-2026-000002', 'Dépôt', goods(3), 217);
    expect(text).toMatch(/« Produit 3 » \(sac\) : il n’en reste que 2 sur les 10 entrés ; … et 214 autres produits\.$/);
    expect(text).not.toMatch(/Produit 4/);
    expect(entryCancellationRefusal('ENT-2026-000002', 'Dépôt', goods(4))).toMatch(/… et 1 autre produit\.$/);
  });
  it('never adds quantities together and never shows a negative stock', () => {
    const text = entryCancellationRefusal('ENT-2026-000003', 'Dépôt', [
      { productName: 'Riz', unit: 'sac', available: -4, requested: 28962 },
    ]);
    expect(text).toContain(`il n’en reste que 0 sur les ${(28962).toLocaleString('fr-FR')} entrés`);
    expect(text).not.toMatch(/unités/);
  });
});
