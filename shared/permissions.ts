/**
 * The one permission catalogue (DESIGN.md §6): the server guard, the menu filter and the role
 * editor all read it. Menu permissions open a screen; action permissions allow what a screen does.
 */
export interface PermissionDef<N extends string = string> {
  readonly name: N;
  readonly label: string;
  /** What the role editor says beside it (a rule the permission alone does not tell). */
  readonly note?: string;
}
export interface PermissionArea {
  readonly area: string;
  readonly label: string;
  readonly menu: readonly PermissionDef[];
  readonly actions: readonly PermissionDef[];
}

const crud = <A extends string>(area: A, what: string) =>
  [
    { name: `${area}.create`, label: `Créer des ${what}` },
    { name: `${area}.update`, label: `Modifier des ${what}` },
    { name: `${area}.delete`, label: `Supprimer ou archiver des ${what}` },
    { name: `${area}.export`, label: `Exporter et importer des ${what}` },
  ] as const;

/** Beside the backup permissions (server/policies/places.ts WHOLE_DATABASE_PERMISSIONS). */
const WHOLE_DATABASE_NOTE =
  'Jamais pour un utilisateur restreint à des emplacements : une sauvegarde contient toute la base, tous les emplacements.';

export const PERMISSION_CATALOGUE = [
  {
    area: 'general',
    label: 'Général',
    menu: [
      { name: 'menu.dashboard', label: 'Tableau de bord' },
      { name: 'menu.profile', label: 'Profil' },
    ],
    actions: [],
  },
  {
    area: 'fichiers',
    label: 'Fichiers',
    menu: [
      { name: 'menu.fichiers', label: 'Menu Fichiers' },
      { name: 'menu.clients', label: 'Clients' },
      { name: 'menu.fournisseurs', label: 'Fournisseurs' },
      { name: 'menu.categories', label: 'Catégories' },
      { name: 'menu.produits', label: 'Produits' },
      { name: 'menu.centraleprix', label: 'Centrale des prix' },
    ],
    actions: [
      ...crud('clients', 'clients'),
      ...crud('suppliers', 'fournisseurs'),
      ...crud('categories', 'catégories'),
      ...crud('products', 'produits'),
      { name: 'prices.update', label: 'Modifier les prix' },
    ],
  },
  {
    area: 'operations',
    label: 'Opérations',
    menu: [
      { name: 'menu.operations', label: 'Menu Opérations' },
      { name: 'menu.entreestock', label: 'Entrée de stock' },
      { name: 'menu.sortiestock', label: 'Sortie de stock' },
      { name: 'menu.tresorerie', label: 'Trésorerie' },
      { name: 'menu.reglement', label: 'Règlement' },
      { name: 'menu.caisse', label: 'Caisse' },
      { name: 'menu.inventaire', label: 'Inventaire' },
    ],
    actions: [
      { name: 'stock_entries.create', label: 'Valider des entrées de stock' },
      { name: 'stock_entries.cancel', label: 'Annuler des entrées de stock' },
      { name: 'transfers.create', label: 'Créer des transferts' },
      { name: 'transfers.cancel', label: 'Annuler des transferts' },
      { name: 'sales.create', label: 'Créer des ventes' },
      { name: 'sales.below_min_price', label: 'Vendre sous le prix minimum' },
      { name: 'sales.beyond_credit_limit', label: 'Vendre au-delà du plafond de crédit' },
      { name: 'sales.correct', label: 'Corriger des ventes boutique (avoirs, remboursements)' },
      { name: 'invoices.cancel', label: 'Annuler des factures' },
      { name: 'documents.reprint', label: 'Réimprimer des documents' },
      { name: 'settlements.create', label: 'Enregistrer des règlements' },
      { name: 'settlements.cancel', label: 'Annuler des règlements' },
      { name: 'cash.payment', label: 'Décaissements' },
      { name: 'cash.cash_in', label: 'Apports en caisse' },
      { name: 'cash.transfer', label: 'Transferts entre caisses et mobile money' },
      { name: 'cash.bank_deposit', label: 'Versements en banque et retraits bancaires' },
      { name: 'cash.supplier_payment', label: 'Paiements fournisseurs' },
      { name: 'cash.cancel', label: 'Annuler des opérations de caisse' },
      { name: 'cash.expense_categories', label: 'Gérer les catégories de dépenses' },
      { name: 'cash.closing', label: 'Arrêtés de caisse' },
      { name: 'cash.reopen', label: 'Rouvrir un arrêté de caisse' },
      { name: 'inventory.count', label: 'Saisir des inventaires' },
      { name: 'inventory.validate', label: 'Valider des inventaires et réajustements' },
    ],
  },
  {
    area: 'annulations',
    label: 'Annulations et réimpressions',
    menu: [
      { name: 'menu.annulations', label: 'Menu Annulations' },
      { name: 'menu.annulation.factures', label: 'Annulation des factures' },
      { name: 'menu.annulation.transfert', label: 'Annulation des transferts' },
      { name: 'menu.annulation.reglement', label: 'Annulation des règlements' },
    ],
    actions: [],
  },
  {
    area: 'editions',
    label: 'Éditions',
    menu: [
      { name: 'menu.editions.finances', label: 'Éditions financières' },
      { name: 'menu.editions.situation', label: 'Situation des ventes' },
      { name: 'menu.editions.reglement', label: 'État des règlements' },
      { name: 'menu.editions.ca', label: 'Chiffre d’affaires' },
      { name: 'menu.editions.stock', label: 'État de stock' },
      { name: 'menu.editions.creance', label: 'État des créances' },
    ],
    actions: [{ name: 'reports.view_costs', label: 'Voir les coûts et les marges' }],
  },
  {
    area: 'parametres',
    label: 'Paramètres',
    menu: [
      { name: 'menu.parametres', label: 'Menu Paramètres' },
      { name: 'menu.parametres.impression', label: 'Impression' },
      { name: 'menu.parametres.users', label: 'Utilisateurs' },
      { name: 'menu.parametres.roles', label: 'Rôles et permissions' },
      { name: 'menu.parametres.societe', label: 'Société' },
      { name: 'menu.parametres.api', label: 'API' },
      { name: 'menu.parametres.backup', label: 'Sauvegarde', note: WHOLE_DATABASE_NOTE },
    ],
    actions: [
      { name: 'users.manage', label: 'Gérer les utilisateurs' },
      { name: 'roles.manage', label: 'Gérer les rôles et permissions' },
      { name: 'company.manage', label: 'Gérer la société, les emplacements et les caisses' },
      { name: 'printing.manage', label: 'Gérer les paramètres d’impression' },
      { name: 'api_tokens.manage', label: 'Gérer les jetons d’API' },
      {
        name: 'sales.certification',
        label: 'File de certification (factures certifiées par la DGI)',
        note: 'Ouvre Paramètres › File de certification : renvoyer un document à la DGI, saisir à la main sa référence fiscale.',
      },
      { name: 'backup.manage', label: 'Sauvegarder et restaurer', note: WHOLE_DATABASE_NOTE },
    ],
  },
  {
    area: 'support',
    label: 'Support',
    menu: [
      { name: 'menu.support', label: 'Menu Support' },
      { name: 'menu.support.doc', label: 'Documentation' },
      { name: 'menu.support.tickets', label: 'Tickets' },
      { name: 'menu.support.logs', label: 'Journaux' },
    ],
    actions: [
      {
        name: 'support.manage',
        label: 'Traiter les tickets de support (tous les tickets, attribution, réponses, statut)',
      },
    ],
  },
] as const satisfies readonly PermissionArea[];

type Catalogue = (typeof PERMISSION_CATALOGUE)[number];
/** Every permission name, as a type: a misspelled name fails the type check wherever it is used. */
export type Permission = Catalogue['menu' | 'actions'][number]['name'];
export type MenuPermission = Catalogue['menu'][number]['name'];
export type MenuName = MenuPermission extends `menu.${infer N}` ? N : never;

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.flatMap((a): readonly Permission[] =>
  [...a.menu, ...a.actions].map((p) => p.name),
);
export const MENU_PERMISSIONS: readonly MenuPermission[] = PERMISSION_CATALOGUE.flatMap(
  (a): readonly MenuPermission[] => a.menu.map((p) => p.name),
);
const ACTION_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.flatMap((a): readonly Permission[] =>
  a.actions.map((p) => p.name),
);

/** Permission name → its French label (audit history, messages). */
export const ALL_PERMISSION_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  PERMISSION_CATALOGUE.flatMap((a): Array<[string, string]> => [...a.menu, ...a.actions].map((p) => [p.name, p.label])),
);

/** For names that come from outside the code (a role form, the database). */
export function isKnownPermission(name: string): name is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(name);
}

const allMenu = MENU_PERMISSIONS;
const menus = (...names: MenuName[]): MenuPermission[] => names.map((n) => `menu.${n}` as MenuPermission);

/** The six roles seeded at first start (DESIGN.md §6); roles are data, editable afterwards. */
export const SEEDED_ROLES: Array<{
  name: string;
  description: string;
  isAdmin?: boolean;
  permissions: readonly Permission[];
}> = [
  {
    name: 'Administrateur',
    description: 'Accès complet à toutes les fonctions',
    isAdmin: true,
    permissions: ALL_PERMISSIONS,
  },
  {
    name: 'Gérant',
    description: 'Pilote la boutique : ventes, stock, caisse, éditions',
    permissions: [
      ...allMenu.filter(
        (m) =>
          ![
            'menu.parametres.users',
            'menu.parametres.roles',
            'menu.parametres.api',
            'menu.parametres.backup',
            'menu.support.logs',
          ].includes(m),
      ),
      ...ACTION_PERMISSIONS.filter(
        (p) =>
          !['users.manage', 'roles.manage', 'api_tokens.manage', 'backup.manage', 'sales.certification'].includes(p),
      ),
    ],
  },
  {
    name: 'Caissier',
    description: 'Encaisse les ventes et les règlements, tient sa caisse',
    permissions: [
      ...menus(
        'dashboard',
        'profile',
        'fichiers',
        'clients',
        'produits',
        'operations',
        'sortiestock',
        'tresorerie',
        'reglement',
        'caisse',
        'support',
        'support.doc',
        'support.tickets',
      ),
      'clients.create',
      'clients.update',
      'sales.create',
      'documents.reprint',
      'settlements.create',
      'cash.payment',
      'cash.cash_in',
      'cash.transfer',
      'cash.closing',
    ],
  },
  {
    name: 'Magasinier',
    description: 'Réceptionne, transfère et compte la marchandise',
    permissions: [
      ...menus(
        'dashboard',
        'profile',
        'fichiers',
        'produits',
        'categories',
        'fournisseurs',
        'operations',
        'entreestock',
        'sortiestock',
        'inventaire',
        'annulations',
        'annulation.transfert',
        'editions.stock',
        'support',
        'support.doc',
        'support.tickets',
      ),
      'stock_entries.create',
      'transfers.create',
      'documents.reprint',
      'inventory.count',
    ],
  },
  {
    name: 'Vendeur',
    description: 'Vend aux clients et consulte les prix et le stock',
    permissions: [
      ...menus(
        'dashboard',
        'profile',
        'fichiers',
        'clients',
        'produits',
        'operations',
        'sortiestock',
        'editions.situation',
        'support',
        'support.doc',
        'support.tickets',
      ),
      'clients.create',
      'sales.create',
      'documents.reprint',
    ],
  },
  {
    name: 'Comptable',
    description: 'Suit les règlements, les créances, la caisse et les éditions',
    permissions: [
      ...menus(
        'dashboard',
        'profile',
        'fichiers',
        'clients',
        'fournisseurs',
        'produits',
        'operations',
        'tresorerie',
        'reglement',
        'caisse',
        'annulations',
        'annulation.factures',
        'annulation.reglement',
      ),
      ...allMenu.filter((m) => m.startsWith('menu.editions')),
      ...menus('support', 'support.doc', 'support.tickets', 'support.logs'),
      'clients.export',
      'suppliers.export',
      'settlements.create',
      'settlements.cancel',
      'invoices.cancel',
      'documents.reprint',
      'cash.bank_deposit',
      'cash.transfer',
      'cash.supplier_payment',
      'cash.cancel',
      'reports.view_costs',
    ],
  },
];
