import { describe, expect, it } from 'vitest';
import {
  type ProductSales,
  type ProductSalesWording,
  productSalesTable,
} from '../../../server/services/reports/sales-summaries.js';

/** The one mapper of `productSales` rows: Situation des ventes › cumul and Chiffre d'affaires › par produit. */
describe('productSalesTable (what each product sold → columns, rows, figures, total row)', () => {
  const sold: ProductSales = {
    rows: [
      {
        product_id: 1,
        code: 'P1',
        name: 'Ciment',
        category: 'Gros œuvre',
        unit: 'sac',
        quantity: 8,
        sales: 8_000,
        cost: 4_800,
        vat: 0,
      },
      {
        product_id: 2,
        code: 'P2',
        name: 'Fer',
        category: 'Acier',
        unit: 'barre',
        quantity: -1,
        sales: -500,
        cost: -300,
        vat: 0,
      },
    ],
    total: 7,
    sales: 20_000,
    cost: 15_000,
    vat: 0,
  };
  const cumul: ProductSalesWording = {
    quantity: 'Quantité vendue',
    amount: { id: 'sales', label: 'Montant', figure: 'Montant net' },
    category: true,
    amountFirst: false,
  };
  const byProduct: ProductSalesWording = {
    quantity: 'Quantité nette',
    amount: { id: 'net', label: 'CA net', figure: 'Chiffre d’affaires net' },
    category: false,
    amountFirst: true,
  };

  it('maps each row with its margin and margin rate, the amount under the wording id', () => {
    const { table } = productSalesTable(sold, { page: 1, perPage: 50 }, cumul);
    expect(table.page.data[0]).toEqual({
      code: 'P1',
      product: 'Ciment',
      category: 'Gros œuvre',
      quantity: 8,
      unit: 'sac',
      sales: 8_000,
      cost: 4_800,
      margin: 3_200,
      rate: 4_000,
    });
    // A product only returned: negative figures, no rate (no sales to divide by).
    expect(table.page.data[1]).toMatchObject({ sales: -500, margin: -200, rate: null });
    const net = productSalesTable(sold, { page: 1, perPage: 50 }, byProduct).table.page.data[0];
    expect(net).toEqual({
      code: 'P1',
      product: 'Ciment',
      quantity: 8,
      unit: 'sac',
      net: 8_000,
      cost: 4_800,
      margin: 3_200,
      rate: 4_000,
    });
  });

  it('gives the columns of each report, costs flagged, the category only where asked', () => {
    const ids = (w: ProductSalesWording) =>
      productSalesTable(sold, { page: 1, perPage: 50 }, w).table.columns.map((c) => [c.id, c.label, Boolean(c.cost)]);
    expect(ids(cumul)).toEqual([
      ['code', 'Code', false],
      ['product', 'Produit', false],
      ['category', 'Catégorie', false],
      ['quantity', 'Quantité vendue', false],
      ['sales', 'Montant', false],
      ['cost', 'Coût', true],
      ['margin', 'Marge', true],
      ['rate', 'Taux de marge', true],
    ]);
    expect(ids(byProduct).map(([id, label]) => `${id}:${label}`)).toEqual([
      'code:Code',
      'product:Produit',
      'quantity:Quantité nette',
      'net:CA net',
      'cost:Coût',
      'margin:Marge',
      'rate:Taux de marge',
    ]);
  });

  it('takes the figures and the total row from the totals of the whole list, never from the page rows', () => {
    const cum = productSalesTable(sold, { page: 2, perPage: 2 }, cumul);
    expect(cum.figures.map((f) => [f.id, f.label, f.figure])).toEqual([
      ['products', 'Produits vendus', 7],
      ['sales', 'Montant net', 20_000],
      ['margin', 'Marge', 5_000],
      ['rate', 'Taux de marge', 2_500],
    ]);
    expect(cum.figures.filter((f) => f.cost).map((f) => f.id)).toEqual(['margin', 'rate']);
    expect(cum.table.totals).toEqual({ code: 'Total', sales: 20_000, cost: 15_000, margin: 5_000, rate: 2_500 });
    expect(cum.table.page).toMatchObject({ page: 2, per_page: 2, total: 7, last_page: 4 });
    const net = productSalesTable(sold, { page: 1, perPage: 50 }, byProduct);
    expect(net.figures.map((f) => f.id)).toEqual(['net', 'products', 'margin', 'rate']);
    expect(net.figures[0]).toMatchObject({ label: 'Chiffre d’affaires net', figure: 20_000 });
    expect(net.table.totals).toEqual({ code: 'Total', net: 20_000, cost: 15_000, margin: 5_000, rate: 2_500 });
  });

  it('with VAT in the sales: a « dont TVA » column, the margin (« Marge HT ») and its rate on the amount VAT excluded', () => {
    const taxed: ProductSales = {
      rows: [
        {
          product_id: 1,
          code: 'P1',
          name: 'Ciment',
          category: 'Gros œuvre',
          unit: 'sac',
          quantity: 8,
          sales: 11_800,
          cost: 6_000,
          vat: 1_800,
        },
      ],
      total: 1,
      sales: 11_800,
      cost: 6_000,
      vat: 1_800,
    };
    const { table, figures } = productSalesTable(taxed, { page: 1, perPage: 50 }, byProduct);
    expect(table.columns.map((c) => `${c.id}:${c.label}`)).toEqual([
      'code:Code',
      'product:Produit',
      'quantity:Quantité nette',
      'net:CA net',
      'vat:dont TVA',
      'cost:Coût',
      'margin:Marge HT',
      'rate:Taux de marge',
    ]);
    // 11 800 TTC = 10 000 HT + 1 800: margin 10 000 − 6 000 = 4 000, 40 % of 10 000 (not 5 800 on 11 800).
    expect(table.page.data[0]).toMatchObject({ net: 11_800, vat: 1_800, cost: 6_000, margin: 4_000, rate: 4_000 });
    expect(figures.find((f) => f.id === 'margin')).toMatchObject({ label: 'Marge HT', figure: 4_000 });
  });

  it('answers a zero rate figure and an empty table when nothing sold', () => {
    const none = productSalesTable(
      { rows: [], total: 0, sales: 0, cost: 0, vat: 0 },
      { page: 1, perPage: 50 },
      byProduct,
    );
    expect(none.figures.find((f) => f.id === 'rate')?.figure).toBe(0);
    expect(none.table.page.data).toEqual([]);
    expect(none.table.totals).toMatchObject({ rate: null });
  });
});
