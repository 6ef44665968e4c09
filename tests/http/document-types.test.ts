import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_KEYS,
  type DocumentPlacesDecl,
  type DocumentPrintoutDecl,
  type DocumentType,
  type DocumentTypeDecl,
  documentType,
} from '../../shared/documents.js';
import { PAGE_NAMES, type PageName } from '../../shared/pages.js';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import { PRINTOUTS, PRINTOUT_SETTINGS, PRINT_DOCUMENTS, type Printout } from '../../shared/print.js';
import { ROUTES, type RouteName, route } from '../../shared/routes.js';
import type { GlobalSearchResponse } from '../../shared/search.js';
import { DOCUMENT_SERIES } from '../../server/db/counters.js';
import { API_ENDPOINTS } from '../../server/http/api/endpoints/index.js';
import { type RegisteredRoute, registeredRoutes } from '../../server/http/route-walker.js';
import { SEARCHED_DOCUMENTS } from '../../server/services/search/document-series.js';
import { ACCOUNT_DOCUMENTS, DOCUMENT_PLACES } from '../../server/services/places/scope.js';
import { createRole } from '../../server/services/roles/create-role.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { Browser } from '../../scripts/drill/browser.js';
import {
  DOCUMENT_FORMS,
  type DocumentForm,
  type FormContext,
  creditInvoiceBody,
  giveStock,
  submit,
} from '../../scripts/drill/forms.js';
import { buildWorld, makeClient, makeLocation, makeProduct } from '../../scripts/drill/world.js';
import { ADMIN, Client, type TestApp, createTestApp } from '../support/app.js';
import { apiClient, tokenFor } from '../support/api.js';
import { testDatabases } from '../support/databases.js';
import { type ListeningApp, listen } from '../support/stock-http.js';
import { idempotencyKey } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * Every document type of shared/documents.ts, walked end to end: made through the drill's own form
 * of its series (so the drill covers it), numbered in its series, found by number in the header
 * search, its page opening, each printout printing in each format of its Paramètres › Impression
 * type (the first print the original, the next a DUPLICATA), its API resource answering, and all of
 * it refused to a user who does not work in its place. A type declared without a form, a way to
 * make it, a page or a printout route fails here.
 */

// Every page a declaration names is a registered Inertia page (a typo fails the type check).
type Types = typeof DOCUMENT_TYPES;
type PrintoutPages<T extends { printouts: object }> = {
  [P in keyof T['printouts']]: T['printouts'][P] extends { page: infer G } ? G : never;
}[keyof T['printouts']];
type DeclaredPages =
  Types[DocumentType]['show']['page'] | { [K in DocumentType]: PrintoutPages<Types[K]> }[DocumentType];
export const declaredPagesAreRegistered: DeclaredPages extends PageName ? true : never = true;

const placesOf = (type: DocumentType): DocumentPlacesDecl => documentType(type).places;
const printoutsOf = (type: DocumentType) =>
  Object.entries(documentType(type).printouts) as Array<[Printout, DocumentPrintoutDecl]>;

describe('document types: every registry reads the declaration', () => {
  it.each(DOCUMENT_TYPE_KEYS)('%s: counters, search, places, printouts, drill and API agree', (type) => {
    const d = documentType(type);
    expect(DOCUMENT_SERIES).toContain(d.series);
    expect(SEARCHED_DOCUMENTS.filter((s) => s.table === d.table && s.series === d.series)).toEqual([
      expect.objectContaining({ label: d.label, dateColumn: d.columns.date, page: d.show.route }),
    ]);
    const places = placesOf(type);
    if (places.locations)
      expect(DOCUMENT_PLACES).toHaveProperty(places.guard, { table: d.table, columns: places.locations });
    else expect(ACCOUNT_DOCUMENTS).toHaveProperty(places.guard, { table: d.table, columns: places.accounts });
    expect((PAGE_NAMES as readonly string[]).includes(d.show.page), d.show.page).toBe(true);
    for (const [key, p] of printoutsOf(type)) {
      expect(PRINT_DOCUMENTS).toHaveProperty(p.settings);
      expect((PAGE_NAMES as readonly string[]).includes(p.page), p.page).toBe(true);
      if (p.duplicata) expect([PRINTOUTS[key], PRINTOUT_SETTINGS[key]]).toEqual([p.label, p.settings]);
      else expect(PRINTOUTS).not.toHaveProperty(key);
    }
    for (const name of [d.show.route, d.cancel, d.api, ...printoutsOf(type).map(([, p]) => p.route)])
      if (name) expect(ROUTES, name).toHaveProperty([name]);
    // The drill fills the series (its form is required by the type of DOCUMENT_FORMS).
    const form: DocumentForm | undefined = DOCUMENT_FORMS[d.series];
    expect(form?.series, `scripts/drill/forms.ts DOCUMENT_FORMS.${d.series}`).toBe(d.series);
    if (d.api) expect(API_ENDPOINTS.some((e) => e.method === 'get' && e.route === d.api)).toBe(true);
  });

  it('declares every document printout, and no series twice under different labels', () => {
    const declared = DOCUMENT_TYPE_KEYS.flatMap((type) => printoutsOf(type).map(([key]) => key));
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(PRINTOUTS).sort()).toEqual(declared.sort());
    expect([...DOCUMENT_SERIES].sort()).toEqual(Object.keys(DOCUMENT_FORMS).sort());
  });
});

describe.each(testDatabases())('document types, end to end (%s)', (kind) => {
  let t: TestApp;
  let server: ListeningApp;
  let ctx: FormContext;
  let admin: Client;
  let adminId: number;
  let outsider: Client;
  let outsiderId: number;
  let routes: RegisteredRoute[];
  const made = new Map<DocumentType, { id: number; number: string }>();

  const lastId = async (d: Pick<DocumentTypeDecl, 'table' | 'where'>) =>
    Number(
      (await t
        .db(d.table)
        .where(d.where ?? {})
        .orderBy('id', 'desc')
        .first('id'))!.id,
    );

  /** Through the drill's form of its series, when that form makes this type (a type of a shared table: its rows). */
  const byDrillForm = async (d: ReturnType<typeof documentType>): Promise<number | null> => {
    const form = DOCUMENT_FORMS[d.series];
    if (form.table !== d.table || JSON.stringify(form.where ?? {}) !== JSON.stringify(d.where ?? {})) return null;
    const id = await submit(ctx, form, (await form.prepare(ctx, 1))(0));
    // A form landing on a list (the readjustment) gives no id: the row it just made.
    return id || lastId(d);
  };

  /** The types whose series' drill form makes the other type of the series: made here, as its screen does. */
  const OTHER_MAKERS: Partial<Record<DocumentType, () => Promise<number>>> = {
    // An inventory count opened on a category of its own, counted and validated (its adjustment printout needs it validated).
    count: async () => {
      const tag = uniqueTag();
      const category = await insertReturningId(
        t.db,
        'categories',
        withSearchName({ code: `${tag}CAT`, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
      );
      const product = await makeProduct(t.db, { ...ctx.world, category }, 'Compté');
      await giveStock(ctx, product.id, ctx.world.depot, 10);
      const opened = await admin.post(route('inventory.index'), {
        idempotency_key: idempotencyKey(),
        location_id: ctx.world.depot,
        count_date: ctx.world.today,
        blind: false,
        category_ids: [category],
        note: '',
      });
      expect(opened.status).toBe(303);
      const id = await lastId(DOCUMENT_TYPES.count);
      await admin.post(route('inventory.counts', { id }), {
        lines: [{ product_id: product.id, counted: 8, expected: null }],
      });
      const version = Number((await t.db('inventory_counts').where({ id }).first('version'))!.version);
      const validated = await admin.post(route('inventory.validate', { id }), {
        version,
        moved_policy: 'snapshot',
        uncounted_as_zero: false,
      });
      expect(validated.status).toBe(303);
      return id;
    },
  };

  /** Printouts that only a document in another state prints (the route picks the printout from the document). */
  const PRINTOUT_DOCUMENTS: Partial<Record<Printout, () => Promise<number>>> = {
    // The drill's invoice is paid at the sale (facture comptant); a credit sale prints the facture.
    invoice: async () => {
      const product = await makeProduct(t.db, ctx.world, 'Crédit');
      await giveStock(ctx, product.id, ctx.world.depot, 1);
      const client = await makeClient(t.db);
      return submit(ctx, DOCUMENT_FORMS.FAC, creditInvoiceBody(ctx.world, client, product.id, ctx.world.depot));
    },
  };

  const documentOf = (type: DocumentType) => {
    const doc = made.get(type);
    if (!doc) throw new Error(`${type} n’a pas été créé (voir le premier test)`);
    return doc;
  };
  const printUrl = (p: DocumentPrintoutDecl, id: number) =>
    route(p.route as 'entries.print', { id }, p.query as Record<string, number>);
  const printoutOfToken = (token: string): string =>
    JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')).p;
  const search = async (c: Client, q: string) => {
    const res = await c.agent.get(route('search', { q })).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    const documents = (res.body as GlobalSearchResponse).groups.find((g) => g.key === 'documents');
    return documents?.items ?? [];
  };
  const guardsOf = (method: string, name: RouteName) =>
    routes.find((r) => r.method === method && r.path === ROUTES[name])?.guards ?? [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    server = await listen(t);
    const browser = new Browser(server.url);
    await browser.login(ADMIN.email, ADMIN.password);
    ctx = { db: t.db, world: await buildWorld(t.db), admin: browser };
    admin = new Client(t);
    await admin.login();
    adminId = Number((await t.db('users').where({ email: ADMIN.email }).first('id'))!.id);
    routes = registeredRoutes(t.app);
    // Every screen and right, but working in a shop of its own only (no document of this file stands there).
    const tag = uniqueTag().toLowerCase();
    await createRole(t.db, { name: `Tout ailleurs ${tag}`, permissions: [...ALL_PERMISSIONS] });
    const email = `ailleurs-${tag}@test.local`;
    outsiderId = await createUser(t.db, {
      name: 'Ailleurs',
      email,
      password: 'Ailleurs-12345',
      roleNames: [`Tout ailleurs ${tag}`],
      verified: true,
    });
    await t.db('users').where({ id: outsiderId }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: outsiderId, location_id: await makeLocation(t.db, 'Ailleurs') });
    outsider = new Client(t);
    await outsider.login(email, 'Ailleurs-12345');
    // One document of each type, shared by the tests below (they only read it, or print it once: the print test).
    for (const type of DOCUMENT_TYPE_KEYS) {
      const d = documentType(type);
      const id = (await byDrillForm(d)) ?? (await OTHER_MAKERS[type]?.());
      if (!id) throw new Error(`${type} : ni le formulaire ${d.series} de l’exercice ni OTHER_MAKERS ne le créent`);
      const row = await t
        .db(d.table)
        .where({ id, ...d.where })
        .first(d.columns.number);
      made.set(type, { id, number: String(row?.number) });
    }
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it.each(DOCUMENT_TYPE_KEYS)('%s: made through its form, numbered in its series', async (type) => {
    const d = documentType(type);
    const doc = documentOf(type);
    expect(doc.number).toMatch(new RegExp(`^${d.series}-${ctx.world.year}-\\d{6}$`));
    const counter = await t
      .db('document_counters')
      .where({ series: d.series, year: ctx.world.year })
      .first('last_number');
    expect(Number(counter?.last_number)).toBeGreaterThanOrEqual(Number(doc.number.slice(-6)));
  });

  it.each(DOCUMENT_TYPE_KEYS)('%s: found by its number in the header search, its page opens', async (type) => {
    const d = documentType(type);
    const doc = documentOf(type);
    const found = await search(admin, doc.number);
    expect(found.map((i) => [i.title, i.url])).toContainEqual([
      doc.number,
      route(d.show.route as 'sales.show', { id: doc.id }),
    ]);
    const page = await admin.visit(route(d.show.route as 'sales.show', { id: doc.id }));
    expect([page.status, page.body.component]).toEqual([200, d.show.page]);
  });

  it.each(DOCUMENT_TYPE_KEYS)(
    '%s: each printout prints in each format of its settings, the original then a DUPLICATA',
    async (type) => {
      for (const [key, p] of printoutsOf(type)) {
        const id = (await PRINTOUT_DOCUMENTS[key]?.()) ?? documentOf(type).id;
        const url = printUrl(p, id);
        const def = PRINT_DOCUMENTS[p.settings];
        try {
          for (const format of def.formats) {
            const saved = await admin.send('put', route('printing.show', { type: p.settings }), {
              format,
              copies: 1,
              header_text: '',
              footer_text: '',
              show_logo: true,
              amount_in_words: def.amountInWords,
            });
            expect(saved.status, `${p.settings} ${format}`).toBe(303);
            const page = await admin.visit(url);
            expect([page.status, page.body.component, page.body.props.settings?.format], `${url} ${format}`).toEqual([
              200,
              p.page,
              format,
            ]);
            expect(printoutOfToken(page.body.props.print_token), url).toBe(key);
          }
        } finally {
          await t.db('print_settings').where({ document_type: p.settings }).delete();
        }
        const preview = await admin.visit(url);
        expect(preview.body.props.copy).toMatchObject({ duplicata: false, reprint: 0 });
        const printed = await admin.post(
          route('prints.record'),
          { token: preview.body.props.print_token, key: idempotencyKey() },
          { Accept: 'application/json' },
        );
        expect(printed.status, url).toBe(200);
        expect((await admin.visit(url)).body.props.copy, url).toMatchObject({ duplicata: p.duplicata, reprint: 1 });
        const counted = await t.db('document_prints').where({ printout: key, document_id: id }).first('reprint_count');
        expect(Number(counted?.reprint_count), url).toBe(0);
      }
    },
  );

  it.each(DOCUMENT_TYPE_KEYS)('%s: its API resource reads it (when the API exposes it)', async (type) => {
    const d = documentType(type);
    if (!d.api) return;
    const doc = documentOf(type);
    const url = route(d.api as 'api.invoices.show', { id: doc.id });
    const mine = apiClient(t, (await tokenFor(t, adminId, [...d.screens])).token);
    const res = await mine.get(url);
    expect(res.status, url).toBe(200);
    expect(JSON.stringify(res.body)).toContain(doc.number);
    const theirs = apiClient(t, (await tokenFor(t, outsiderId, [...d.screens])).token);
    expect((await theirs.get(url)).status, url).toBe(404);
  });

  it.each(DOCUMENT_TYPE_KEYS)('%s: refused to a user who does not work in its place', async (type) => {
    const d = documentType(type);
    const doc = documentOf(type);
    const guard = { kind: 'place', document: placesOf(type).guard };
    // Its routes declare the places guard of its kind…
    expect(guardsOf('GET', d.show.route), d.show.route).toContainEqual(expect.objectContaining(guard));
    for (const [, p] of printoutsOf(type))
      expect(guardsOf('GET', p.route), p.route).toContainEqual(expect.objectContaining(guard));
    if (d.cancel) expect(guardsOf('POST', d.cancel), d.cancel).toContainEqual(expect.objectContaining(guard));
    // …and apply it: its page and printouts answer 404 as if it did not exist, the search does not find it.
    const page = await outsider.visit(route(d.show.route as 'sales.show', { id: doc.id }));
    expect(page.status, d.show.route).toBe(404);
    for (const [, p] of printoutsOf(type))
      expect((await outsider.visit(printUrl(p, doc.id))).status, p.route).toBe(404);
    expect((await search(outsider, doc.number)).map((i) => i.title)).not.toContain(doc.number);
    expect((await search(admin, doc.number)).map((i) => i.title)).toContain(doc.number);
  });
});
