/**
 * The one route table: route name → URL pattern. The server's routers register these patterns
 * (`r.get(ROUTES['clients.show'], …)`) and the client builds its links and form targets with
 * `route('clients.show', { id })`: a misspelled name or a missing parameter fails the type check,
 * and a URL changes in one place. Paths follow the specification's menu (DESIGN.md §6), hence the
 * French segments; names are English (DESIGN.md §11).
 */

/** The routes every archivable record has: list, form, record (GET, PUT, DELETE), edit, archive/restore. */
const records = <B extends string>(base: B) =>
  ({
    index: base,
    create: `${base}/create`,
    show: `${base}/:id`,
    edit: `${base}/:id/edit`,
    archive: `${base}/:id/archive`,
    restore: `${base}/:id/restore`,
  }) as const;

/** CSV/XLSX export of a list (same filters as the list). */
const exports = <B extends string>(base: B) => ({ export: `${base}/export` }) as const;

/** A CSV/XLSX import: upload page (GET) and preview (POST), confirmation of a previewed batch, template. */
const imports = <B extends string>(base: B) =>
  ({
    import: `${base}/import`,
    importApply: `${base}/import/:batch/apply`,
    importTemplate: `${base}/import/modele`,
  }) as const;

type Prefixed<P extends string, T extends Record<string, string>> = { [K in keyof T as `${P}.${K & string}`]: T[K] };
const prefixed = <P extends string, const T extends Record<string, string>>(prefix: P, table: T): Prefixed<P, T> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [`${prefix}.${k}`, v])) as Prefixed<P, T>;

const CLIENTS = '/fichiers/clients';
const SUPPLIERS = '/fichiers/fournisseurs';
const CATEGORIES = '/fichiers/categories';
const PRODUCTS = '/fichiers/produits';
const PRICE_CENTRE = '/fichiers/centraleprix';
const LOCATIONS = '/parametres/societe/emplacements';
const CASH_DESKS = '/parametres/societe/caisses';
const TREASURY_ACCOUNTS = '/parametres/societe/banques-mobile-money';
const BACKUPS = '/parametres/sauvegarde';
const ENTRIES = '/operations/entreestock';
const TRANSFERS = '/operations/sortiestock/transferts';
const CREDIT_NOTES = '/operations/sortiestock/corrections';
const INVENTORY = '/operations/gestionstock';
const USERS = '/parametres/utilisateurs';
const API_V1 = '/api/v1';
const COUNTER = '/operations/sortiestock/boutique';
const INVOICES = '/operations/sortiestock/factures';
const COUNTER_SALES = '/operations/sortiestock/ventes-boutique';
const SALES = '/operations/sortiestock/ventes';
const CASH_CLOSINGS = '/operations/caisse/arretes';
const SETTLEMENTS = '/operations/reglement';
const CASH = '/operations/caisse';
const CASH_OPERATIONS = '/operations/caisse/operations';
const EXPENSE_CATEGORIES = '/operations/caisse/categories-depenses';

export const ROUTES = {
  home: '/',
  // Probes (server/http/routes/health.ts): process up, ready to serve.
  health: '/healthz',
  ready: '/readyz',
  dashboard: '/dashboard',

  // Accounts
  login: '/login',
  logout: '/logout',
  register: '/register',
  'password.forgot': '/forgot-password',
  'password.reset': '/reset-password/:token',
  'password.update': '/reset-password',
  'password.confirm': '/confirm-password',
  'verification.notice': '/verify-email',
  'verification.send': '/email/verification-notification',
  'verification.verify': '/verify-email/:id/:hash',
  profile: '/profile',
  'profile.password': '/password',
  /** The initial password given by an administrator is changed here before anything else. */
  'password.change': '/mot-de-passe/changer',

  // Fichiers
  ...prefixed('clients', { ...records(CLIENTS), ...exports(CLIENTS), ...imports(CLIENTS) }),
  /** The statement of account (relevé de compte) of a client for a period: A4 printout and CSV/XLSX export (the screen is the client's page). */
  'clients.statementPrint': `${CLIENTS}/:id/releve/imprimer`,
  'clients.statementExport': `${CLIENTS}/:id/releve/export`,
  ...prefixed('suppliers', { ...records(SUPPLIERS), ...exports(SUPPLIERS) }),
  ...prefixed('categories', { ...records(CATEGORIES), ...exports(CATEGORIES) }),
  ...prefixed('products', {
    ...records(PRODUCTS),
    ...exports(PRODUCTS),
    ...imports(PRODUCTS),
    stock: `${PRODUCTS}/:id/stock`,
  }),
  'priceCentre.index': PRICE_CENTRE,
  'priceCentre.export': `${PRICE_CENTRE}/export`,
  'priceCentre.preview': `${PRICE_CENTRE}/apercu`,
  'priceCentre.apply': `${PRICE_CENTRE}/appliquer`,
  'pickers.products': '/pickers/products',
  'pickers.clients': '/pickers/clients',
  search: '/recherche',

  // Opérations — stock
  ...prefixed('entries', {
    index: ENTRIES,
    create: `${ENTRIES}/create`,
    statement: `${ENTRIES}/etat`,
    show: `${ENTRIES}/:id`,
    print: `${ENTRIES}/:id/print`,
    cancel: `${ENTRIES}/:id/cancel`,
  }),
  // « Stock initial »: the opening-stock form and its import (before entries.show's :id in the router).
  ...prefixed('openingStock', { create: `${ENTRIES}/stock-initial`, ...imports(`${ENTRIES}/stock-initial`) }),
  stockExits: '/operations/sortiestock',
  ...prefixed('transfers', {
    index: TRANSFERS,
    create: `${TRANSFERS}/create`,
    show: `${TRANSFERS}/:id`,
    print: `${TRANSFERS}/:id/print`,
    receive: `${TRANSFERS}/:id/receive`,
    cancel: `${TRANSFERS}/:id/cancel`,
    cancellations: '/operations/transfert/annulation',
  }),
  // Correction vente boutique: returns of a counter sale → credit notes (AV-).
  ...prefixed('creditNotes', {
    index: CREDIT_NOTES,
    create: `${CREDIT_NOTES}/create`,
    export: `${CREDIT_NOTES}/export`,
    show: `${CREDIT_NOTES}/:id`,
    print: `${CREDIT_NOTES}/:id/print`,
    shares: `${CREDIT_NOTES}/:id/partages`,
    revokeShare: `${CREDIT_NOTES}/:id/partages/:share/revoke`,
  }),
  // Vente boutique (the counter screen; GET shows it, POST validates a sale) and its cash ticket.
  'counter.index': COUNTER,
  'counter.store': COUNTER,
  // Ventes en attente: the cashier's parked baskets (POST parks — or parks again — one, DELETE discards it).
  'counter.park': `${COUNTER}/attente`,
  'counter.parked': `${COUNTER}/attente/:id`,
  'sales.ticket': `${SALES}/:id/ticket`,
  // Sortie de stock › Ventes détaillées (FAC-) and Ventes boutique (VB-): one list, one show page, one printout.
  'sales.invoices': INVOICES,
  'sales.invoices.create': `${INVOICES}/create`,
  'sales.invoices.export': `${INVOICES}/export`,
  'sales.counterSales': COUNTER_SALES,
  'sales.counterSales.export': `${COUNTER_SALES}/export`,
  'sales.show': `${SALES}/:id`,
  'sales.print': `${SALES}/:id/print`,
  // « Partager »: a public link to the receipt (POST, JSON answer: its URL, shown once), and revoking one.
  'sales.shares': `${SALES}/:id/partages`,
  'sales.revokeShare': `${SALES}/:id/partages/:share/revoke`,
  // The receipt a shared link opens: no sign-in, read-only (server/http/routes/receipts.ts).
  'receipts.show': '/recu/:token',
  // Caisse › Situation de caisse (an account over a period: print A4, CSV/XLSX export) and Arrêtés de
  // caisse (GET the list, POST validates a closing; the form, a closing, its report A4/80 mm, its reopening).
  'cash.situation': '/operations/caisse/situation',
  'cash.situation.print': '/operations/caisse/situation/print',
  'cash.situation.export': '/operations/caisse/situation/export',
  ...prefixed('cash.closings', {
    index: CASH_CLOSINGS,
    create: `${CASH_CLOSINGS}/create`,
    show: `${CASH_CLOSINGS}/:id`,
    print: `${CASH_CLOSINGS}/:id/print`,
    reopen: `${CASH_CLOSINGS}/:id/reopen`,
  }),
  // Annulations et réimpressions › Factures: search FAC- and VB-, cancel (POST), reprint.
  'sales.cancellations': '/operations/facture/showfactureanulation',
  'sales.cancel': '/operations/facture/showfactureanulation/:id/cancel',
  // Annulations et réimpressions › Règlements: search REG-, cancel (POST), reprint the receipt.
  'settlements.cancellations': '/operations/reglement/getanulationreglement',
  'settlements.cancel': '/operations/reglement/getanulationreglement/:id/cancel',
  // Trésorerie › Règlement: client settlements (REG-); POST on the list's URL validates one.
  ...prefixed('settlements', {
    index: SETTLEMENTS,
    create: `${SETTLEMENTS}/create`,
    export: `${SETTLEMENTS}/export`,
    show: `${SETTLEMENTS}/:id`,
    print: `${SETTLEMENTS}/:id/print`,
  }),
  // Trésorerie › Caisse (issue 16): the home (accounts, an account's movements), the CAI- operations, the balances at a date.
  'cash.index': CASH,
  'cash.export': `${CASH}/mouvements/export`,
  'cash.balance': `${CASH}/soldes`,
  ...prefixed('cashOperations', {
    index: CASH_OPERATIONS,
    create: `${CASH_OPERATIONS}/create`,
    show: `${CASH_OPERATIONS}/:id`,
    print: `${CASH_OPERATIONS}/:id/print`,
    receive: `${CASH_OPERATIONS}/:id/receive`,
    cancel: `${CASH_OPERATIONS}/:id/cancel`,
  }),
  ...prefixed('expenseCategories', { ...records(EXPENSE_CATEGORIES), ...exports(EXPENSE_CATEGORIES) }),

  // Éditions (issue 17): each report's screen, its CSV/XLSX export and its A4 printout (the report frame, shared/reports.ts).
  'reports.sales': '/api/rapports/getsitvente',
  'reports.sales.export': '/api/rapports/getsitvente/export',
  'reports.sales.print': '/api/rapports/getsitvente/print',
  'reports.turnover': '/chiffre-affaires/showca',
  'reports.turnover.export': '/chiffre-affaires/showca/export',
  'reports.turnover.print': '/chiffre-affaires/showca/print',
  'reports.stock': '/api/etat-stock/showetatstock',
  'reports.stock.export': '/api/etat-stock/showetatstock/export',
  'reports.stock.print': '/api/etat-stock/showetatstock/print',
  'reports.settlements': '/chiffre-affaires/showlistereg',
  'reports.settlements.export': '/chiffre-affaires/showlistereg/export',
  'reports.settlements.print': '/chiffre-affaires/showlistereg/print',
  'reports.receivables': '/api/etat-creance/showcreance',
  'reports.receivables.export': '/api/etat-creance/showcreance/export',
  'reports.receivables.print': '/api/etat-creance/showcreance/print',
  ...prefixed('inventory', {
    index: INVENTORY,
    create: `${INVENTORY}/create`,
    show: `${INVENTORY}/:id`,
    counts: `${INVENTORY}/:id/counts`,
    scan: `${INVENTORY}/:id/scan`,
    validate: `${INVENTORY}/:id/validate`,
    abandon: `${INVENTORY}/:id/abandon`,
    sheet: `${INVENTORY}/:id/print`,
    adjustment: `${INVENTORY}/:id/ajustement`,
    readjust: `${INVENTORY}/reajustement`,
    readjustmentPrint: `${INVENTORY}/reajustements/:id/print`,
  }),

  // Paramètres › Utilisateurs
  ...prefixed('users', {
    index: USERS,
    create: `${USERS}/create`,
    show: `${USERS}/:id`,
    edit: `${USERS}/:id/edit`,
    deactivate: `${USERS}/:id/desactiver`,
    reactivate: `${USERS}/:id/reactiver`,
    resetLink: `${USERS}/:id/lien-mot-de-passe`,
  }),
  // Support
  'support.documentation': '/support/documentation',
  'support.documentation.chapter': '/support/documentation/:slug',
  'support.documentation.image': '/support/documentation/images/:file',
  'support.tickets.index': '/support/tickets',
  'support.tickets.create': '/support/tickets/create',
  'support.tickets.show': '/support/tickets/:id',
  'support.tickets.reply': '/support/tickets/:id/replies',
  'support.tickets.status': '/support/tickets/:id/status',
  'support.tickets.assign': '/support/tickets/:id/assign',
  'support.tickets.attachment': '/support/tickets/:id/attachments/:attachment',
  'support.logs': '/support/logs',
  'support.logs.export': '/support/logs/export',
  'support.logs.check': '/support/logs/integrity',

  // Paramètres › Société
  'company.settings': '/parametres/societe',
  'company.logo': '/parametres/societe/logo',
  'company.accounts': '/parametres/societe/comptes',
  'company.fiscal': '/parametres/societe/facturation-electronique',
  ...prefixed('locations', records(LOCATIONS)),
  ...prefixed('cashDesks', records(CASH_DESKS)),
  // Bank and mobile-money accounts; the ledger export serves every treasury account (a cash desk's too).
  ...prefixed('treasuryAccounts', {
    ...records(TREASURY_ACCOUNTS),
    ...exports(TREASURY_ACCOUNTS),
    movementsExport: `${TREASURY_ACCOUNTS}/:id/mouvements/export`,
  }),

  // Paramètres › File de certification: the outbox of certified documents by state; a refused or
  // uncertain one resent (POST), an uncertain one's fiscal reference recorded by hand (POST).
  'fiscalQueue.index': '/parametres/societe/certification',
  'fiscalQueue.resend': '/parametres/societe/certification/:id/renvoyer',
  'fiscalQueue.reference': '/parametres/societe/certification/:id/reference',

  // Paramètres › API: personal access tokens (POST on the index creates one) and the API reference.
  'apiTokens.index': '/parametres/api',
  'apiTokens.reference': '/parametres/api/reference',
  'apiTokens.revoke': '/parametres/api/:id/revoke',

  // REST API v1 (server/http/api): Bearer tokens only, JSON only.
  'api.openapi': `${API_V1}/openapi.json`,
  'api.products.index': `${API_V1}/products`,
  'api.products.show': `${API_V1}/products/:id`,
  'api.products.stock': `${API_V1}/products/:id/stock`,
  'api.locations.index': `${API_V1}/locations`,
  'api.stockLevels.index': `${API_V1}/stock-levels`,
  'api.clients.index': `${API_V1}/clients`,
  'api.clients.show': `${API_V1}/clients/:id`,
  'api.invoices.index': `${API_V1}/invoices`,
  'api.invoices.show': `${API_V1}/invoices/:id`,
  'api.settlements.index': `${API_V1}/settlements`,
  'api.settlements.show': `${API_V1}/settlements/:id`,
  'api.treasury.accounts': `${API_V1}/treasury/accounts`,
  'api.treasury.movements': `${API_V1}/treasury/movements`,

  // Paramètres › Impression, Rôles et permissions
  'printing.index': '/parametres/impression',
  'printing.show': '/parametres/impression/:type',
  // A document printed from its preview (POST, JSON): the print is counted, original or DUPLICATA (server/http/routes/prints.ts).
  'prints.record': '/impressions',
  'roles.index': '/admin/role-permissions',
  'roles.show': '/admin/role-permissions/:id',
  'roles.duplicate': '/admin/role-permissions/:id/duplicate',
  // Paramètres › Sauvegarde (GET the screen, POST a backup now)
  ...prefixed('backups', {
    index: BACKUPS,
    settings: `${BACKUPS}/planification`,
    upload: `${BACKUPS}/restaurer-fichier`,
    download: `${BACKUPS}/:name/telecharger`,
    restore: `${BACKUPS}/:name/restaurer`,
    destroy: `${BACKUPS}/:name`,
  }),
} as const;

export type RouteName = keyof typeof ROUTES;

/** The `:name` parameters of a pattern, as an object type (`{ id: … }`), or never when it has none. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTES)[N]>]: string | number };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

type RouteArgs<N extends RouteName> = [ParamNames<(typeof ROUTES)[N]>] extends [never]
  ? [query?: Query]
  : [params: RouteParams<N>, query?: Query];

/**
 * The URL of a named route: parameters filled in (URL-encoded), then the query string from the
 * defined, non-empty values (`route('entries.print', { id: 4 }, { print: 1 })` →
 * `/operations/entreestock/4/print?print=1`).
 */
export function route<N extends RouteName>(name: N, ...args: RouteArgs<N>): string {
  const pattern: string = ROUTES[name];
  const hasParams = pattern.includes(':');
  const params = (hasParams ? args[0] : undefined) as Record<string, string | number> | undefined;
  const query = (hasParams ? args[1] : args[0]) as Query | undefined;
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === '') throw new Error(`route(${name}): paramètre « ${key} » manquant`);
    return encodeURIComponent(String(value));
  });
  return query ? path + queryString(query) : path;
}

/** `?a=1&b=x` from the defined, non-empty values ('' when none); arrays repeat the key. */
export function queryString(query: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === '' || v === false) continue;
      search.append(key, v === true ? '1' : String(v));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
