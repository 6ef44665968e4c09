import type { Permission } from './permissions.js';
import { ROUTES } from './routes.js';

/**
 * The one menu tree (DESIGN.md §6). The sidebar renders it filtered by the user's menu
 * permissions; the dashboard lists the same areas.
 */
export interface MenuNode {
  name: string;
  to?: string;
  icon?: string;
  permission?: Permission;
  sub?: MenuNode[];
  subActivePaths?: string[];
  heading?: boolean;
  /** An action permission the screen needs besides its menu permission: without it the item is hidden. */
  requires?: Permission;
  badge?: string | number;
}

/**
 * Screens that exist take their URL from the route table; the others (still to build) keep the
 * specification's path until their router lands and adds it to shared/routes.ts.
 */
export const MENU: MenuNode[] = [
  { name: 'Principal', heading: true },
  { name: 'Tableau de Bord', to: ROUTES['dashboard'], icon: 'fa-solid fa-gauge-high', permission: 'menu.dashboard' },
  { name: 'Fichiers', heading: true },
  {
    name: 'Fichiers',
    icon: 'fa-solid fa-folder-open',
    permission: 'menu.fichiers',
    sub: [
      {
        name: 'Clients',
        to: ROUTES['clients.index'],
        icon: 'fa-solid fa-users',
        permission: 'menu.clients',
        subActivePaths: [ROUTES['clients.index']],
      },
      {
        name: 'Fournisseurs',
        to: ROUTES['suppliers.index'],
        icon: 'fa-solid fa-truck-field',
        permission: 'menu.fournisseurs',
        subActivePaths: [ROUTES['suppliers.index']],
      },
      {
        name: 'Catégories',
        to: ROUTES['categories.index'],
        icon: 'fa-solid fa-tags',
        permission: 'menu.categories',
        subActivePaths: [ROUTES['categories.index']],
      },
      {
        name: 'Produits',
        to: ROUTES['products.index'],
        icon: 'fa-solid fa-boxes-stacked',
        permission: 'menu.produits',
        subActivePaths: [ROUTES['products.index']],
      },
      {
        name: 'Centrale des prix',
        to: ROUTES['priceCentre.index'],
        icon: 'fa-solid fa-money-bill-trend-up',
        permission: 'menu.centraleprix',
        subActivePaths: [ROUTES['priceCentre.index']],
      },
    ],
  },
  { name: 'Opérations', heading: true },
  {
    name: 'Opérations',
    icon: 'fa-solid fa-right-left',
    permission: 'menu.operations',
    sub: [
      {
        name: 'Entrée de stock',
        to: ROUTES['entries.index'],
        icon: 'fa-solid fa-truck-ramp-box',
        permission: 'menu.entreestock',
        subActivePaths: [ROUTES['entries.index']],
      },
      {
        name: 'Sortie de stock',
        to: ROUTES['stockExits'],
        icon: 'fa-solid fa-dolly',
        permission: 'menu.sortiestock',
        subActivePaths: [ROUTES['stockExits']],
      },
      {
        name: 'Trésorerie',
        icon: 'fa-solid fa-vault',
        permission: 'menu.tresorerie',
        sub: [
          {
            name: 'Règlement',
            to: '/operations/reglement',
            icon: 'fa-solid fa-hand-holding-dollar',
            permission: 'menu.reglement',
          },
          {
            name: 'Caisse',
            to: '/operations/caisse',
            icon: 'fa-solid fa-cash-register',
            permission: 'menu.caisse',
            subActivePaths: ['/operations/caisse'],
          },
        ],
      },
      {
        name: 'Inventaire',
        to: ROUTES['inventory.index'],
        icon: 'fa-solid fa-clipboard-list',
        permission: 'menu.inventaire',
        subActivePaths: [ROUTES['inventory.index']],
      },
    ],
  },
  { name: 'Annulations et réimpressions', heading: true },
  {
    name: 'Annulations',
    icon: 'fa-solid fa-ban',
    permission: 'menu.annulations',
    sub: [
      {
        name: 'Factures',
        to: ROUTES['sales.cancellations'],
        icon: 'fa-solid fa-file-invoice',
        permission: 'menu.annulation.factures',
      },
      {
        name: 'Transferts',
        to: ROUTES['transfers.cancellations'],
        icon: 'fa-solid fa-truck-arrow-right',
        permission: 'menu.annulation.transfert',
      },
      {
        name: 'Règlements',
        to: ROUTES['settlements.cancellations'],
        icon: 'fa-solid fa-receipt',
        permission: 'menu.annulation.reglement',
      },
    ],
  },
  { name: 'Éditions', heading: true },
  {
    name: 'Situation des ventes',
    to: ROUTES['reports.sales'],
    icon: 'fa-solid fa-chart-line',
    permission: 'menu.editions.situation',
  },
  {
    name: 'Finances',
    icon: 'fa-solid fa-coins',
    permission: 'menu.editions.finances',
    sub: [
      {
        name: 'État des règlements',
        to: ROUTES['reports.settlements'],
        icon: 'fa-solid fa-list-check',
        permission: 'menu.editions.reglement',
      },
      {
        name: 'Chiffre d’affaires',
        to: ROUTES['reports.turnover'],
        icon: 'fa-solid fa-sack-dollar',
        permission: 'menu.editions.ca',
      },
      {
        name: 'État des créances',
        to: ROUTES['reports.receivables'],
        icon: 'fa-solid fa-file-invoice-dollar',
        permission: 'menu.editions.creance',
      },
    ],
  },
  {
    name: 'État de stock',
    to: ROUTES['reports.stock'],
    icon: 'fa-solid fa-warehouse',
    permission: 'menu.editions.stock',
  },
  { name: 'Paramètres', heading: true },
  {
    name: 'Paramètres',
    icon: 'fa-solid fa-gears',
    permission: 'menu.parametres',
    sub: [
      {
        name: 'Impression',
        to: '/parametres/impression',
        icon: 'fa-solid fa-print',
        permission: 'menu.parametres.impression',
      },
      {
        name: 'Utilisateurs',
        to: ROUTES['users.index'],
        icon: 'fa-solid fa-user-gear',
        permission: 'menu.parametres.users',
        subActivePaths: [ROUTES['users.index']],
      },
      {
        name: 'Rôles et permissions',
        to: '/admin/role-permissions',
        icon: 'fa-solid fa-user-shield',
        permission: 'menu.parametres.roles',
        subActivePaths: ['/admin/role-permissions'],
      },
      {
        name: 'Société',
        to: '/parametres/societe',
        icon: 'fa-solid fa-building',
        permission: 'menu.parametres.societe',
        subActivePaths: ['/parametres/societe'],
      },
      {
        name: 'File de certification',
        to: ROUTES['fiscalQueue.index'],
        icon: 'fa-solid fa-stamp',
        permission: 'menu.parametres.societe',
        requires: 'sales.certification',
        subActivePaths: [ROUTES['fiscalQueue.index']],
      },
      { name: 'API', to: '/parametres/api', icon: 'fa-solid fa-key', permission: 'menu.parametres.api' },
      {
        name: 'Sauvegarde',
        to: '/parametres/sauvegarde',
        icon: 'fa-solid fa-database',
        permission: 'menu.parametres.backup',
      },
    ],
  },
  { name: 'Support', heading: true },
  {
    name: 'Support',
    icon: 'fa-solid fa-life-ring',
    permission: 'menu.support',
    sub: [
      {
        name: 'Documentation',
        to: ROUTES['support.documentation'],
        icon: 'fa-solid fa-book',
        permission: 'menu.support.doc',
        subActivePaths: [ROUTES['support.documentation']],
      },
      {
        name: 'Tickets',
        to: ROUTES['support.tickets.index'],
        icon: 'fa-solid fa-ticket',
        permission: 'menu.support.tickets',
        subActivePaths: [ROUTES['support.tickets.index']],
      },
      { name: 'Journaux', to: ROUTES['support.logs'], icon: 'fa-solid fa-scroll', permission: 'menu.support.logs' },
    ],
  },
];

/**
 * Keeps the nodes the user may see (`permissions`: every permission they hold): a node with a
 * permission needs it, and its `requires` too; a submenu is filtered
 * recursively and disappears when nothing is left in it; a heading stays only when a visible
 * non-heading item follows it before the next heading.
 */
export function filterMenu(nodes: MenuNode[], permissions: Iterable<string>): MenuNode[] {
  const granted = permissions instanceof Set ? (permissions as Set<string>) : new Set(permissions);
  const visible: MenuNode[] = [];
  for (const node of nodes) {
    if (node.permission && !granted.has(node.permission)) continue;
    if (node.requires && !granted.has(node.requires)) continue;
    if (node.sub) {
      const sub = filterMenu(node.sub, granted);
      if (sub.filter((n) => !n.heading).length === 0) continue;
      visible.push({ ...node, sub });
    } else {
      visible.push(node);
    }
  }
  return visible.filter((node, i) => {
    if (!node.heading) return true;
    const next = visible[i + 1];
    return next !== undefined && !next.heading;
  });
}

/** Leaf items with a route, in menu order (used by the dashboard's list of areas). */
export function menuLeaves(nodes: MenuNode[], trail: string[] = []): Array<MenuNode & { trail: string[] }> {
  const out: Array<MenuNode & { trail: string[] }> = [];
  for (const node of nodes) {
    if (node.heading) continue;
    if (node.sub) out.push(...menuLeaves(node.sub, [...trail, node.name]));
    else if (node.to) out.push({ ...node, trail });
  }
  return out;
}

/** Whether a node (or one of its descendants) matches the current path. */
export function isMenuNodeActive(node: MenuNode, path: string): boolean {
  const clean = path.split('?')[0];
  if (node.to && clean === node.to) return true;
  if (node.subActivePaths?.some((p) => clean === p || clean.startsWith(`${p}/`))) return true;
  return node.sub?.some((child) => isMenuNodeActive(child, clean)) ?? false;
}

/** Route → menu permission that opens it, derived from the tree (one source of truth). */
export function menuPermissionFor(path: string): string | undefined {
  const leaf = menuLeaves(MENU).find((n) => n.to === path);
  return leaf?.permission;
}

/** Leaves with their trail, for the header search (screens group of the global search). */
export function searchableLeaves(nodes: MenuNode[], trail: string[] = []): Array<{ node: MenuNode; trail: string[] }> {
  const out: Array<{ node: MenuNode; trail: string[] }> = [];
  for (const node of nodes) {
    if (node.heading) continue;
    if (node.sub) out.push(...searchableLeaves(node.sub, [...trail, node.name]));
    else if (node.to) out.push({ node, trail });
  }
  return out;
}

/** Accent- and case-insensitive match ("regle" finds "Règlement"). */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr-FR').trim();
}

export function searchMenu(nodes: MenuNode[], query: string, limit = 8) {
  const q = normalizeSearch(query);
  const leaves = searchableLeaves(nodes);
  if (!q) return leaves.slice(0, limit);
  const words = q.split(/\s+/u);
  return leaves
    .map((entry) => {
      const name = normalizeSearch(entry.node.name);
      const hay = normalizeSearch([...entry.trail, entry.node.name].join(' '));
      if (!words.every((w) => hay.includes(w))) return null;
      const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : 2;
      return { ...entry, score };
    })
    .filter((e): e is NonNullable<typeof e> => e !== null)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit);
}
