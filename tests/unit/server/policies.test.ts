import { describe, expect, it } from 'vitest';
import { type Permission, SEEDED_ROLES } from '../../../shared/permissions.js';
import {
  SEARCHED_DOCUMENTS,
  documentNumberQuery,
  sequenceFragment,
} from '../../../server/services/search/document-series.js';
import { DOCUMENT_SERIES as NUMBERED_SERIES } from '../../../server/db/counters.js';
import {
  COST_PERMISSIONS,
  blindStockLocations,
  dashboardCards,
  countAbilities,
  entryAbilities,
  hiddenCostFields,
  importPermissions,
  importRights,
  mayReprint,
  recordAbilities,
  saleAbilities,
  searchScope,
  seesCountDifferences,
  seesCosts,
  seesTheoreticalStock,
  transferAbilities,
  withoutCosts,
} from '../../../server/policies/index.js';

const viewer = (...permissions: Permission[]) => ({ permissions: new Set<string>(permissions) });
const role = (name: string) => viewer(...SEEDED_ROLES.find((r) => r.name === name)!.permissions);

describe('who sees costs (purchase price, CMUP, values at cost, margins)', () => {
  it('is pinned for each seeded role: buyers, pricers, counters and analysts do; sellers and cashiers do not', () => {
    const seen = Object.fromEntries(SEEDED_ROLES.map((r) => [r.name, seesCosts(role(r.name))]));
    expect(seen).toEqual({
      Administrateur: true,
      Gérant: true,
      Caissier: false,
      Magasinier: true,
      Vendeur: false,
      Comptable: true,
    });
  });

  it('is granted by each cost permission alone, and by nothing else', () => {
    for (const p of COST_PERMISSIONS) expect(seesCosts(viewer(p)), p).toBe(true);
    expect(COST_PERMISSIONS).toEqual([
      'reports.view_costs',
      'prices.update',
      'menu.centraleprix',
      'products.create',
      'products.update',
      'stock_entries.create',
      'inventory.validate',
    ]);
    expect(
      seesCosts(viewer('menu.produits', 'sales.create', 'documents.reprint', 'inventory.count', 'clients.create')),
    ).toBe(false);
  });

  it('is the same rule on the product record and on its stock page (the two used to disagree)', () => {
    // inventory.validate saw the CMUP on /fichiers/produits/:id/stock but not on /fichiers/produits/:id,
    // prices.update the reverse: both now go through seesCosts.
    expect(seesCosts(viewer('inventory.validate'))).toBe(true);
    expect(seesCosts(viewer('prices.update'))).toBe(true);
  });
});

describe('other rules', () => {
  it('a blind count hides theoretical stock from counters while it is open', () => {
    const counter = viewer('inventory.count');
    const validator = viewer('inventory.count', 'inventory.validate');
    expect(seesTheoreticalStock(counter, { status: 'open', blind: true })).toBe(false);
    expect(seesTheoreticalStock(validator, { status: 'open', blind: true })).toBe(true);
    expect(seesTheoreticalStock(counter, { status: 'open', blind: false })).toBe(true);
    expect(seesTheoreticalStock(counter, { status: 'validated', blind: true })).toBe(true);
  });

  it('reprints need documents.reprint, and the screen they start from when one is named', () => {
    expect(mayReprint(viewer('documents.reprint'))).toBe(true);
    expect(mayReprint(viewer('documents.reprint'), 'menu.annulation.transfert')).toBe(false);
    expect(mayReprint(viewer('documents.reprint', 'menu.annulation.transfert'), 'menu.annulation.transfert')).toBe(
      true,
    );
    expect(mayReprint(viewer('menu.annulation.transfert'), 'menu.annulation.transfert')).toBe(false);
  });

  it('master-data buttons follow the area permissions; import needs export and create, and exists for clients and products only', () => {
    expect(recordAbilities(viewer('clients.create', 'clients.export'), 'clients')).toEqual({
      create: true,
      update: false,
      delete: false,
      export: true,
      import: true,
    });
    expect(recordAbilities(viewer('suppliers.create', 'suppliers.export'), 'suppliers').import).toBe(false);
    expect(recordAbilities(viewer('products.export'), 'products').import).toBe(false);
  });

  it('an import updates records only with the update right, and changes product prices only with prices.update', () => {
    expect(importPermissions('clients')).toEqual(['clients.export', 'clients.create']);
    expect(importPermissions('products')).toEqual(['products.export', 'products.create']);
    expect(importRights(viewer('clients.create', 'clients.export'), 'clients')).toEqual({
      canUpdate: false,
      canChangePrices: false,
    });
    expect(importRights(viewer('clients.update', 'prices.update'), 'clients')).toEqual({
      canUpdate: true,
      canChangePrices: false,
    });
    expect(importRights(viewer('products.update'), 'products')).toEqual({ canUpdate: true, canChangePrices: false });
    expect(importRights(viewer('products.update', 'prices.update'), 'products')).toEqual({
      canUpdate: true,
      canChangePrices: true,
    });
    // « Stock initial » is an entry: the entry screen and the right to create entries; it only creates.
    expect(importPermissions('openingStock')).toEqual(['menu.entreestock', 'stock_entries.create']);
    expect(importRights(viewer('stock_entries.create', 'products.update', 'prices.update'), 'openingStock')).toEqual({
      canUpdate: false,
      canChangePrices: false,
    });
  });

  it('a record’s history hides the cost fields from those who may not see costs', () => {
    expect(hiddenCostFields(viewer('menu.produits'))).toEqual(
      expect.arrayContaining(['purchase_price', 'cmup', 'unit_cost', 'value', 'amount']),
    );
    expect(hiddenCostFields(viewer('menu.produits', 'products.update'))).toEqual([]);
  });

  it('withoutCosts leaves the cost keys out (absent, not null) for those who may not see costs', () => {
    const line = { product_id: 4, quantity: 3, unit_cost: 1200, amount: 3600, cmup_before: 1000, cmup_after: 1100 };
    expect(withoutCosts(line, true)).toBe(line);
    const hidden = withoutCosts(line, false);
    expect(hidden).toEqual({ product_id: 4, quantity: 3 });
    expect('unit_cost' in hidden).toBe(false);
    expect(line.unit_cost).toBe(1200); // the input is left untouched
  });
});

describe('stock screens: the can props', () => {
  it('entry buttons follow the entry permissions', () => {
    expect(entryAbilities(viewer('menu.entreestock'))).toEqual({ create: false, cancel: false });
    expect(entryAbilities(viewer('stock_entries.create'))).toEqual({ create: true, cancel: false });
    expect(entryAbilities(viewer('stock_entries.cancel'))).toEqual({ create: false, cancel: true });
  });

  it('those who send transfers receive them; a reprint needs documents.reprint and the transfer cancellation screen', () => {
    expect(transferAbilities(viewer('menu.sortiestock'))).toEqual({
      create: false,
      receive: false,
      cancel: false,
      reprint: false,
    });
    expect(transferAbilities(viewer('transfers.create'))).toEqual({
      create: true,
      receive: false,
      cancel: false,
      reprint: false,
    });
    expect(transferAbilities(viewer('transfers.create', 'menu.sortiestock'))).toEqual({
      create: true,
      receive: true,
      cancel: false,
      reprint: false,
    });
    // Receiving and cancelling need their screen too (the routes check it again).
    expect(transferAbilities(viewer('transfers.cancel'))).toMatchObject({
      create: false,
      receive: false,
      cancel: false,
    });
    expect(transferAbilities(viewer('transfers.cancel', 'menu.sortiestock'))).toMatchObject({ cancel: true });
    expect(transferAbilities(viewer('transfers.cancel', 'menu.annulation.transfert'))).toMatchObject({ cancel: true });
    expect(transferAbilities(viewer('documents.reprint')).reprint).toBe(false);
    expect(transferAbilities(viewer('documents.reprint', 'menu.annulation.transfert')).reprint).toBe(true);
  });

  it('count buttons: counting and validating are separate', () => {
    expect(countAbilities(viewer('inventory.count'))).toEqual({ count: true, validate: false });
    expect(countAbilities(viewer('inventory.validate'))).toEqual({ count: false, validate: true });
  });

  it('the differences of an open count are for validators only, and never for those a blind count hides them from', () => {
    const counter = viewer('inventory.count');
    const validator = viewer('inventory.validate');
    expect(seesCountDifferences(counter, { status: 'open', blind: false })).toBe(false);
    expect(seesCountDifferences(validator, { status: 'open', blind: true })).toBe(true);
    expect(seesCountDifferences(counter, { status: 'validated', blind: true })).toBe(true);
    expect(seesCountDifferences(counter, { status: 'cancelled', blind: false })).toBe(true);
  });
});

describe('blind counts: the locations whose stock a user may not see', () => {
  const open = (location_id: number, blind: boolean) => ({ location_id, status: 'open', blind });
  it('are those with an open blind count the user may not reveal', () => {
    const counts = [open(1, true), open(2, false), { location_id: 3, status: 'validated', blind: true }];
    expect([...blindStockLocations(viewer('inventory.count', 'menu.produits'), counts)]).toEqual([1]);
    expect([...blindStockLocations(viewer('menu.sortiestock'), counts)]).toEqual([1]);
    expect([...blindStockLocations(viewer('inventory.validate'), counts)]).toEqual([]);
    expect([...blindStockLocations(viewer('inventory.count'), [])]).toEqual([]);
  });
});

describe('global search scope', () => {
  it('shows a group only to those who may open its pages, a series only to those of its screens', () => {
    const scope = searchScope(viewer('menu.clients', 'menu.annulation.transfert'), SEARCHED_DOCUMENTS);
    expect({ ...scope, series: scope.series.map((s) => s.series) }).toEqual({
      products: false,
      clients: true,
      suppliers: false,
      series: ['TRF'],
    });
    const keeper = searchScope(
      viewer('menu.produits', 'menu.fournisseurs', 'menu.inventaire', 'menu.entreestock'),
      SEARCHED_DOCUMENTS,
    );
    expect(keeper.series.map((s) => s.table)).toEqual(['stock_entries', 'inventory_counts', 'stock_adjustments']);
    expect(searchScope(viewer(), SEARCHED_DOCUMENTS)).toEqual({
      products: false,
      clients: false,
      suppliers: false,
      series: [],
    });
  });

  it('reads a typed document number as a prefix of the registered series', () => {
    const series = ['ENT', 'TRF'];
    expect(documentNumberQuery('ent', series)).toEqual({ series: 'ENT', exact: null, prefix: 'ENT-' });
    expect(documentNumberQuery('TRF 2026', series)).toEqual({ series: 'TRF', exact: null, prefix: 'TRF-2026-' });
    expect(documentNumberQuery('trf-20', series)).toEqual({ series: 'TRF', exact: null, prefix: 'TRF-20' });
    expect(documentNumberQuery('ENT-2026-12', series)).toEqual({
      series: 'ENT',
      exact: 'ENT-2026-000012',
      prefix: 'ENT-2026-12',
    });
    expect(documentNumberQuery('ent2026 000012', series)).toMatchObject({ exact: 'ENT-2026-000012' });
    expect(documentNumberQuery('FAC-2026-1', series)).toBeNull(); // not registered (yet)
    expect(documentNumberQuery('riz', series)).toBeNull();
    expect(documentNumberQuery('entree', series)).toBeNull();
  });

  it('reads a bare number fragment as the sequence of any series: equal, then starting with it', () => {
    expect(sequenceFragment('230')).toEqual({ exact: '000230', prefixes: ['00230', '0230', '230'] });
    expect(sequenceFragment(' 000230 ')).toEqual({ exact: '000230', prefixes: ['00230', '0230', '230'] });
    expect(sequenceFragment('7')).toEqual({ exact: '000007', prefixes: ['00007', '0007', '007', '07', '7'] });
    expect(sequenceFragment('123456')).toEqual({ exact: '123456', prefixes: [] });
    for (const text of ['0', '000', '1234567', '23a', 'FAC-230', '2026-230', ''])
      expect([text, sequenceFragment(text)]).toEqual([text, null]);
  });

  it('registers every numbered series, each table once', () => {
    expect([...new Set(SEARCHED_DOCUMENTS.map((s) => s.series))].sort()).toEqual([...NUMBERED_SERIES].sort());
    expect(new Set(SEARCHED_DOCUMENTS.map((s) => s.table)).size).toBe(SEARCHED_DOCUMENTS.length - 1); // sales holds FAC and VB
  });
});

describe('sales: what a seller may do beyond the rules', () => {
  it('sells below the minimum price and beyond a credit limit only with each permission', () => {
    expect(saleAbilities(viewer('sales.create'))).toEqual({
      create: true,
      belowMinPrice: false,
      beyondCreditLimit: false,
    });
    expect(saleAbilities(viewer('sales.create', 'sales.below_min_price'))).toEqual({
      create: true,
      belowMinPrice: true,
      beyondCreditLimit: false,
    });
    expect(saleAbilities(viewer('sales.beyond_credit_limit'))).toEqual({
      create: false,
      belowMinPrice: false,
      beyondCreditLimit: true,
    });
  });
});

describe('the cards of the Tableau de bord', () => {
  it('shows each card to a user who may open a screen with what it shows', () => {
    expect(dashboardCards(viewer('menu.dashboard'))).toEqual({
      sales: false,
      receivables: false,
      treasury: false,
      lowStock: false,
      stockValue: false,
      documents: [],
      margin: false,
      certification: false,
    });
    expect(dashboardCards(viewer('sales.certification')).certification).toBe(true);
    expect(dashboardCards(viewer('menu.editions.ca'))).toMatchObject({ sales: true, receivables: false });
    expect(dashboardCards(viewer('menu.sortiestock'))).toMatchObject({ sales: true, documents: ['sale', 'transfer'] });
    expect(dashboardCards(viewer('menu.editions.creance')).receivables).toBe(true);
    expect(dashboardCards(viewer('menu.reglement'))).toMatchObject({ receivables: true, documents: ['settlement'] });
    expect(dashboardCards(viewer('menu.caisse'))).toMatchObject({ treasury: true, documents: ['cash_operation'] });
    expect(dashboardCards(viewer('menu.produits')).lowStock).toBe(true);
    expect(dashboardCards(viewer('menu.editions.stock')).lowStock).toBe(true);
    expect(dashboardCards(viewer('menu.entreestock')).documents).toEqual(['entry']);
  });

  it('shows the stock value (at the CMUP) by État de stock’s rule: its screen and its values at cost (reports.view_costs), not other cost rights', () => {
    expect(dashboardCards(viewer('menu.editions.stock')).stockValue).toBe(false);
    expect(dashboardCards(viewer('reports.view_costs')).stockValue).toBe(false);
    for (const p of COST_PERMISSIONS)
      expect(dashboardCards(viewer('menu.editions.stock', p)).stockValue, p).toBe(p === 'reports.view_costs');
    expect(dashboardCards(viewer('menu.produits', 'reports.view_costs', 'prices.update')).stockValue).toBe(false);
  });

  it("shows the margin by Chiffre d’affaires' rule only (reports.view_costs), not by other cost rights", () => {
    for (const p of COST_PERMISSIONS)
      expect(dashboardCards(viewer('menu.editions.ca', p)).margin, p).toBe(p === 'reports.view_costs');
    expect(dashboardCards(viewer('menu.sortiestock', 'reports.view_costs')).margin).toBe(true);
    expect(dashboardCards(role('Magasinier')).margin).toBe(false);
    expect(dashboardCards(viewer('menu.editions.ca', 'menu.sortiestock', 'sales.create')).margin).toBe(false);
    expect(dashboardCards(role('Caissier')).margin).toBe(false);
    expect(dashboardCards(role('Gérant'))).toMatchObject({
      sales: true,
      receivables: true,
      treasury: true,
      lowStock: true,
      margin: true,
    });
  });
});
