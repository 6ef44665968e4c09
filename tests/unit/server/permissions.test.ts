import { describe, expect, it } from 'vitest';
import { MENU, menuLeaves } from '../../../shared/menu.js';
import { ALL_PERMISSIONS, MENU_PERMISSIONS, PERMISSION_CATALOGUE, SEEDED_ROLES } from '../../../shared/permissions.js';

const DESIGN_MENU_PERMISSIONS = `menu.dashboard, menu.fichiers, menu.clients, menu.fournisseurs, menu.categories,
menu.produits, menu.centraleprix, menu.operations, menu.entreestock, menu.sortiestock,
menu.tresorerie, menu.reglement, menu.caisse, menu.inventaire, menu.annulations,
menu.annulation.factures, menu.annulation.transfert, menu.annulation.reglement,
menu.editions.finances, menu.editions.situation, menu.editions.reglement, menu.editions.ca,
menu.editions.stock, menu.editions.creance, menu.parametres, menu.parametres.impression,
menu.parametres.users, menu.parametres.roles, menu.parametres.societe, menu.parametres.api,
menu.parametres.backup, menu.support, menu.support.doc, menu.support.tickets, menu.support.logs,
menu.profile`
  .split(',')
  .map((s) => s.trim());

describe('permission catalogue', () => {
  it('holds exactly the menu permissions of DESIGN.md §6', () => {
    expect([...MENU_PERMISSIONS].sort()).toEqual([...DESIGN_MENU_PERMISSIONS].sort());
  });

  it('has unique names, French labels, and area.action names for actions', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const area of PERMISSION_CATALOGUE) {
      expect(area.label.length).toBeGreaterThan(2);
      for (const p of area.actions) expect(p.name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      for (const p of [...area.menu, ...area.actions]) expect(p.label).toMatch(/\S/);
    }
  });

  it('covers the action areas the design names', () => {
    for (const name of [
      'clients.create',
      'products.export',
      'prices.update',
      'stock_entries.cancel',
      'transfers.create',
      'sales.below_min_price',
      'sales.beyond_credit_limit',
      'invoices.cancel',
      'documents.reprint',
      'settlements.cancel',
      'cash.closing',
      'inventory.validate',
      'reports.view_costs',
      'roles.manage',
      'backup.manage',
      'api_tokens.manage',
    ]) {
      expect(ALL_PERMISSIONS).toContain(name);
    }
  });

  it('seeds six roles that only use known permissions, the administrator holding all', () => {
    expect(SEEDED_ROLES.map((r) => r.name)).toEqual([
      'Administrateur',
      'Gérant',
      'Caissier',
      'Magasinier',
      'Vendeur',
      'Comptable',
    ]);
    for (const role of SEEDED_ROLES)
      for (const p of role.permissions) expect(ALL_PERMISSIONS, `${role.name}: ${p}`).toContain(p);
    expect(SEEDED_ROLES[0].permissions).toEqual(ALL_PERMISSIONS);
    const cashier = SEEDED_ROLES.find((r) => r.name === 'Caissier')!;
    expect(cashier.permissions).not.toContain('roles.manage');
  });

  it('gives each seeded role the set a shop would recognise', () => {
    const perms = (name: string) => new Set<string>(SEEDED_ROLES.find((r) => r.name === name)!.permissions);
    const admin = [
      'users.manage',
      'roles.manage',
      'backup.manage',
      'api_tokens.manage',
      'menu.parametres.users',
      'menu.parametres.roles',
      'menu.parametres.backup',
    ];
    const stockEdits = [
      'stock_entries.create',
      'stock_entries.cancel',
      'transfers.create',
      'transfers.cancel',
      'inventory.count',
      'inventory.validate',
    ];
    // Gérant: nearly everything, but not users, roles, API tokens or backups.
    const manager = perms('Gérant');
    for (const p of admin) expect(manager.has(p), `Gérant: ${p}`).toBe(false);
    for (const p of [
      'sales.create',
      'stock_entries.create',
      'inventory.validate',
      'cash.closing',
      'reports.view_costs',
      'company.manage',
      'printing.manage',
      'invoices.cancel',
    ])
      expect(manager.has(p), `Gérant: ${p}`).toBe(true);
    // Caissier: counter sales, settlements, cash — no stock edits, no costs, no administration.
    const cashier = perms('Caissier');
    for (const p of [
      'menu.caisse',
      'menu.reglement',
      'sales.create',
      'settlements.create',
      'cash.payment',
      'cash.closing',
    ])
      expect(cashier.has(p), `Caissier: ${p}`).toBe(true);
    for (const p of [...stockEdits, ...admin, 'reports.view_costs', 'invoices.cancel'])
      expect(cashier.has(p), `Caissier: ${p}`).toBe(false);
    // Magasinier: stock — no sales, no cash.
    const storekeeper = perms('Magasinier');
    for (const p of [
      'menu.entreestock',
      'menu.inventaire',
      'stock_entries.create',
      'transfers.create',
      'inventory.count',
    ])
      expect(storekeeper.has(p), `Magasinier: ${p}`).toBe(true);
    for (const p of ['sales.create', 'settlements.create', 'cash.payment', 'menu.caisse', ...admin])
      expect(storekeeper.has(p), `Magasinier: ${p}`).toBe(false);
    // Vendeur: sales — no cash, no stock edits.
    const seller = perms('Vendeur');
    for (const p of ['menu.sortiestock', 'sales.create', 'clients.create'])
      expect(seller.has(p), `Vendeur: ${p}`).toBe(true);
    for (const p of [...stockEdits, 'cash.payment', 'cash.closing', 'settlements.create', ...admin])
      expect(seller.has(p), `Vendeur: ${p}`).toBe(false);
    // Comptable: reports and settlements — no stock edits.
    const accountant = perms('Comptable');
    for (const p of [
      'menu.editions.finances',
      'menu.editions.ca',
      'menu.editions.creance',
      'settlements.create',
      'settlements.cancel',
      'reports.view_costs',
    ])
      expect(accountant.has(p), `Comptable: ${p}`).toBe(true);
    for (const p of [...stockEdits, 'sales.create', ...admin]) expect(accountant.has(p), `Comptable: ${p}`).toBe(false);
  });

  it('gates every menu route with a menu permission of the catalogue', () => {
    const leaves = menuLeaves(MENU);
    expect(leaves.length).toBeGreaterThan(10);
    for (const leaf of leaves) {
      expect(leaf.permission, leaf.name).toMatch(/^menu\./);
      expect(MENU_PERMISSIONS).toContain(leaf.permission);
    }
  });
});
