import { describe, expect, it } from 'vitest';
import { filterMenu, isMenuNodeActive, MENU, type MenuNode, menuLeaves } from '../../../shared/menu';
import { activeLeafKey, activeSubmenuKeys, normalizeSearch, searchMenu } from '../../../resources/js/lib/menu-state';
import { ALL_PERMISSIONS, MENU_PERMISSIONS } from '../../../shared/permissions';

const names = (nodes: MenuNode[]): unknown[] =>
  nodes.map((n) => (n.sub ? { [n.name]: names(n.sub) } : n.heading ? `# ${n.name}` : n.name));

describe('filterMenu — DESIGN.md §6', () => {
  const tree: MenuNode[] = [
    { name: 'H1', heading: true },
    { name: 'Public', to: '/public' },
    { name: 'Secret', to: '/secret', permission: 'menu.caisse' },
    { name: 'H2', heading: true },
    {
      name: 'Group',
      permission: 'menu.fichiers',
      sub: [
        { name: 'A', to: '/a', permission: 'menu.clients' },
        { name: 'B', to: '/b', permission: 'menu.fournisseurs' },
        {
          name: 'Nested',
          permission: 'menu.operations',
          sub: [
            { name: 'N1', to: '/n1', permission: 'menu.entreestock' },
            { name: 'N2', to: '/n2', permission: 'menu.sortiestock' },
          ],
        },
      ],
    },
    { name: 'H3', heading: true },
    { name: 'Only', to: '/only', permission: 'menu.support' },
    { name: 'H4', heading: true },
  ];

  it('shows an item with a permission only when the user holds it; items without one always', () => {
    expect(names(filterMenu(tree, []))).toEqual(['# H1', 'Public']);
    expect(names(filterMenu(tree, ['menu.caisse']))).toEqual(['# H1', 'Public', 'Secret']);
  });

  it('filters submenus recursively', () => {
    expect(
      names(filterMenu(tree, ['menu.fichiers', 'menu.fournisseurs', 'menu.operations', 'menu.sortiestock'])),
    ).toEqual(['# H1', 'Public', '# H2', { Group: ['B', { Nested: ['N2'] }] }]);
  });

  it('hides a submenu whose children are all hidden (and its heading with it)', () => {
    expect(names(filterMenu(tree, ['menu.fichiers']))).toEqual(['# H1', 'Public']);
  });

  it('hides a nested empty submenu but keeps its parent when something else is left', () => {
    expect(names(filterMenu(tree, ['menu.fichiers', 'menu.clients', 'menu.operations']))).toEqual([
      '# H1',
      'Public',
      '# H2',
      { Group: ['A'] },
    ]);
  });

  it('hides a parent whose only content is an empty nested submenu', () => {
    expect(names(filterMenu(tree, ['menu.fichiers', 'menu.operations']))).toEqual(['# H1', 'Public']);
  });

  it('hides the whole group when the group permission is missing, whatever the children allow', () => {
    expect(
      names(filterMenu(tree, ['menu.clients', 'menu.fournisseurs', 'menu.operations', 'menu.entreestock'])),
    ).toEqual(['# H1', 'Public']);
  });

  it('keeps a heading only when a visible non-heading item follows it before the next heading', () => {
    expect(names(filterMenu(tree, ['menu.support']))).toEqual(['# H1', 'Public', '# H3', 'Only']);
    const headingsOnly: MenuNode[] = [
      { name: 'X', heading: true },
      { name: 'Y', heading: true },
      { name: 'Hidden', to: '/h', permission: 'menu.parametres' },
      { name: 'Z', heading: true },
    ];
    expect(filterMenu(headingsOnly, [])).toEqual([]);
  });

  it('drops a trailing heading and consecutive headings', () => {
    const list: MenuNode[] = [
      { name: 'A', heading: true },
      { name: 'B', heading: true },
      { name: 'Item', to: '/i' },
      { name: 'C', heading: true },
    ];
    expect(names(filterMenu(list, []))).toEqual(['# B', 'Item']);
  });

  it('treats a submenu holding only headings as empty', () => {
    const list: MenuNode[] = [{ name: 'S', sub: [{ name: 'h', heading: true }] }];
    expect(filterMenu(list, [])).toEqual([]);
  });

  it('does not mutate the tree and accepts any iterable of permissions', () => {
    const before = JSON.stringify(tree);
    filterMenu(tree, new Set(['menu.fichiers', 'menu.clients']));
    filterMenu(tree, ['menu.fichiers', 'menu.clients'][Symbol.iterator]());
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('on the real menu: everything for an administrator, nothing for a user without permissions', () => {
    const all = filterMenu(MENU, ALL_PERMISSIONS);
    expect(menuLeaves(all)).toHaveLength(menuLeaves(MENU).length);
    expect(filterMenu(MENU, [])).toEqual([]);
  });

  it('hides an item whose screen also requires an action permission the user lacks', () => {
    const leaves = (permissions: readonly string[]) => menuLeaves(filterMenu(MENU, permissions)).map((n) => n.name);
    const societe = ['menu.parametres', 'menu.parametres.societe'];
    expect(leaves(societe)).toEqual(['Société']);
    expect(leaves([...societe, 'sales.certification'])).toEqual(['Société', 'File de certification']);
  });

  it('on the real menu: Trésorerie needs menu.operations and menu.tresorerie; Finances needs menu.editions.finances', () => {
    const caisseOnly = filterMenu(MENU, ['menu.dashboard', 'menu.operations', 'menu.tresorerie', 'menu.caisse']);
    expect(names(caisseOnly)).toEqual([
      '# Principal',
      'Tableau de Bord',
      '# Opérations',
      { Opérations: [{ Trésorerie: ['Caisse'] }] },
    ]);
    expect(filterMenu(MENU, ['menu.tresorerie', 'menu.caisse'])).toEqual([]);
    expect(names(filterMenu(MENU, ['menu.editions.ca']))).toEqual([]);
    expect(names(filterMenu(MENU, ['menu.editions.finances', 'menu.editions.ca']))).toEqual([
      '# Éditions',
      { Finances: ['Chiffre d’affaires'] },
    ]);
  });

  it('every menu permission of the tree is in the catalogue', () => {
    const used = new Set<string>();
    const walk = (list: MenuNode[]) =>
      list.forEach((n) => (n.permission && used.add(n.permission), n.sub && walk(n.sub)));
    walk(MENU);
    expect(used.size).toBeGreaterThan(10);
    for (const p of used) expect(MENU_PERMISSIONS).toContain(p);
  });
});

describe('active item and open submenus', () => {
  it('matches the exact route and the sub-routes listed in subActivePaths', () => {
    const clients = menuLeaves(MENU).find((n) => n.to === '/fichiers/clients')!;
    expect(isMenuNodeActive(clients, '/fichiers/clients')).toBe(true);
    expect(isMenuNodeActive(clients, '/fichiers/clients/12/edit?tab=2')).toBe(true);
    expect(isMenuNodeActive(clients, '/fichiers/clientsX')).toBe(false);
    const reglement = menuLeaves(MENU).find((n) => n.to === '/operations/reglement')!;
    expect(isMenuNodeActive(reglement, '/operations/reglement/5')).toBe(false);
  });

  it('opens the submenus leading to the active item, at any depth', () => {
    expect(activeSubmenuKeys(MENU, '/operations/caisse/arrete')).toEqual(['Opérations', 'Opérations/Trésorerie']);
    expect(activeSubmenuKeys(MENU, '/dashboard')).toEqual([]);
  });

  it('highlights one leaf, preferring the exact route', () => {
    expect(activeLeafKey(MENU, '/operations/caisse?x=1')).toBe('Opérations/Trésorerie/Caisse');
    expect(activeLeafKey(MENU, '/fichiers/produits/3')).toBe('Fichiers/Produits');
    expect(activeLeafKey(MENU, '/profile')).toBeNull();
  });
});

describe('header search over the menu', () => {
  it('ignores accents and case and only searches what the user may open', () => {
    expect(normalizeSearch('  Règlement ')).toBe('reglement');
    const visible = filterMenu(MENU, [
      'menu.operations',
      'menu.tresorerie',
      'menu.reglement',
      'menu.annulations',
      'menu.annulation.reglement',
    ]);
    expect(searchMenu(visible, 'regl').map((r) => r.node.name)).toEqual(['Règlement', 'Règlements']);
    expect(searchMenu(visible, 'tresorerie caisse')).toEqual([]);
    expect(searchMenu(visible, '').length).toBe(2);
  });
});
