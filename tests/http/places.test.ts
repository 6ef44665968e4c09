import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteName, route } from '../../shared/routes.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { EVERY_PLACE, UNALLOWED_LOCATION, placeScope } from '../../server/policies/places.js';
import { whereAllowedLocation, whereAllowedTreasuryAccount } from '../../server/services/places/scope.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { registeredRoutes } from '../support/routes.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { adminActor, cashPayment, line, makeClient, saleInput, sell, walkInClient } from '../support/sales.js';
import { download } from '../support/master-data.js';
import { giveStock, idempotencyKey, makeProduct } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';
import { apiClient, tokenFor } from '../support/api.js';
import { certificationRow } from '../support/fiscal.js';
import { closeDesk, makeTreasuryAccount } from '../support/treasury.js';
import { settle, settlementInput } from '../support/settlements.js';
import { cashDeskAccountId } from '../../server/services/treasury/cash-desk-accounts.js';
import { paymentAccounts } from '../../server/services/treasury/accounts.js';
import { resolvePaymentAccounts } from '../../server/services/sales/payment-accounts.js';
import { UNALLOWED_TREASURY_ACCOUNT } from '../../server/policies/places.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import { recordAudit } from '../../server/services/audit/record-audit.js';
import { createRole } from '../../server/services/roles/create-role.js';

/**
 * The allowed places (server/policies/places.ts), route by route: a user of Boutique 1 never sees
 * nor acts on Boutique 2. Every route of the route table is enumerated from the routers (the walker
 * of tests/support/routes.ts) and must be named below — as a list (the other place's documents,
 * names and options absent, the user's own present), a document of a place (404 for the other
 * place's, 200 for the user's), an action on such a document (404), or in NO_PLACE with the reason
 * it shows no place. A new list or document route that is not listed here fails the first test.
 */

const today = () => businessDate('Africa/Abidjan');

interface Data {
  tag: string;
  mine: number;
  theirs: number;
  theirsName: string;
  product: number;
  entryMine: { id: number; number: string };
  entryTheirs: { id: number; number: string };
  /** Boutique 1 → dépôt: the user sends it. */
  transferOut: { id: number; number: string };
  /** Boutique 2 → Boutique 1: the user receives it (sees it, cannot cancel it). */
  transferIn: { id: number; number: string };
  /** Boutique 2 → dépôt: none of the user's business. */
  transferTheirs: { id: number; number: string };
  countMine: number;
  countTheirs: number;
  adjustmentMine: number;
  adjustmentTheirs: { id: number; number: string };
  deskTheirs: number;
  deskTheirsName: string;
  /** Counter sales (VB-) and their credit notes (AV-), at Boutique 1 and Boutique 2. */
  saleMine: { id: number; number: string };
  saleTheirs: { id: number; number: string; lineId: number };
  noteMine: { id: number; number: string };
  noteTheirs: { id: number; number: string };
  /** Refused certifications of saleMine and saleTheirs (Paramètres › File de certification). */
  fiscalMine: number;
  fiscalTheirs: number;
  /** Treasury accounts: the user works on bankMine and walletMine (user_treasury_accounts) and on the desks of Boutique 1. */
  bankMine: { id: number; name: string };
  bankTheirs: { id: number; name: string };
  walletMine: number;
  walletTheirs: number;
  deskMineAccount: number;
  deskTheirsAccount: number;
  /** Arrêtés de caisse of a past day, on the user's desk and on the other shop's. */
  closingMine: number;
  closingTheirs: number;
  walkIn: number;
  /** Invoices (FAC-) of one named client at Boutique 1 and Boutique 2 (another product: the first one's stock figures stay). */
  client: number;
  invoiceMine: { id: number; number: string };
  invoiceTheirs: { id: number; number: string };
  /** Settlements (REG-) of that client: into the user's bank, and into the other user's bank. */
  settlementMine: { id: number; number: string };
  settlementTheirs: { id: number; number: string };
  /** Caisse operations (CAI-): an expense from the desk of Boutique 1, one from the other shop's desk. */
  cashMine: { id: number; number: string };
  cashTheirs: { id: number; number: string };
  /** The administrator's session (to compare totals). */
  admin: Client;
  /** The user's REST API token (products, stock, treasury). */
  api: ReturnType<typeof apiClient>;
}

type Check = (c: Client, d: Data) => Promise<void>;

/** The body of an answer as text (props, JSON, file): what the other place must never appear in. */
const text = (res: { body: unknown; text?: string }) => res.text ?? JSON.stringify(res.body);

/** A list or form: 200, the other place absent (its name, its documents' numbers), what is the user's present. */
const list =
  (
    url: (d: Data) => string,
    present: (d: Data) => string[],
    absent: (d: Data) => string[] = (d) => [d.theirsName],
  ): Check =>
  async (c, d) => {
    const res = await c.visit(url(d));
    expect(res.status, url(d)).toBe(200);
    const body = text(res);
    for (const s of present(d)) expect(body, `${url(d)} devrait montrer ${s}`).toContain(s);
    for (const s of absent(d)) expect(body, `${url(d)} ne doit pas montrer ${s}`).not.toContain(s);
  };

/** The checks made by `document`: their routes must declare the places guard (the drill reads it). */
const DOCUMENT_CHECKS = new WeakSet<Check>();

/** A document route: the other place's answers 404, the user's 200 (`mine` null when it has no own case). */
const document = (theirs: (d: Data) => string, mine: ((d: Data) => string) | null): Check => {
  const check: Check = async (c, d) => {
    expect((await c.visit(theirs(d))).status, theirs(d)).toBe(404);
    if (mine) expect((await c.visit(mine(d))).status, mine(d)).toBe(200);
  };
  DOCUMENT_CHECKS.add(check);
  return check;
};

/** A REST API read: 200 and its JSON body. */
const apiGet = async (d: Data, url: string) => {
  const res = await d.api.get(url);
  expect(res.status, url).toBe(200);
  return res.body;
};
/** A sales list (invoices or counter sales): the user's sale there, the other place's absent, the totals those of Boutique 1. */
function salesList(
  name: 'sales.invoices' | 'sales.counterSales',
  mine: (d: Data) => string,
  theirs: (d: Data) => string,
): Check {
  return async (c, d) => {
    await list(
      () => ROUTES[name],
      (d) => [mine(d)],
      (d) => [theirs(d), d.theirsName],
    )(c, d);
    const own = (await c.visit(ROUTES[name])).body.props.totals;
    const atMine = (await d.admin.visit(`${ROUTES[name]}?location_id=${d.mine}`)).body.props.totals;
    const everywhere = (await d.admin.visit(ROUTES[name])).body.props.totals;
    expect(own).toEqual(atMine);
    expect(everywhere.total).toBeGreaterThan(own.total);
  };
}
function salesExport(
  name: 'sales.invoices.export' | 'sales.counterSales.export',
  mine: (d: Data) => string,
  theirs: (d: Data) => string,
): Check {
  return async (c, d) => {
    const res = await download(c, ROUTES[name]);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(mine(d));
    expect(body).not.toContain(theirs(d));
    expect(body).not.toContain(d.theirsName);
  };
}
const TA = (id: number) => `/parametres/societe/banques-mobile-money/${id}`;
const ids = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));

const E = (id: number) => `/operations/entreestock/${id}`;
const T = (id: number) => `/operations/sortiestock/transferts/${id}`;
const I = (id: number) => `/operations/gestionstock/${id}`;

const PLACED_GETS: Partial<Record<RouteName, Check>> = {
  // Tableau de bord: figures and last documents of the user's places (totals proven in tests/http/dashboard.test.ts).
  dashboard: list(
    () => ROUTES['dashboard'],
    (d) => [d.bankMine.name],
    (d) => [
      d.deskTheirsName,
      d.bankTheirs.name,
      d.entryTheirs.number,
      d.transferTheirs.number,
      d.invoiceTheirs.number,
      d.saleTheirs.number,
      d.settlementTheirs.number,
      d.cashTheirs.number,
    ],
  ),
  // The outbox's rows of the user's places only.
  'fiscalQueue.index': list(
    () => `${ROUTES['fiscalQueue.index']}?tab=refused`,
    (d) => [d.saleMine.number],
    (d) => [d.saleTheirs.number, d.theirsName],
  ),
  'entries.index': list(
    () => ROUTES['entries.index'],
    (d) => [d.entryMine.number],
    (d) => [d.theirsName, d.entryTheirs.number],
  ),
  'entries.statement': list(
    () => ROUTES['entries.statement'],
    (d) => [d.entryMine.number],
    (d) => [d.theirsName, d.entryTheirs.number],
  ),
  'entries.create': list(
    () => ROUTES['entries.create'],
    () => ['Boutique 1'],
  ),
  'openingStock.create': list(
    () => ROUTES['openingStock.create'],
    () => ['Boutique 1'],
  ),
  'entries.show': document(
    (d) => E(d.entryTheirs.id),
    (d) => E(d.entryMine.id),
  ),
  'entries.print': document(
    (d) => `${E(d.entryTheirs.id)}/print`,
    (d) => `${E(d.entryMine.id)}/print`,
  ),
  'transfers.index': list(
    () => ROUTES['transfers.index'],
    (d) => [d.transferOut.number, d.transferIn.number],
    (d) => [d.transferTheirs.number],
  ),
  'transfers.cancellations': list(
    () => ROUTES['transfers.cancellations'],
    (d) => [d.transferOut.number, d.transferIn.number],
    (d) => [d.transferTheirs.number],
  ),
  // Sent from the user's places only; any active location may receive (its name, never its stock).
  'transfers.create': async (c, d) => {
    const page = await c.visit(ROUTES['transfers.create']);
    expect(page.status).toBe(200);
    expect(page.body.props.locations.map((l: { value: string }) => Number(l.value))).toEqual([d.mine]);
    expect(page.body.props.destinations.map((l: { value: string }) => Number(l.value))).toContain(d.theirs);
  },
  'transfers.show': document(
    (d) => T(d.transferTheirs.id),
    (d) => T(d.transferIn.id),
  ),
  'transfers.print': document(
    (d) => `${T(d.transferTheirs.id)}/print`,
    (d) => `${T(d.transferOut.id)}/print`,
  ),
  'inventory.index': async (c, d) => {
    await list(
      () => ROUTES['inventory.index'],
      () => ['Boutique 1'],
      (d) => [d.theirsName],
    )(c, d);
    await list(
      () => `${ROUTES['inventory.index']}?tab=readjustments`,
      () => ['Boutique 1'],
      (d) => [d.theirsName, d.adjustmentTheirs.number],
    )(c, d);
  },
  'inventory.create': list(
    () => ROUTES['inventory.create'],
    () => ['Boutique 1'],
  ),
  'inventory.readjust': list(
    () => ROUTES['inventory.readjust'],
    () => ['Boutique 1'],
  ),
  'inventory.show': document(
    (d) => I(d.countTheirs),
    (d) => I(d.countMine),
  ),
  'inventory.sheet': document(
    (d) => `${I(d.countTheirs)}/print`,
    (d) => `${I(d.countMine)}/print`,
  ),
  // Only a validated count has one: the other place's answers 404 like an unknown one.
  'inventory.adjustment': document((d) => `${I(d.countTheirs)}/ajustement`, null),
  'inventory.readjustmentPrint': document(
    (d) => `/operations/gestionstock/reajustements/${d.adjustmentTheirs.id}/print`,
    (d) => `/operations/gestionstock/reajustements/${d.adjustmentMine}/print`,
  ),
  'products.stock': list(
    (d) => `/fichiers/produits/${d.product}/stock`,
    () => ['Boutique 1'],
  ),
  'products.show': list(
    (d) => `/fichiers/produits/${d.product}`,
    () => ['Boutique 1'],
  ),
  'products.index': list(
    () => ROUTES['products.index'],
    () => ['Boutique 1'],
  ),
  // No stock figure of a place the user does not work in, even when asked by its id.
  'pickers.products': async (c, d) => {
    const res = await c.visit(`${ROUTES['pickers.products']}?q=${d.tag}&location_id=${d.theirs}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) expect(item.stock ?? null).toBeNull();
    const own = await c.visit(`${ROUTES['pickers.products']}?q=${d.tag}&location_id=${d.mine}`);
    // 50 given, 5 in, 5 sent, 1 broken, 2 sold, 1 given back.
    expect(own.body.items.find((i: { id: number }) => Number(i.id) === d.product).stock).toBe(48);
  },
  search: async (c, d) => {
    const documents = async (q: string) => {
      const res = await c.visit(`${ROUTES.search}?q=${q}`);
      expect(res.status).toBe(200);
      const group = (res.body.groups as Array<{ key: string; items: Array<{ title: string }> }>).find(
        (g) => g.key === 'documents',
      );
      return group ? group.items.map((i) => i.title) : [];
    };
    for (const theirs of [
      d.entryTheirs.number,
      d.adjustmentTheirs.number,
      d.transferTheirs.number,
      d.invoiceTheirs.number,
      d.saleTheirs.number,
      d.settlementTheirs.number,
      d.cashTheirs.number,
    ])
      expect(await documents(theirs)).not.toContain(theirs);
    expect(await documents(d.cashMine.number)).toEqual([d.cashMine.number]);
    expect(await documents(d.settlementMine.number)).toEqual([d.settlementMine.number]);
    expect(await documents(d.invoiceMine.number)).toEqual([d.invoiceMine.number]);
    expect(await documents(d.entryMine.number)).toEqual([d.entryMine.number]);
    expect(await documents(d.transferIn.number)).toEqual([d.transferIn.number]);
  },
  'locations.index': list(
    () => ROUTES['locations.index'],
    () => ['Boutique 1'],
  ),
  'locations.show': document(
    (d) => `/parametres/societe/emplacements/${d.theirs}`,
    (d) => `/parametres/societe/emplacements/${d.mine}`,
  ),
  'locations.edit': document(
    (d) => `/parametres/societe/emplacements/${d.theirs}/edit`,
    (d) => `/parametres/societe/emplacements/${d.mine}/edit`,
  ),
  'cashDesks.index': list(
    () => ROUTES['cashDesks.index'],
    () => ['Caisse Boutique 1'],
    (d) => [d.theirsName, d.deskTheirsName],
  ),
  'cashDesks.create': list(
    () => ROUTES['cashDesks.create'],
    () => ['Boutique 1'],
  ),
  'creditNotes.index': list(
    () => ROUTES['creditNotes.index'],
    (d) => [d.noteMine.number],
    (d) => [d.theirsName, d.noteTheirs.number],
  ),
  'creditNotes.export': async (c, d) => {
    const res = await download(c, ROUTES['creditNotes.export']);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.noteMine.number);
    expect(body).not.toContain(d.noteTheirs.number);
    expect(body).not.toContain(d.theirsName);
  },
  // The other place's sale reads as an unknown number.
  'creditNotes.create': async (c, d) => {
    const theirs = await c.visit(`${ROUTES['creditNotes.create']}?vente=${d.saleTheirs.number}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.props.sale).toBeNull();
    expect(theirs.body.props.not_found).toBe(`Aucune vente ne porte le numéro « ${d.saleTheirs.number} ».`);
    expect((await c.visit(`${ROUTES['creditNotes.create']}?vente=${d.saleMine.number}`)).body.props.sale.number).toBe(
      d.saleMine.number,
    );
  },
  'creditNotes.show': document(
    (d) => `/operations/sortiestock/corrections/${d.noteTheirs.id}`,
    (d) => `/operations/sortiestock/corrections/${d.noteMine.id}`,
  ),
  'creditNotes.print': document(
    (d) => `/operations/sortiestock/corrections/${d.noteTheirs.id}/print`,
    (d) => `/operations/sortiestock/corrections/${d.noteMine.id}/print`,
  ),
  'cashDesks.show': document((d) => `/parametres/societe/caisses/${d.deskTheirs}`, null),
  'cashDesks.edit': document((d) => `/parametres/societe/caisses/${d.deskTheirs}/edit`, null),
  // The counter's path (GET: counter.index shows it): only the user's shops, only their wallets' operators.
  // The lists and their totals: only the user's places (the totals equal the administrator's for Boutique 1).
  'sales.invoices': salesList(
    'sales.invoices',
    (d) => d.invoiceMine.number,
    (d) => d.invoiceTheirs.number,
  ),
  'sales.counterSales': salesList(
    'sales.counterSales',
    (d) => d.saleMine.number,
    (d) => d.saleTheirs.number,
  ),
  'sales.invoices.export': salesExport(
    'sales.invoices.export',
    (d) => d.invoiceMine.number,
    (d) => d.invoiceTheirs.number,
  ),
  'sales.counterSales.export': salesExport(
    'sales.counterSales.export',
    (d) => d.saleMine.number,
    (d) => d.saleTheirs.number,
  ),
  // Sold from the user's places only; paid into their accounts only.
  'sales.invoices.create': async (c, d) => {
    const page = await c.visit(ROUTES['sales.invoices.create']);
    expect(page.status).toBe(200);
    expect(page.body.props.locations.map((l: { value: string }) => Number(l.value))).toEqual([d.mine]);
    const accounts = ids(page.body.props.accounts);
    expect(accounts).toEqual(expect.arrayContaining([d.bankMine.id, d.walletMine]));
    for (const id of [d.bankTheirs.id, d.walletTheirs]) expect(accounts).not.toContain(id);
  },
  'sales.show': document(
    (d) => `/operations/sortiestock/ventes/${d.invoiceTheirs.id}`,
    (d) => `/operations/sortiestock/ventes/${d.invoiceMine.id}`,
  ),
  'sales.print': document(
    (d) => `/operations/sortiestock/ventes/${d.invoiceTheirs.id}/print`,
    (d) => `/operations/sortiestock/ventes/${d.invoiceMine.id}/print`,
  ),
  // The client's page lists their sales: those of the user's places. Its statement of account is the
  // client's whole account (receivables belong to the client, not to a place): every invoice.
  'clients.show': async (c, d) => {
    const res = await c.visit(`/fichiers/clients/${d.client}`);
    expect(res.status).toBe(200);
    const sales = JSON.stringify(res.body.props.sales);
    expect(sales).toContain(d.invoiceMine.number);
    expect(sales).not.toContain(d.invoiceTheirs.number);
    expect(sales).not.toContain(d.theirsName);
    expect(res.body.props.statement.lines.data.map((l: { number: string }) => l.number)).toEqual(
      expect.arrayContaining([d.invoiceMine.number, d.invoiceTheirs.number]),
    );
  },
  'clients.statementPrint': async (c, d) => {
    const res = await c.visit(`/fichiers/clients/${d.client}/releve/imprimer`);
    expect(res.status).toBe(200);
    expect(text(res)).toContain(d.invoiceTheirs.number);
  },
  'clients.statementExport': async (c, d) => {
    const res = await download(c, `/fichiers/clients/${d.client}/releve/export`);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.invoiceMine.number);
    expect(body).toContain(d.invoiceTheirs.number);
  },
  'counter.store': async (c, d) => {
    const page = await c.visit(ROUTES['counter.index']);
    expect(page.status).toBe(200);
    expect(ids(page.body.props.locations)).toEqual([d.mine]);
    expect(text(page)).not.toContain(d.theirsName);
    expect(page.body.props.operators.map((o: { value: string }) => o.value)).toEqual(['mtn_momo']);
    // No shop of theirs: the page says so (not « create a shop »).
    expect(page.body.props.places_restricted).toBe(true);
  },
  // Annulations › Factures: both kinds, the user's places only.
  'sales.cancellations': list(
    () => ROUTES['sales.cancellations'],
    (d) => [d.invoiceMine.number, d.saleMine.number],
    (d) => [d.invoiceTheirs.number, d.saleTheirs.number, d.theirsName],
  ),
  // Annulations › Règlements: those paid into the user's accounts only.
  'settlements.cancellations': list(
    () => ROUTES['settlements.cancellations'],
    (d) => [d.settlementMine.number],
    (d) => [d.settlementTheirs.number],
  ),
  // Settlements: those paid into the user's accounts (and advances spent, which land in none).
  'settlements.index': list(
    () => ROUTES['settlements.index'],
    (d) => [d.settlementMine.number],
    (d) => [d.settlementTheirs.number, d.bankTheirs.name],
  ),
  'settlements.export': async (c, d) => {
    const res = await download(c, ROUTES['settlements.export']);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.settlementMine.number);
    expect(body).not.toContain(d.settlementTheirs.number);
  },
  'settlements.create': async (c, d) => {
    const page = await c.visit(`${ROUTES['settlements.create']}?client_id=${d.client}`);
    expect(page.status).toBe(200);
    const accounts = ids(page.body.props.accounts);
    expect(accounts).toEqual(expect.arrayContaining([d.bankMine.id, d.walletMine, d.deskMineAccount]));
    for (const id of [d.bankTheirs.id, d.walletTheirs, d.deskTheirsAccount]) expect(accounts).not.toContain(id);
  },
  'settlements.show': document(
    (d) => `/operations/reglement/${d.settlementTheirs.id}`,
    (d) => `/operations/reglement/${d.settlementMine.id}`,
  ),
  'settlements.print': document(
    (d) => `/operations/reglement/${d.settlementTheirs.id}/print`,
    (d) => `/operations/reglement/${d.settlementMine.id}/print`,
  ),
  'sales.ticket': document(
    (d) => `/operations/sortiestock/ventes/${d.saleTheirs.id}/ticket`,
    (d) => `/operations/sortiestock/ventes/${d.saleMine.id}/ticket`,
  ),
  'treasuryAccounts.index': list(
    () => ROUTES['treasuryAccounts.index'],
    (d) => [d.bankMine.name],
    (d) => [d.bankTheirs.name],
  ),
  'treasuryAccounts.export': async (c, d) => {
    const res = await download(c, ROUTES['treasuryAccounts.export']);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.bankMine.name);
    expect(body).not.toContain(d.bankTheirs.name);
  },
  'treasuryAccounts.show': document(
    (d) => TA(d.bankTheirs.id),
    (d) => TA(d.bankMine.id),
  ),
  'treasuryAccounts.edit': document(
    (d) => `${TA(d.bankTheirs.id)}/edit`,
    (d) => `${TA(d.bankMine.id)}/edit`,
  ),
  // A bank of another user's, and the desk of another shop: 404; the user's own desk's ledger: a file.
  'treasuryAccounts.movementsExport': async (c, d) => {
    for (const id of [d.bankTheirs.id, d.deskTheirsAccount])
      expect((await download(c, `${TA(id)}/mouvements/export`)).status).toBe(404);
    for (const id of [d.bankMine.id, d.deskMineAccount])
      expect((await download(c, `${TA(id)}/mouvements/export`)).status).toBe(200);
  },
  // Caisse: the user's accounts and operations only; a transfer may go to any desk (its name only).
  'cash.index': async (c, d) => {
    await list(
      () => ROUTES['cash.index'],
      (d) => [d.cashMine.number, d.bankMine.name],
      (d) => [d.cashTheirs.number, d.deskTheirsName, d.bankTheirs.name],
    )(c, d);
    expect(
      (await c.visit(`${ROUTES['cash.index']}?account_id=${d.deskTheirsAccount}`)).body.props.selected.id,
    ).not.toBe(d.deskTheirsAccount);
  },
  'cash.export': async (c, d) => {
    for (const id of [d.bankTheirs.id, d.deskTheirsAccount])
      expect((await download(c, `${ROUTES['cash.export']}?account_id=${id}`)).status).toBe(404);
    const res = await download(c, `${ROUTES['cash.export']}?account_id=${d.deskMineAccount}`);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).toContain(d.cashMine.number);
  },
  'cash.balance': list(
    () => ROUTES['cash.balance'],
    (d) => [d.bankMine.name],
    (d) => [d.deskTheirsName, d.bankTheirs.name],
  ),
  'cashOperations.create': async (c, d) => {
    const page = await c.visit(`${ROUTES['cashOperations.create']}?kind=transfer`);
    expect(page.status).toBe(200);
    const accounts = ids(page.body.props.accounts);
    expect(accounts).toEqual(expect.arrayContaining([d.deskMineAccount, d.bankMine.id, d.walletMine]));
    for (const id of [d.deskTheirsAccount, d.bankTheirs.id, d.walletTheirs]) expect(accounts).not.toContain(id);
    expect(ids(page.body.props.desks)).toContain(d.deskTheirsAccount);
  },
  'cashOperations.show': document(
    (d) => `/operations/caisse/operations/${d.cashTheirs.id}`,
    (d) => `/operations/caisse/operations/${d.cashMine.id}`,
  ),
  'cashOperations.print': document(
    (d) => `/operations/caisse/operations/${d.cashTheirs.id}/print`,
    (d) => `/operations/caisse/operations/${d.cashMine.id}/print`,
  ),
  // Éditions: the user's places only — documents, figures and the location filter alike.
  'reports.sales': list(
    () => `${ROUTES['reports.sales']}?from=${today()}&to=${today()}`,
    (d) => [d.saleMine.number],
    (d) => [d.saleTheirs.number, d.theirsName],
  ),
  'reports.sales.print': list(
    () => `${ROUTES['reports.sales.print']}?from=${today()}&to=${today()}`,
    (d) => [d.saleMine.number],
    (d) => [d.saleTheirs.number, d.theirsName],
  ),
  'reports.sales.export': async (c, d) => {
    const res = await download(c, `${ROUTES['reports.sales.export']}?from=${today()}&to=${today()}`);
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.saleMine.number);
    expect(body).not.toContain(d.saleTheirs.number);
  },
  'reports.turnover': list(
    () => `${ROUTES['reports.turnover']}?view=jours`,
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.turnover.print': list(
    () => `${ROUTES['reports.turnover.print']}?view=jours`,
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.turnover.export': async (c, d) => {
    const res = await download(c, `${ROUTES['reports.turnover.export']}?view=clients&from=${today()}&to=${today()}`);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).not.toContain(d.theirsName);
  },
  'reports.stock': list(
    () => ROUTES['reports.stock'],
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.stock.print': list(
    () => ROUTES['reports.stock.print'],
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.stock.export': async (c, d) => {
    const res = await download(c, ROUTES['reports.stock.export']);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).not.toContain(d.theirsName);
  },
  'reports.settlements': list(
    () => `${ROUTES['reports.settlements']}?view=encaissements&from=${today()}&to=${today()}`,
    (d) => [d.settlementMine.number],
    (d) => [d.settlementTheirs.number, d.bankTheirs.name],
  ),
  'reports.settlements.print': list(
    () => `${ROUTES['reports.settlements.print']}?view=encaissements&from=${today()}&to=${today()}`,
    (d) => [d.settlementMine.number],
    (d) => [d.settlementTheirs.number, d.bankTheirs.name],
  ),
  'reports.settlements.export': async (c, d) => {
    const res = await download(
      c,
      `${ROUTES['reports.settlements.export']}?view=encaissements&from=${today()}&to=${today()}`,
    );
    expect(res.status).toBe(200);
    const body = (res.body as Buffer).toString('utf8');
    expect(body).toContain(d.settlementMine.number);
    expect(body).not.toContain(d.settlementTheirs.number);
  },
  'reports.receivables': list(
    () => `${ROUTES['reports.receivables']}?view=factures`,
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.receivables.print': list(
    () => `${ROUTES['reports.receivables.print']}?view=factures`,
    () => [],
    (d) => [d.theirsName],
  ),
  'reports.receivables.export': async (c, d) => {
    const res = await download(c, `${ROUTES['reports.receivables.export']}?view=clients`);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).not.toContain(d.theirsName);
  },
  // Caisse: the situation and the closings show only the user's accounts; another desk asked by id falls back to the user's own.
  'cash.situation': async (c, d) => {
    await list(
      () => ROUTES['cash.situation'],
      (d) => [d.bankMine.name],
      (d) => [d.bankTheirs.name, d.deskTheirsName],
    )(c, d);
    const res = await c.visit(`${ROUTES['cash.situation']}?account_id=${d.deskTheirsAccount}`);
    expect(res.body.props.situation.account.id).not.toBe(d.deskTheirsAccount);
    expect(text(res)).not.toContain(d.deskTheirsName);
  },
  'cash.situation.print': async (c, d) => {
    const res = await c.visit(`${ROUTES['cash.situation.print']}?account_id=${d.deskTheirsAccount}`);
    expect(res.status).toBe(200);
    expect(text(res)).not.toContain(d.deskTheirsName);
  },
  'cash.situation.export': async (c, d) => {
    const res = await download(c, `${ROUTES['cash.situation.export']}?account_id=${d.deskTheirsAccount}`);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).not.toContain(d.deskTheirsName);
  },
  'cash.closings.index': async (c, d) => {
    const res = await c.visit(`${ROUTES['cash.closings.index']}?from=${addDays(today(), -30)}&to=${today()}`);
    expect(res.status).toBe(200);
    const seen = res.body.props.closings.data.map((r: { id: number }) => r.id);
    expect(seen).toContain(d.closingMine);
    expect(seen).not.toContain(d.closingTheirs);
    expect(text(res)).not.toContain(d.deskTheirsName);
  },
  'cash.closings.create': async (c, d) => {
    const res = await c.visit(`${ROUTES['cash.closings.create']}?account_id=${d.deskTheirsAccount}`);
    expect(res.status).toBe(200);
    expect(res.body.props.account_id).not.toBe(String(d.deskTheirsAccount));
    expect(text(res)).not.toContain(d.deskTheirsName);
  },
  // Journaux (menu.support.logs, which the Gérant lacks): proven by its own test below, with a reader of the journal.
  'support.logs': async (c) => {
    expect((await c.visit(ROUTES['support.logs'])).status).toBe(403);
  },
  'support.logs.export': async (c) => {
    expect((await download(c, ROUTES['support.logs.export'])).status).toBe(403);
  },
  'cash.closings.show': document(
    (d) => `/operations/caisse/arretes/${d.closingTheirs}`,
    (d) => `/operations/caisse/arretes/${d.closingMine}`,
  ),
  'cash.closings.print': document(
    (d) => `/operations/caisse/arretes/${d.closingTheirs}/print`,
    (d) => `/operations/caisse/arretes/${d.closingMine}/print`,
  ),
  // REST API: the token's user's places (api/scope.ts placesOf).
  'api.products.index': async (_c, d) => {
    const body = await apiGet(d, `${ROUTES['api.products.index']}?q=PL${d.tag}`);
    expect(ids(body.data)).toEqual([d.product]);
    // A total over every location would count the other shop's stock: left out, as on the screen.
    expect(body.data[0].stock_total).toBeNull();
  },
  'api.products.show': async (_c, d) => {
    expect((await apiGet(d, `/api/v1/products/${d.product}`)).stock_total).toBeNull();
  },
  'api.products.stock': async (_c, d) => {
    const body = await apiGet(d, `/api/v1/products/${d.product}/stock`);
    expect(body.levels.map((l: { location_id: number }) => l.location_id)).toEqual([d.mine]);
    expect(body.total).toBe(48);
  },
  'api.locations.index': async (_c, d) => {
    expect(ids((await apiGet(d, ROUTES['api.locations.index'])).data)).toEqual([d.mine]);
  },
  'api.stockLevels.index': async (_c, d) => {
    expect((await d.api.get(`${ROUTES['api.stockLevels.index']}?location_id=${d.theirs}`)).status).toBe(404);
    const body = await apiGet(d, `${ROUTES['api.stockLevels.index']}?location_id=${d.mine}&q=PL${d.tag}`);
    expect(body.data.map((l: { quantity: number }) => l.quantity)).toEqual([48]);
  },
  'api.invoices.index': async (_c, d) => {
    const seen = ids((await apiGet(d, `${ROUTES['api.invoices.index']}?limit=100`)).data);
    expect(seen).toEqual(expect.arrayContaining([d.invoiceMine.id, d.saleMine.id]));
    for (const id of [d.invoiceTheirs.id, d.saleTheirs.id]) expect(seen).not.toContain(id);
  },
  'api.invoices.show': async (_c, d) => {
    for (const id of [d.invoiceTheirs.id, d.saleTheirs.id])
      expect((await d.api.get(`/api/v1/invoices/${id}`)).status).toBe(404);
    expect((await apiGet(d, `/api/v1/invoices/${d.invoiceMine.id}`)).number).toBe(d.invoiceMine.number);
  },
  'api.settlements.show': async (_c, d) => {
    expect((await d.api.get(`/api/v1/settlements/${d.settlementTheirs.id}`)).status).toBe(404);
    expect((await apiGet(d, `/api/v1/settlements/${d.settlementMine.id}`)).number).toBe(d.settlementMine.number);
  },
  'api.treasury.accounts': async (_c, d) => {
    const seen = ids((await apiGet(d, ROUTES['api.treasury.accounts'])).data);
    expect(seen).toEqual(expect.arrayContaining([d.bankMine.id, d.walletMine, d.deskMineAccount]));
    for (const id of [d.bankTheirs.id, d.walletTheirs, d.deskTheirsAccount]) expect(seen).not.toContain(id);
  },
  'api.treasury.movements': async (_c, d) => {
    for (const id of [d.bankTheirs.id, d.deskTheirsAccount])
      expect((await d.api.get(`${ROUTES['api.treasury.movements']}?account_id=${id}`)).status).toBe(404);
    const own = await apiGet(d, `${ROUTES['api.treasury.movements']}?account_id=${d.deskMineAccount}&limit=100`);
    expect(own.data.length).toBeGreaterThan(0);
    const all = await apiGet(d, `${ROUTES['api.treasury.movements']}?limit=100`);
    expect(all.data.map((m: { account_id: number }) => m.account_id)).not.toContain(d.deskTheirsAccount);
  },
};

/** GET routes that show no place — each with its reason. */
const NO_PLACE: Partial<Record<RouteName, string>> = {
  home: 'accueil',
  'receipts.show': 'reçu partagé : son jeton aléatoire est le droit de le lire, sans session ni emplacement',
  health: 'sonde technique (processus en vie), sans session',
  ready: 'sonde technique (base joignable, migrations appliquées), sans session',
  login: 'compte',
  register: 'compte',
  'password.forgot': 'compte',
  'password.reset': 'compte',
  'password.change': 'compte',
  'password.confirm': 'compte',
  'verification.notice': 'compte',
  'verification.verify': 'compte',
  profile: 'compte',
  stockExits: 'redirige vers la liste des transferts',
  'openingStock.import': 'page d’envoi du fichier (les lignes du fichier sont contrôlées : voir le test d’import)',
  'openingStock.importTemplate': 'modèle vide',
  'clients.index': 'fichier clients, sans emplacement',
  'clients.export': 'fichier clients',
  'clients.create': 'fichier clients',
  'clients.import': 'fichier clients',
  'clients.importTemplate': 'fichier clients',
  'clients.edit': 'fichier clients',
  'pickers.clients': 'fichier clients',
  'suppliers.index': 'fournisseurs',
  'suppliers.export': 'fournisseurs',
  'suppliers.create': 'fournisseurs',
  'suppliers.show': 'fournisseurs',
  'suppliers.edit': 'fournisseurs',
  'categories.index': 'catégories',
  'categories.export': 'catégories',
  'categories.create': 'catégories',
  'categories.show': 'catégories',
  'categories.edit': 'catégories',
  'products.export': 'fiche produit, sans colonne de stock',
  'products.create': 'fiche produit',
  'products.edit': 'fiche produit (le stock est sur la fiche et la page de stock)',
  'products.import': 'fiche produit',
  'products.importTemplate': 'fiche produit',
  'priceCentre.index': 'prix, sans stock',
  'priceCentre.export': 'prix',
  'priceCentre.preview': 'prix',
  'company.accounts': 'réglage des inscriptions',
  'locations.create': 'formulaire vide d’un nouvel emplacement',
  'users.index': 'comptes (la colonne Emplacements nomme ceux de chacun, pour l’administrateur)',
  'users.create': 'comptes',
  'users.show': 'comptes',
  'users.edit': 'comptes',
  'treasuryAccounts.create':
    'formulaire vide d’un nouveau compte (son créateur restreint y travaille ensuite : voir plus bas)',
  'api.openapi': 'description de l’API, sans données',
  'api.clients.index': 'fichier clients',
  'api.clients.show': 'fichier clients',
  'company.settings': 'identité de la société',
  'company.logo': 'logo de la société',
  'company.fiscal': 'réglages de la facturation électronique (les caisses listées sont celles de l’utilisateur)',
  'apiTokens.index': 'jetons de l’utilisateur',
  'apiTokens.reference': 'référence de l’API',
  'printing.index': 'réglages des impressions',
  'roles.index': 'rôles et permissions',
  'roles.show': 'rôles et permissions',
  'backups.index': 'sauvegardes de toute la base, réservées à l’administrateur (menu.parametres.backup)',
  'backups.download': 'fichier de sauvegarde de toute la base, réservé à l’administrateur',
  'support.documentation': 'documentation de l’application',
  'support.documentation.chapter': 'documentation de l’application',
  'support.documentation.image': 'image de la documentation',
  'support.tickets.index': 'tickets de l’utilisateur (le support les voit tous), sans emplacement',
  'support.tickets.create': 'formulaire de ticket, sans emplacement',
  'support.tickets.show': 'ticket de l’utilisateur, sans emplacement',
  'support.tickets.attachment': 'pièce jointe d’un ticket de l’utilisateur',
  'expenseCategories.index': 'catégories de dépenses, sans emplacement',
  'expenseCategories.export': 'catégories de dépenses',
  'expenseCategories.create': 'catégories de dépenses',
  'expenseCategories.show': 'catégories de dépenses',
  'expenseCategories.edit': 'catégories de dépenses',
};

/** Actions on a record (:id) that shows no place — each with its reason. */
const NO_PLACE_ACTIONS: Partial<Record<RouteName, string>> = {
  'api.products.stock': 'réponse 405 de l’API aux méthodes autres que GET (le GET est vérifié plus haut)',
  'apiTokens.revoke': 'jetons de l’utilisateur',
  'counter.parked':
    'ventes en attente de l’utilisateur : celle d’un autre répond 404, les siennes sont lues dans ses boutiques',
  'roles.duplicate': 'rôles et permissions',
  'support.tickets.reply': 'ticket de l’utilisateur, sans emplacement',
  'support.tickets.status': 'ticket (support.manage), sans emplacement',
  'support.tickets.assign': 'ticket (support.manage), sans emplacement',
  'expenseCategories.archive': 'catégories de dépenses, sans emplacement',
  'expenseCategories.restore': 'catégories de dépenses, sans emplacement',
};

/** Actions on a document of a place: the other place's answers 404 and nothing happens. */
const PLACED_ACTIONS: Partial<Record<RouteName, { method: 'post' | 'put' | 'delete'; url: (d: Data) => string }>> = {
  'entries.cancel': { method: 'post', url: (d) => `${E(d.entryTheirs.id)}/cancel` },
  // Received by the receiving place, cancelled by the sending one.
  'transfers.receive': { method: 'post', url: (d) => `${T(d.transferOut.id)}/receive` },
  'transfers.cancel': { method: 'post', url: (d) => `${T(d.transferIn.id)}/cancel` },
  'settlements.cancel': {
    method: 'post',
    url: (d) => `/operations/reglement/getanulationreglement/${d.settlementTheirs.id}/cancel`,
  },
  'sales.cancel': {
    method: 'post',
    url: (d) => `/operations/facture/showfactureanulation/${d.invoiceTheirs.id}/cancel`,
  },
  'inventory.counts': { method: 'post', url: (d) => `${I(d.countTheirs)}/counts` },
  'inventory.scan': { method: 'post', url: (d) => `${I(d.countTheirs)}/scan` },
  'inventory.validate': { method: 'post', url: (d) => `${I(d.countTheirs)}/validate` },
  'inventory.abandon': { method: 'post', url: (d) => `${I(d.countTheirs)}/abandon` },
  'locations.archive': { method: 'post', url: (d) => `/parametres/societe/emplacements/${d.theirs}/archive` },
  'locations.restore': { method: 'post', url: (d) => `/parametres/societe/emplacements/${d.theirs}/restore` },
  'locations.show': { method: 'put', url: (d) => `/parametres/societe/emplacements/${d.theirs}` },
  'cashDesks.archive': { method: 'post', url: (d) => `/parametres/societe/caisses/${d.deskTheirs}/archive` },
  'cashDesks.restore': { method: 'post', url: (d) => `/parametres/societe/caisses/${d.deskTheirs}/restore` },
  'cashDesks.show': { method: 'put', url: (d) => `/parametres/societe/caisses/${d.deskTheirs}` },
  'treasuryAccounts.archive': { method: 'post', url: (d) => `${TA(d.bankTheirs.id)}/archive` },
  'treasuryAccounts.restore': { method: 'post', url: (d) => `${TA(d.bankTheirs.id)}/restore` },
  'treasuryAccounts.show': { method: 'put', url: (d) => `${TA(d.bankTheirs.id)}` },
  'cashOperations.receive': { method: 'post', url: (d) => `/operations/caisse/operations/${d.cashTheirs.id}/receive` },
  'cashOperations.cancel': { method: 'post', url: (d) => `/operations/caisse/operations/${d.cashTheirs.id}/cancel` },
  'cash.closings.reopen': { method: 'post', url: (d) => `/operations/caisse/arretes/${d.closingTheirs}/reopen` },
  'fiscalQueue.resend': { method: 'post', url: (d) => `/parametres/societe/certification/${d.fiscalTheirs}/renvoyer` },
  'fiscalQueue.reference': {
    method: 'post',
    url: (d) => `/parametres/societe/certification/${d.fiscalTheirs}/reference`,
  },
  'sales.shares': { method: 'post', url: (d) => route('sales.shares', { id: d.saleTheirs.id }) },
  'sales.revokeShare': { method: 'post', url: (d) => route('sales.revokeShare', { id: d.saleTheirs.id, share: 1 }) },
  'creditNotes.shares': { method: 'post', url: (d) => route('creditNotes.shares', { id: d.noteTheirs.id }) },
  'creditNotes.revokeShare': {
    method: 'post',
    url: (d) => route('creditNotes.revokeShare', { id: d.noteTheirs.id, share: 1 }),
  },
};

/** Forms that create a document at a place: the other place is refused on its field, nothing written. */
const PLACED_CREATES: Array<{
  route: RouteName;
  table: string;
  field: string;
  body: (d: Data) => Record<string, unknown>;
}> = [
  {
    route: 'entries.index',
    table: 'stock_entries',
    field: 'location_id',
    body: (d) => ({
      idempotency_key: idempotencyKey(),
      kind: 'opening',
      supplier_id: '',
      location_id: d.theirs,
      entry_date: today(),
      supplier_ref: '',
      note: '',
      lines: [{ product_id: d.product, unit: 'unit', quantity: 1, unit_cost: 100 }],
    }),
  },
  {
    route: 'transfers.index',
    table: 'transfers',
    field: 'from_location_id',
    body: (d) => ({
      idempotency_key: idempotencyKey(),
      from_location_id: d.theirs,
      to_location_id: d.mine,
      transfer_date: today(),
      note: '',
      lines: [{ product_id: d.product, quantity: 1 }],
    }),
  },
  {
    route: 'inventory.index',
    table: 'inventory_counts',
    field: 'location_id',
    body: (d) => ({
      idempotency_key: idempotencyKey(),
      location_id: d.theirs,
      count_date: today(),
      blind: false,
      category_ids: [],
      note: '',
    }),
  },
  {
    route: 'inventory.readjust',
    table: 'stock_adjustments',
    field: 'location_id',
    body: (d) => ({
      idempotency_key: idempotencyKey(),
      location_id: d.theirs,
      adjustment_date: today(),
      reason: 'casse',
      note: '',
      lines: [{ product_id: d.product, direction: 'out', quantity: 1 }],
    }),
  },
  {
    route: 'cashDesks.index',
    table: 'cash_desks',
    field: 'location_id',
    body: (d) => ({ code: `CZ${d.tag}`.slice(0, 20), name: `Caisse refusée ${d.tag}`, location_id: String(d.theirs) }),
  },
  {
    route: 'sales.invoices',
    table: 'sales',
    field: 'location_id',
    body: (d) => ({
      idempotency_key: idempotencyKey(),
      client_id: d.client,
      location_id: d.theirs,
      sale_date: today(),
      payment_mode: 'cash',
      due_date: '',
      discount: 0,
      note: '',
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      lines: [{ product_id: d.product, quantity: 1, unit_price: 1_000 }],
      payments: [{ method: 'especes', amount: 1_000 }],
    }),
  },
  {
    route: 'counter.store',
    table: 'sales',
    field: 'location_id',
    body: (d) => counterSale(d, d.theirs, [{ method: 'especes', amount: 1_000 }]),
  },
];

/** A counter sale of one unit at 1 000 (the form's body). */
function counterSale(d: Data, location: number, payments: object[]) {
  return {
    idempotency_key: idempotencyKey(),
    form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
    location_id: location,
    client_id: d.walkIn,
    lines: [{ product_id: d.product, quantity: 1, unit_price: 1_000 }],
    payments,
  };
}

describe.each(testDatabases())('allowed places (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let user: Client;
  let d: Data;
  let userId: number;

  const created = (res: { status: number; headers: Record<string, string> }) => {
    expect(res.status).toBe(303);
    return Number(res.headers.location.split('/').pop());
  };
  const numberOf = async (table: string, id: number) =>
    String((await t.db(table).where({ id }).first('number')).number);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    const tag = uniqueTag();
    const now = nowIso();
    const mine = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const theirsName = `Boutique Deux ${tag}`;
    const theirs = await insertReturningId(t.db, 'locations', {
      code: `B2${tag}`.slice(0, 20),
      name: theirsName,
      kind: 'boutique',
      created_at: now,
      updated_at: now,
    });
    const deskTheirsName = `Caisse Deux ${tag}`;
    const deskRes = await admin.post(ROUTES['cashDesks.index'], {
      code: `C2${tag}`.slice(0, 20),
      name: deskTheirsName,
      location_id: String(theirs),
    });
    const deskTheirs = created(deskRes);
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `K${tag}`.slice(0, 20), name: `Catégorie ${tag}`, created_at: now, updated_at: now }),
    );
    const product = await makeProduct(t.db, {
      code: `PL${tag}`.slice(0, 30),
      name: `Produit ${tag}`,
      category_id: category,
    });
    for (const l of [mine, theirs, depot]) await giveStock(t.db, product, l, 50);

    const entry = async (location: number) => {
      const id = created(
        await admin.post(ROUTES['entries.index'], {
          idempotency_key: idempotencyKey(),
          kind: 'opening',
          supplier_id: '',
          location_id: location,
          entry_date: today(),
          supplier_ref: '',
          note: '',
          lines: [{ product_id: product, unit: 'unit', quantity: 5, unit_cost: 100 }],
        }),
      );
      return { id, number: await numberOf('stock_entries', id) };
    };
    const transfer = async (from: number, to: number) => {
      const id = created(
        await admin.post(ROUTES['transfers.index'], {
          idempotency_key: idempotencyKey(),
          from_location_id: from,
          to_location_id: to,
          transfer_date: today(),
          note: '',
          lines: [{ product_id: product, quantity: 5 }],
        }),
      );
      return { id, number: await numberOf('transfers', id) };
    };
    const count = async (location: number) =>
      created(
        await admin.post(ROUTES['inventory.index'], {
          idempotency_key: idempotencyKey(),
          location_id: location,
          count_date: today(),
          blind: false,
          category_ids: [category],
          note: '',
        }),
      );
    const adjustment = async (location: number) => {
      const res = await admin.post(ROUTES['inventory.readjust'], {
        idempotency_key: idempotencyKey(),
        location_id: location,
        adjustment_date: today(),
        reason: 'casse',
        note: '',
        lines: [{ product_id: product, direction: 'out', quantity: 1 }],
      });
      expect(res.status).toBe(303);
      const row = (await t
        .db('stock_adjustments')
        .where({ location_id: location })
        .orderBy('id', 'desc')
        .first('id', 'number'))!;
      return { id: Number(row.id), number: String(row.number) };
    };
    const entryMine = await entry(mine);
    const entryTheirs = await entry(theirs);
    const transferOut = await transfer(mine, depot);
    const transferIn = await transfer(theirs, mine);
    const transferTheirs = await transfer(theirs, depot);
    const adjustmentMine = (await adjustment(mine)).id;
    const adjustmentTheirs = await adjustment(theirs);
    const countMine = await count(mine);
    const countTheirs = await count(theirs);
    const walkIn = await walkInClient(t.db);
    const sale = async (location: number) => {
      const s = await sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: location,
          saleDate: today(),
          lines: [line(product, 2, { unitPrice: 1_000 })],
          payments: [cashPayment(2_000)],
        }),
      );
      return {
        id: s.id,
        number: s.number,
        lineId: Number((await t.db('sale_lines').where({ sale_id: s.id }).first('id'))!.id),
      };
    };
    const note = async (s: { id: number; lineId: number }) => {
      const n = await createCreditNote(
        t.db,
        {
          idempotencyKey: idempotencyKey(),
          saleId: s.id,
          reason: 'Produit défectueux',
          version: 1,
          lines: [{ saleLineId: s.lineId, quantity: 1 }],
        },
        await adminActor(t.db),
      );
      return { id: n.id, number: n.number };
    };
    const saleMine = await sale(mine);
    const saleTheirs = await sale(theirs);
    const noteMine = await note(saleMine);
    const noteTheirs = await note(saleTheirs);
    const client = await makeClient(t.db, { name: `Client Factures ${tag}` });
    const sold = await makeProduct(t.db, {
      code: `PF${tag}`.slice(0, 30),
      name: `Facturé ${tag}`,
      category_id: category,
    });
    for (const l of [mine, theirs]) await giveStock(t.db, sold, l, 10);
    const invoice = async (location: number) => {
      const s = await sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: location,
          saleDate: today(),
          lines: [line(sold, 1, { unitPrice: 3_000 })],
          payments: [cashPayment(3_000)],
        }),
      );
      return { id: s.id, number: s.number };
    };
    const invoiceMine = await invoice(mine);
    const invoiceTheirs = await invoice(theirs);
    const bankMine = {
      id: await makeTreasuryAccount(t.db, 'banque', { name: `Banque Une ${tag}` }),
      name: `Banque Une ${tag}`,
    };
    const bankTheirs = {
      id: await makeTreasuryAccount(t.db, 'banque', { name: `Banque Deux ${tag}` }),
      name: `Banque Deux ${tag}`,
    };
    const settlement = async (accountId: number) => {
      const r = await settle(
        t.db,
        settlementInput({
          clientId: client,
          settlementDate: today(),
          amount: 1_000,
          method: 'virement',
          reference: `VIR-${accountId}`,
          accountId,
        }),
      );
      return { id: r.id, number: r.number };
    };
    const settlementMine = await settlement(bankMine.id);
    const settlementTheirs = await settlement(bankTheirs.id);
    const walletMine = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'mtn_momo' });
    const walletTheirs = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'wave' });
    const deskMineAccount = Number(
      (await t.db('treasury_accounts').where({ kind: 'caisse', location_id: mine }).orderBy('id').first('id'))!.id,
    );
    const deskTheirsAccount = (await cashDeskAccountId(t.db, deskTheirs))!;

    const cashOperation = async (account: number, label: string) => {
      const actor = await adminActor(t.db);
      const base = {
        toAccountId: null,
        expenseCategoryId: null,
        supplierId: null,
        bankMethod: null,
        reference: '',
        note: '',
        places: EVERY_PLACE,
      };
      await createCashOperation(
        t.db,
        {
          ...base,
          idempotencyKey: idempotencyKey(),
          kind: 'cash_in',
          amount: 20_000,
          fromAccountId: null,
          toAccountId: account,
          beneficiary: 'Gérant',
        },
        actor,
      );
      const category = Number((await t.db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
      const op = await createCashOperation(
        t.db,
        {
          ...base,
          idempotencyKey: idempotencyKey(),
          kind: 'expense',
          amount: 1_500,
          fromAccountId: account,
          expenseCategoryId: category,
          beneficiary: label,
        },
        actor,
      );
      return { id: op.id, number: op.number };
    };
    const cashMine = await cashOperation(deskMineAccount, 'Taxi Boutique 1');
    const cashTheirs = await cashOperation(deskTheirsAccount, 'Taxi Boutique 2');
    const closingMine = (await closeDesk(t.db, deskMineAccount, addDays(today(), -5))).id;
    const closingTheirs = (await closeDesk(t.db, deskTheirsAccount, addDays(today(), -5))).id;

    const fiscalMine = await certificationRow(t.db, 'counterSale', saleMine.id, 'refused');
    const fiscalTheirs = await certificationRow(t.db, 'counterSale', saleTheirs.id, 'refused');

    // A manager (every screen but the accounts) who works in Boutique 1 only, with the certification queue.
    const certificationRole = `Certification ${tag}`;
    await createRole(t.db, { name: certificationRole, permissions: ['sales.certification'] });
    const id = await createUser(t.db, {
      name: `Gérant B1 ${tag}`,
      email: `gerant-${tag.toLowerCase()}@test.local`,
      password: 'Gerant-12345',
      roleNames: ['Gérant', certificationRole],
      verified: true,
    });
    await t.db('users').where({ id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: id, location_id: mine });
    await t
      .db('user_treasury_accounts')
      .insert([bankMine.id, walletMine].map((account_id) => ({ user_id: id, account_id })));
    const api = apiClient(
      t,
      (await tokenFor(t, id, ['menu.produits', 'menu.tresorerie', 'menu.sortiestock', 'menu.reglement'])).token,
    );
    d = {
      tag,
      mine,
      theirs,
      theirsName,
      product,
      entryMine,
      entryTheirs,
      transferOut,
      transferIn,
      transferTheirs,
      countMine,
      countTheirs,
      adjustmentMine,
      adjustmentTheirs,
      deskTheirs,
      deskTheirsName,
      saleMine,
      saleTheirs,
      noteMine,
      noteTheirs,
      fiscalMine,
      fiscalTheirs,
      bankMine,
      bankTheirs,
      walletMine,
      walletTheirs,
      deskMineAccount,
      deskTheirsAccount,
      walkIn,
      client,
      invoiceMine,
      invoiceTheirs,
      settlementMine,
      settlementTheirs,
      cashMine,
      cashTheirs,
      closingMine,
      closingTheirs,
      admin,
      api,
    };
    userId = id;
    user = new Client(t);
    await user.login(`gerant-${tag.toLowerCase()}@test.local`, 'Gerant-12345');
  });
  afterAll(() => t.close());

  it('names every GET route of the route table: with a place (checked below) or in NO_PLACE', () => {
    const byPath = new Map<string, RouteName>(
      Object.entries(ROUTES).map(([name, path]): [string, RouteName] => [path, name as RouteName]),
    );
    const gets = [
      ...new Set(
        registeredRoutes(t.app)
          .filter((r) => r.method === 'GET')
          .map((r) => byPath.get(r.path)!),
      ),
    ];
    expect(gets.length).toBeGreaterThan(50);
    const unnamed = gets.filter((name) => !(name in PLACED_GETS) && !(name in NO_PLACE));
    expect(
      unnamed,
      'route sans règle de lieux : ajoutez-la à PLACED_GETS (liste, document) ou à NO_PLACE avec sa raison',
    ).toEqual([]);
    const both = gets.filter((name) => name in PLACED_GETS && name in NO_PLACE);
    expect(both).toEqual([]);
  });

  // What `npm run drill` tries as a user of another place (scripts/drill/attack.ts placeMatrix):
  // the routes declaring a places guard — a check written in a handler instead would escape it.
  it('declares the places guard on every document route and action above (the drill’s places matrix reads them)', () => {
    const documents = Object.entries(PLACED_GETS)
      .filter(([, check]) => DOCUMENT_CHECKS.has(check!))
      .map(([name]) => name);
    const paths = new Set<string>(
      [...documents, ...Object.keys(PLACED_ACTIONS)].map((name) => ROUTES[name as RouteName]),
    );
    const routes = registeredRoutes(t.app).filter((r) => paths.has(r.path));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !r.guards.some((g) => g.kind === 'place')).map((r) => `${r.method} ${r.path}`)).toEqual(
      [],
    );
  });

  it('names every action on a record or document (:id) of the route table', () => {
    const byPath = new Map<string, RouteName>(
      Object.entries(ROUTES).map(([name, path]): [string, RouteName] => [path, name as RouteName]),
    );
    const actions = registeredRoutes(t.app).filter((r) => r.method !== 'GET' && r.path.includes(':id'));
    const placeless = (name: string) => /^(clients|suppliers|categories|products|users|verification)\./.test(name);
    const unnamed = actions
      .map((r) => byPath.get(r.path)!)
      .filter(
        (name) =>
          !(name in PLACED_ACTIONS) && !(name in NO_PLACE_ACTIONS) && !placeless(name) && !name.endsWith('.show'),
      );
    expect(unnamed).toEqual([]);
  });

  for (const [name, check] of Object.entries(PLACED_GETS)) {
    it(`${name}: a user of Boutique 1 never sees Boutique 2`, async () => {
      await check!(user, d);
    });
  }

  it('the administrator sees every place (the restriction is not applied to everyone)', async () => {
    expect(text(await admin.visit(ROUTES['entries.index']))).toContain(d.entryTheirs.number);
    expect((await admin.visit(E(d.entryTheirs.id))).status).toBe(200);
  });

  for (const [name, action] of Object.entries(PLACED_ACTIONS)) {
    it(`${name}: acting on the other place’s record answers 404`, async () => {
      const res = await user.send(action!.method, action!.url(d), {});
      expect(res.status).toBe(404);
    });
  }

  for (const create of PLACED_CREATES) {
    it(`${create.route}: a form refuses the other place on its field, nothing written`, async () => {
      const before = Number((await t.db(create.table).count({ n: '*' }).first())!.n);
      const res = await user.post(ROUTES[create.route], create.body(d), { Referer: 'http://localhost/dashboard' });
      expect(res.status).toBe(303);
      expect((await user.visit('/dashboard')).body.props.errors).toEqual({ [create.field]: UNALLOWED_LOCATION });
      expect(Number((await t.db(create.table).count({ n: '*' }).first())!.n)).toBe(before);
    });
  }

  it("cashOperations.index: an operation on the other place's desk or bank is refused on its field, nothing written", async () => {
    const before = Number((await t.db('cash_operations').count({ n: '*' }).first())!.n);
    const category = Number((await t.db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
    const bodies = [
      {
        kind: 'expense',
        amount: 100,
        from_account_id: d.deskTheirsAccount,
        expense_category_id: category,
        beneficiary: 'Taxi',
      },
      {
        kind: 'bank_deposit',
        amount: 100,
        from_account_id: d.deskMineAccount,
        to_account_id: d.bankTheirs.id,
        reference: 'BV-1',
      },
    ];
    for (const body of bodies) {
      const res = await user.post(
        ROUTES['cashOperations.index'],
        { idempotency_key: idempotencyKey(), ...body },
        { Referer: 'http://localhost/dashboard' },
      );
      expect(res.status).toBe(303);
      const errors = (await user.visit('/dashboard')).body.props.errors;
      expect(Object.values(errors)).toContain(UNALLOWED_TREASURY_ACCOUNT);
    }
    expect(Number((await t.db('cash_operations').count({ n: '*' }).first())!.n)).toBe(before);
  });

  it('creditNotes.index: correcting the other place’s sale answers 404, nothing written', async () => {
    const before = Number((await t.db('credit_notes').count({ n: '*' }).first())!.n);
    const res = await user.post(ROUTES['creditNotes.index'], {
      idempotency_key: idempotencyKey(),
      sale_id: d.saleTheirs.id,
      version: 2,
      reason: 'Produit défectueux',
      lines: [{ sale_line_id: d.saleTheirs.lineId, quantity: 1 }],
    });
    expect(res.status).toBe(404);
    expect(Number((await t.db('credit_notes').count({ n: '*' }).first())!.n)).toBe(before);
  });

  it('whereAllowedLocation / whereAllowedTreasuryAccount: the one query filter for later screens (caisse, règlements, ventes)', async () => {
    const accounts = await t.db('treasury_accounts').where({ kind: 'caisse' }).pluck('id');
    const mineDesk = Number(
      (await t.db('treasury_accounts').where({ kind: 'caisse', location_id: d.mine }).first('id'))!.id,
    );
    const scope = placeScope({
      isAdmin: false,
      restricted: true,
      locationIds: [d.mine],
      treasuryAccountIds: [mineDesk],
    });
    expect(await whereAllowedTreasuryAccount(t.db('treasury_accounts'), 'id', scope).pluck('id')).toEqual([mineDesk]);
    expect(
      (
        await whereAllowedTreasuryAccount(t.db('treasury_accounts').where({ kind: 'caisse' }), 'id', EVERY_PLACE).pluck(
          'id',
        )
      ).length,
    ).toBe(accounts.length);
    const none = placeScope({ isAdmin: false, restricted: true, locationIds: [], treasuryAccountIds: [] });
    expect(await whereAllowedTreasuryAccount(t.db('treasury_accounts'), 'id', none).pluck('id')).toEqual([]);
    expect(await whereAllowedLocation(t.db('locations'), 'id', none).pluck('id')).toEqual([]);
    const sides = await whereAllowedLocation(t.db('transfers'), ['from_location_id', 'to_location_id'], scope).pluck(
      'id',
    );
    expect(sides.map(Number).sort()).toEqual([d.transferOut.id, d.transferIn.id].sort());
  });

  /** Posts a counter sale that must be refused: 303 back, nothing written, the errors of the form. */
  const refusedSale = async (body: object) => {
    const tables = ['sales', 'sale_payments', 'money_movements', 'stock_movements'];
    const counts = () =>
      Promise.all(tables.map(async (table) => Number((await t.db(table).count({ n: '*' }).first())!.n)));
    const before = await counts();
    const res = await user.post(ROUTES['counter.store'], body);
    expect(res.status).toBe(303);
    const errors = (await user.visit(res.headers.location)).body.props.errors;
    expect(await counts()).toEqual(before);
    return errors;
  };
  const mobile = (operator: string, accountId: number | '') => ({
    method: 'mobile_money',
    amount: 1_000,
    operator,
    phone: '07 07 07 07 07',
    reference: `MP${uniqueTag()}`,
    account_id: accountId,
  });

  it('counter.store: a payment into a wallet the user does not work on is refused on its field, nothing written', async () => {
    expect(await refusedSale(counterSale(d, d.mine, [mobile('wave', d.walletTheirs)]))).toEqual({
      'payments.0.account_id': UNALLOWED_TREASURY_ACCOUNT,
    });
    // Without a chosen account, none other than the user's is taken for them.
    const errors = await refusedSale(counterSale(d, d.mine, [mobile('wave', '')]));
    expect(errors['payments.0.account_id']).toMatch(/^Aucun compte Wave actif ne vous est attribué/);
  });

  it('sales.invoices: a transfer into a bank the user does not work on is refused on its field, nothing written', async () => {
    const invoice = (accountId: number) => ({
      idempotency_key: idempotencyKey(),
      client_id: d.client,
      location_id: d.mine,
      sale_date: today(),
      payment_mode: 'cash',
      due_date: '',
      discount: 0,
      note: '',
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      lines: [{ product_id: d.product, quantity: 1, unit_price: 1_000 }],
      payments: [{ method: 'virement', amount: 1_000, account_id: accountId, reference: 'VIR-1' }],
    });
    const before = Number((await t.db('sales').count({ n: '*' }).first())!.n);
    const res = await user.post(ROUTES['sales.invoices'], invoice(d.bankTheirs.id), {
      Referer: 'http://localhost/dashboard',
    });
    expect(res.status).toBe(303);
    expect((await user.visit('/dashboard')).body.props.errors).toEqual({
      'payments.0.account_id': UNALLOWED_TREASURY_ACCOUNT,
    });
    expect(Number((await t.db('sales').count({ n: '*' }).first())!.n)).toBe(before);
  });

  it('counter.store: a sale paid into the user’s own wallet goes through', async () => {
    const category = Number((await t.db('products').where({ id: d.product }).first('category_id'))!.category_id);
    const own = await makeProduct(t.db, {
      code: `PV${d.tag}`.slice(0, 30),
      name: `Vendu ${d.tag}`,
      category_id: category,
      retail_price: 1_000,
    });
    await giveStock(t.db, own, d.mine, 5);
    const res = await user.post(ROUTES['counter.store'], {
      ...counterSale(d, d.mine, [mobile('mtn_momo', d.walletMine)]),
      lines: [{ product_id: own, quantity: 1, unit_price: 1_000 }],
    });
    expect(res.status).toBe(303);
    const saleId = Number(new URL(res.headers.location, 'http://x').searchParams.get('vente'));
    expect(await t.db('sale_payments').where({ sale_id: saleId }).pluck('account_id')).toEqual([d.walletMine]);
  });

  it('resolvePaymentAccounts: refuses an account outside the scope given, keeps every account without one (demo seed)', async () => {
    const scope = placeScope({
      isAdmin: false,
      restricted: true,
      locationIds: [d.mine],
      treasuryAccountIds: [d.walletMine],
    });
    const payment = { method: 'mobile_money' as const, accountId: d.walletTheirs, operator: 'wave' as const };
    await t.db.transaction(async (trx) => {
      expect(await resolvePaymentAccounts(trx, [payment], [1_000], d.mine)).toEqual([d.walletTheirs]);
      await expect(resolvePaymentAccounts(trx, [payment], [1_000], d.mine, scope)).rejects.toMatchObject({
        errors: { 'payments.0.account_id': UNALLOWED_TREASURY_ACCOUNT },
      });
      expect(
        await resolvePaymentAccounts(
          trx,
          [{ ...payment, accountId: d.walletMine, operator: 'mtn_momo' }],
          [1_000],
          d.mine,
          scope,
        ),
      ).toEqual([d.walletMine]);
    });
  });

  it('paymentAccounts: with a scope, only the accounts the user works on (their desks through their shop)', async () => {
    const scope = placeScope({
      isAdmin: false,
      restricted: true,
      locationIds: [d.mine],
      treasuryAccountIds: [d.bankMine.id, d.walletMine],
    });
    const options = await paymentAccounts(t.db, { scope });
    const all = [...options.caisse, ...options.banque, ...options.mobile_money].map((o) => o.id);
    expect(all).toEqual(expect.arrayContaining([d.bankMine.id, d.walletMine, d.deskMineAccount]));
    for (const id of [d.bankTheirs.id, d.walletTheirs, d.deskTheirsAccount]) expect(all).not.toContain(id);
    expect(options.caisse.every((o) => o.location_id === d.mine)).toBe(true);
    const every = await paymentAccounts(t.db);
    expect(every.banque.map((o) => o.id)).toEqual(expect.arrayContaining([d.bankMine.id, d.bankTheirs.id]));
  });

  it('treasuryAccounts.index: the account a restricted user creates is theirs (listed, opened)', async () => {
    const name = `Banque créée ${d.tag}`;
    const res = await user.post(ROUTES['treasuryAccounts.index'], {
      kind: 'banque',
      code: `BC${d.tag}`.slice(0, 20),
      name,
      bank_name: 'SIB',
      account_number: `CI93 ${d.tag}`.slice(0, 30),
      operator: '',
      phone: '',
    });
    const id = created(res);
    expect(await t.db('user_treasury_accounts').where({ user_id: userId, account_id: id }).first()).toBeTruthy();
    expect((await user.visit(TA(id))).status).toBe(200);
    expect(text(await user.visit(ROUTES['treasuryAccounts.index']))).toContain(name);
  });

  it("ticked desks are a restriction: an unticked desk of the user's own shop gets none of their sales or settlements, its record and closings are refused", async () => {
    // A second desk at Boutique 1, the one ticked on the cashier's form; the shop's first desk is not.
    const deskName = `Caisse cochée ${d.tag}`;
    const ticked = created(
      await admin.post(ROUTES['cashDesks.index'], {
        code: `CK${d.tag}`.slice(0, 20),
        name: deskName,
        location_id: String(d.mine),
      }),
    );
    const tickedAccount = (await cashDeskAccountId(t.db, ticked))!;
    const untickedDesk = Number(
      (await t.db('treasury_accounts').where({ id: d.deskMineAccount }).first('cash_desk_id'))!.cash_desk_id,
    );
    const email = `caissier-${d.tag.toLowerCase()}@test.local`;
    const id = await createUser(t.db, {
      name: `Caissier B1 ${d.tag}`,
      email,
      password: 'Caissier-12345',
      roleNames: ['Gérant'],
      verified: true,
    });
    await t.db('users').where({ id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: id, location_id: d.mine });
    await t
      .db('user_treasury_accounts')
      .insert([tickedAccount, d.bankMine.id].map((account_id) => ({ user_id: id, account_id })));
    const cashier = new Client(t);
    await cashier.login(email, 'Caissier-12345');

    // Sales: cash into the unticked desk is refused on its field; without a choice, the ticked desk takes it.
    const counts = async () =>
      Promise.all(
        ['sales', 'settlements', 'money_movements'].map(async (table) =>
          Number((await t.db(table).count({ n: '*' }).first())!.n),
        ),
      );
    const before = await counts();
    let res = await cashier.post(
      ROUTES['counter.store'],
      counterSale(d, d.mine, [{ method: 'especes', amount: 1_000, account_id: d.deskMineAccount }]),
    );
    expect((await cashier.visit(res.headers.location)).body.props.errors).toEqual({
      'payments.0.account_id': UNALLOWED_TREASURY_ACCOUNT,
    });
    // Settlements: the same.
    const settlement = (account: number | '') => ({
      idempotency_key: idempotencyKey(),
      client_id: d.client,
      settlement_date: today(),
      source: 'payment',
      method: 'especes',
      account_id: account,
      amount: 500,
      allocation_mode: 'oldest',
      allocations: [],
      note: '',
    });
    await cashier.post(ROUTES['settlements.index'], settlement(d.deskMineAccount), {
      Referer: 'http://localhost/dashboard',
    });
    expect((await cashier.visit('/dashboard')).body.props.errors).toEqual({ account_id: UNALLOWED_TREASURY_ACCOUNT });
    expect(await counts()).toEqual(before);
    // Sold from a product of its own: the stock figures the other tests read stay.
    const category = Number((await t.db('products').where({ id: d.product }).first('category_id'))!.category_id);
    const own = await makeProduct(t.db, {
      code: `PK${d.tag}`.slice(0, 30),
      name: `Vendu caisse ${d.tag}`,
      category_id: category,
      retail_price: 1_000,
    });
    await giveStock(t.db, own, d.mine, 5);
    res = await cashier.post(ROUTES['counter.store'], {
      ...counterSale(d, d.mine, [{ method: 'especes', amount: 1_000 }]),
      lines: [{ product_id: own, quantity: 1, unit_price: 1_000 }],
    });
    const saleId = Number(new URL(res.headers.location, 'http://x').searchParams.get('vente'));
    expect(await t.db('sale_payments').where({ sale_id: saleId }).pluck('account_id')).toEqual([tickedAccount]);
    res = await cashier.post(ROUTES['settlements.index'], settlement(''));
    expect(res.status).toBe(303);
    const settled = Number(res.headers.location.split('/').pop());
    expect(Number((await t.db('settlements').where({ id: settled }).first('account_id'))!.account_id)).toBe(
      tickedAccount,
    );
    // The forms offer the ticked desk, never the other one.
    for (const url of [`${ROUTES['settlements.create']}?client_id=${d.client}`, ROUTES['sales.invoices.create']]) {
      const accounts = ids((await cashier.visit(url)).body.props.accounts);
      expect(accounts, url).not.toContain(d.deskMineAccount);
    }
    expect(
      ids((await cashier.visit(`${ROUTES['settlements.create']}?client_id=${d.client}`)).body.props.accounts),
    ).toContain(tickedAccount);
    // Its record, its account, its ledger and its closings: 404, like another shop's; the ticked desk's open.
    for (const url of [
      `/parametres/societe/caisses/${untickedDesk}`,
      `/parametres/societe/caisses/${untickedDesk}/edit`,
      TA(d.deskMineAccount),
      `/operations/caisse/arretes/${d.closingMine}`,
      `/operations/caisse/arretes/${d.closingMine}/print`,
    ])
      expect((await cashier.visit(url)).status, url).toBe(404);
    expect((await download(cashier, `${TA(d.deskMineAccount)}/mouvements/export`)).status).toBe(404);
    expect(
      (await cashier.post(`/operations/caisse/arretes/${d.closingMine}/reopen`, { reason: 'Erreur de comptage' }))
        .status,
    ).toBe(404);
    expect((await cashier.post(`/parametres/societe/caisses/${untickedDesk}/archive`)).status).toBe(404);
    expect((await cashier.visit(`/parametres/societe/caisses/${ticked}`)).status).toBe(200);
    const closings = (
      await cashier.visit(`${ROUTES['cash.closings.index']}?from=${addDays(today(), -30)}&to=${today()}`)
    ).body.props.closings.data.map((r: { id: number }) => r.id);
    expect(closings).not.toContain(d.closingMine);
    const draft = await cashier.visit(`${ROUTES['cash.closings.create']}?account_id=${d.deskMineAccount}`);
    expect(draft.body.props.account_id).toBe(String(tickedAccount));
    // The lists: the ticked desk, not the other one.
    const desks = text(await cashier.visit(ROUTES['cashDesks.index']));
    expect(desks).toContain(deskName);
    expect(desks).not.toContain('Caisse Boutique 1');
    const caisse = ids((await cashier.visit(ROUTES['cash.index'])).body.props.accounts);
    expect(caisse).toContain(tickedAccount);
    expect(caisse).not.toContain(d.deskMineAccount);
    // Without any desk ticked (the restricted Gérant of these tests), every desk of the shop is theirs.
    expect((await user.visit(`/parametres/societe/caisses/${untickedDesk}`)).status).toBe(200);
    expect((await user.visit(`/parametres/societe/caisses/${ticked}`)).status).toBe(200);
  });

  it('support.logs: the journal and its export hide the entries about documents, desks and stock of other places, keep those about no place', async () => {
    const tag = uniqueTag();
    const actor = await adminActor(t.db);
    // About no place (a client), and about the whole database (a backup): seen by nobody restricted.
    await recordAudit(t.db, {
      action: 'clients.updated',
      user: actor,
      subject: { type: 'client', id: d.client, label: `Client ${tag}` },
    });
    await recordAudit(t.db, {
      action: 'backup.created',
      user: actor,
      subject: { type: 'backup', id: `sauvegarde-${tag}`, label: `Sauvegarde ${tag}` },
    });
    const role = `Journaux ${tag}`;
    await createRole(t.db, { name: role, permissions: ['menu.dashboard', 'menu.support', 'menu.support.logs'] });
    const email = `journaux-${tag.toLowerCase()}@test.local`;
    const id = await createUser(t.db, {
      name: `Journaux ${tag}`,
      email,
      password: 'Journaux-12345',
      roleNames: [role],
      verified: true,
    });
    await t.db('users').where({ id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: id, location_id: d.mine });
    await t.db('user_treasury_accounts').insert({ user_id: id, account_id: d.bankMine.id });
    const reader = new Client(t);
    await reader.login(email, 'Journaux-12345');
    /** Every entry's label the client sees (all pages), as one text. */
    const journal = async (c: Client) => {
      const labels: string[] = [];
      for (let page = 1; ; page++) {
        const res = await c.visit(`${ROUTES['support.logs']}?tab=audit&page=${page}`);
        expect(res.status).toBe(200);
        labels.push(
          ...res.body.props.audit.data.map((r: { subject_label: string | null; subject: string | null }) =>
            JSON.stringify(r),
          ),
        );
        if (page >= res.body.props.audit.last_page) return labels.join('\n');
      }
    };
    const mine = [
      d.entryMine.number,
      d.transferIn.number,
      d.transferOut.number,
      d.saleMine.number,
      d.invoiceMine.number,
      d.noteMine.number,
      d.settlementMine.number,
      d.cashMine.number,
      `Client ${tag}`,
    ];
    const theirs = [
      d.entryTheirs.number,
      d.transferTheirs.number,
      d.adjustmentTheirs.number,
      d.saleTheirs.number,
      d.invoiceTheirs.number,
      d.noteTheirs.number,
      d.settlementTheirs.number,
      d.cashTheirs.number,
      d.deskTheirsName,
      `Sauvegarde ${tag}`,
    ];
    const seen = await journal(reader);
    for (const s of mine) expect(seen, `devrait montrer ${s}`).toContain(s);
    for (const s of theirs) expect(seen, `ne doit pas montrer ${s}`).not.toContain(s);
    // The administrator's journal has them all; the count follows the filter.
    const everything = await journal(admin);
    for (const s of [...mine, ...theirs]) expect(everything).toContain(s);
    const total = async (c: Client) =>
      (await c.visit(`${ROUTES['support.logs']}?tab=audit`)).body.props.audit.total as number;
    expect(await total(reader)).toBeLessThan(await total(admin));
    // The count of another place's inventory: its entries hidden too (read from the count's row).
    expect(
      (await t
        .db('audit_log')
        .where({ subject_type: 'inventory_count', subject_id: String(d.countTheirs) })
        .first('location_id'))!.location_id,
    ).toBe(d.theirs);
    // The export: the same entries.
    const exported = await download(reader, ROUTES['support.logs.export']);
    expect(exported.status).toBe(200);
    const file = (exported.body as Buffer).toString('utf8');
    for (const s of mine) expect(file).toContain(s);
    for (const s of theirs) expect(file).not.toContain(s);
  });

  it('support.logs: the entries written before places were recorded get them from their subject (migration)', async () => {
    const migration = await import('../../database/migrations/202612012315_audit_log_places.js');
    const before = await t
      .db('audit_log')
      .whereNotNull('location_id')
      .orWhereNotNull('account_id')
      .orderBy('id')
      .select('id', 'location_id', 'other_location_id', 'account_id', 'other_account_id');
    expect(before.length).toBeGreaterThan(10);
    await migration.down(t.db);
    await migration.up(t.db);
    const after = await t
      .db('audit_log')
      .whereIn(
        'id',
        before.map((r) => r.id),
      )
      .orderBy('id')
      .select('id', 'location_id', 'other_location_id', 'account_id', 'other_account_id');
    expect(after).toEqual(before);
    const transfer = (await t
      .db('audit_log')
      .where({ subject_type: 'transfer', subject_id: String(d.transferIn.id) })
      .first('location_id', 'other_location_id'))!;
    expect([Number(transfer.location_id), Number(transfer.other_location_id)]).toEqual([d.theirs, d.mine]);
  });

  it('the opening-stock import refuses rows of the other place as unknown ones', async () => {
    const { upload } = await import('../support/master-data.js');
    const csv = `Code produit;Emplacement;Quantité;Coût unitaire\nPL${d.tag};${d.theirsName};3;100\n`;
    const res = await upload(user, '/operations/entreestock/stock-initial/import', csv, 'stock.csv');
    expect(res.status).toBe(303);
    const page = await user.follow(res);
    const rows = page.body.props.preview.rows as Array<{ errors: string[] }>;
    expect(rows[0].errors).toContain(`L’emplacement « ${d.theirsName} » n’existe pas ou ne vous est pas attribué.`);
  });
});
