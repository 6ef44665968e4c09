import type { Express, NextFunction, Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/dates.js';
import { NotFound, Refusal } from '../../server/domain/errors.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { can, declareGuard, requireAuth, requireVerified } from '../../server/http/middleware/auth.js';
import { type RegisteredRoute, registeredRoutes } from '../../server/http/route-walker.js';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import { ROUTES } from '../../shared/routes.js';
import {
  type PlacedForm,
  type Subject,
  type Target,
  expectedAccess,
  fuzzCases,
  fuzzRoutes,
  placeMatrix,
  routeMatrix,
} from '../../scripts/drill/attack.js';
import { rowCounter, throwAwayDatabase } from '../../scripts/drill/harness.js';
import { runScheduledBackup } from '../../server/services/backups/backups.js';
import { readSettings } from '../../server/services/backups/catalogue.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { type ListeningApp, listen } from '../support/stock-http.js';
import { idempotencyKey, makeProduct } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * The drill's route attacks (scripts/drill/attack.ts, `npm run drill` items 5 and 6) run here on a
 * couple of real routes — where they must find nothing — and on planted faults they must catch: a
 * route that answers 500, a route that writes a row and then refuses, a route declaring no guard, a
 * route whose answer contradicts its declared guard, a record route declaring a places guard it does
 * not apply, an action that writes before its 404, a form that lets another place in.
 */
const PLANTED = {
  crash: '/exercice/panne',
  leak: '/exercice/fuite',
  unguarded: '/exercice/sans-garde',
  liar: '/exercice/garde-contredite',
  placeLiar: '/exercice/emplacement/:id',
  placeLeak: '/exercice/emplacement/:id/ecrire',
  placeForm: '/exercice/formulaire-emplacement',
};

describe.each(testDatabases())('the drill machinery (%s)', (kind) => {
  let t: TestApp;
  let server: ListeningApp;
  let target: Target;
  let routes: RegisteredRoute[];
  const pick = (method: string, path: string) => {
    const r = routes.find((x) => x.method === method && x.path === path);
    if (!r) throw new Error(`${method} ${path} is not registered`);
    return r;
  };

  beforeAll(async () => {
    const plant = (app: Express) => {
      const guarded = [requireAuth, requireVerified, can('menu.categories')];
      // Answers 500 to any body that carries a `name` which is not a string.
      app.post(PLANTED.crash, ...guarded, (req: Request, _res: Response, next: NextFunction) => {
        const body = req.body as Record<string, unknown> | undefined;
        next(
          body && typeof body === 'object' && Object.keys(body).length > 0
            ? new Error('panne plantée')
            : new Refusal({ name: 'Nom obligatoire.' }),
        );
      });
      // Writes a category, then refuses the request (outside any transaction: the row stays).
      app.post(PLANTED.leak, ...guarded, async (_req: Request, _res: Response, next: NextFunction) => {
        const code = `F${uniqueTag()}`;
        await t
          .db('categories')
          .insert(withSearchName({ code, name: `Fuite ${code}`, created_at: nowIso(), updated_at: nowIso() }));
        next(new Refusal({ name: 'Refusé après coup.' }));
      });
      app.get(PLANTED.unguarded, (_req: Request, res: Response) => {
        res.json({ ok: true });
      });
      // Declares « menu.categories » but refuses everyone.
      app.get(PLANTED.liar, ...guarded, (_req: Request, res: Response) => {
        res.status(403).json({ message: 'non' });
      });
      // Declare the places guard of an entry without applying it: any entry opens, to anyone.
      const notApplied = declareGuard((_req: Request, _res: Response, next: NextFunction) => next(), {
        kind: 'place',
        document: 'entry',
      });
      app.get(PLANTED.placeLiar, ...guarded, notApplied, (_req: Request, res: Response) => {
        res.json({ ok: true });
      });
      // Writes a category, then answers 404 (outside any transaction: the row stays).
      app.post(PLANTED.placeLeak, ...guarded, notApplied, async (_req: Request, _res: Response, next: NextFunction) => {
        const code = `F${uniqueTag()}`;
        await t
          .db('categories')
          .insert(withSearchName({ code, name: `Fuite ${code}`, created_at: nowIso(), updated_at: nowIso() }));
        next(new NotFound());
      });
      // A « form » that writes whatever place it is given and lands on its document.
      app.post(PLANTED.placeForm, ...guarded, async (_req: Request, res: Response) => {
        const code = `F${uniqueTag()}`;
        await t
          .db('categories')
          .insert(withSearchName({ code, name: `Fuite ${code}`, created_at: nowIso(), updated_at: nowIso() }));
        res.redirect(303, '/exercice/formulaire-emplacement/1');
      });
    };
    t = await createTestApp(kind, {}, plant);
    server = await listen(t);
    target = { base: server.url, counts: rowCounter(() => t.db) };
    routes = registeredRoutes(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it(
    'attacks an application without its daily backup: no write that no request made in the middle of a count comparison',
    { timeout: 60_000 },
    async () => {
      const database = await throwAwayDatabase(kind === 'pg' ? process.env.TEST_DATABASE_URL : undefined);
      try {
        expect(readSettings(database).daily).toBe(false);
        const before = await database.counts();
        // The timer's own call, at an hour when the default settings would write the day's backup.
        expect(
          await runScheduledBackup(
            database.db,
            { database: database.config, storageDir: database.storageDir },
            new Date(`${new Date().toISOString().slice(0, 10)}T23:30:00Z`),
          ),
        ).toBeNull();
        expect(await database.counts()).toEqual(before);
      } finally {
        await database.drop();
      }
    },
  );

  it('reads every route and its declared guards from the router', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(pick('POST', ROUTES['categories.index']).guards).toEqual([
      { kind: 'auth' },
      { kind: 'verified' },
      { kind: 'all', permissions: ['menu.categories'] },
      { kind: 'all', permissions: ['categories.create'] },
    ]);
    expect(pick('GET', PLANTED.unguarded).guards).toEqual([]);
  });

  it('builds property-based cases: hostile path parameters and bodies, the same for the same seed', () => {
    const cases = fuzzCases(pick('PUT', ROUTES['categories.show']), 30, 7);
    expect(cases).toHaveLength(30);
    expect(cases.every((c) => !c.path.includes(':id'))).toBe(true);
    expect(new Set(cases.map((c) => c.path)).size).toBeGreaterThan(3);
    expect(fuzzCases(pick('PUT', ROUTES['categories.show']), 30, 7)).toEqual(cases);
    const valid = () => ({ code: 'ABC', name: 'Épicerie', lines: [{ quantity: 1 }] });
    const mutated = fuzzCases(pick('POST', ROUTES['categories.index']), 40, 3, valid).filter(
      (c) =>
        c.body.kind === 'json' && typeof c.body.value === 'object' && c.body.value !== null && 'code' in c.body.value,
    );
    expect(mutated.length).toBeGreaterThan(0);
  });

  it(
    'finds nothing wrong on real routes: refused payloads write nothing, none answers 5xx',
    { timeout: 120_000 },
    async () => {
      const result = await fuzzRoutes(
        target,
        [pick('POST', ROUTES['categories.index']), pick('PUT', ROUTES['categories.show'])],
        { runs: 12, seed: 11, login: ADMIN },
      );
      expect(result.failures).toEqual([]);
      expect(result.requests).toBe(24);
      expect(result.refused).toBeGreaterThan(0);
    },
  );

  it(
    'catches a route that answers 500 and a route that writes a row on a refused request',
    { timeout: 120_000 },
    async () => {
      const result = await fuzzRoutes(target, [pick('POST', PLANTED.crash), pick('POST', PLANTED.leak)], {
        runs: 5,
        seed: 5,
        login: ADMIN,
      });
      expect(result.failures.some((f) => f.startsWith(`POST ${PLANTED.crash} ${PLANTED.crash} → HTTP 500`))).toBe(true);
      expect(result.failures.filter((f) => f.startsWith(`POST ${PLANTED.leak}`))).toHaveLength(5);
      expect(result.failures.find((f) => f.startsWith(`POST ${PLANTED.leak}`))).toMatch(
        /refusé .* mais a écrit dans categories/,
      );
    },
  );

  it(
    'matches the declared guards on real routes, for a role holding them and one lacking them',
    { timeout: 120_000 },
    async () => {
      const holder = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, [
        'menu.categories',
        'categories.create',
      ]);
      const lacker = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, ['menu.clients']);
      const subjects: Subject[] = [
        { label: 'visiteur', login: null, permissions: new Set() },
        { label: 'catégories', login: holder, permissions: new Set(['menu.categories', 'categories.create']) },
        { label: 'clients', login: lacker, permissions: new Set(['menu.clients']) },
      ];
      const real = [
        pick('GET', ROUTES['categories.index']),
        pick('POST', ROUTES['categories.index']),
        pick('DELETE', ROUTES['categories.show']),
        pick('GET', ROUTES.login),
      ];
      const result = await routeMatrix(target, real, subjects);
      expect(result.failures).toEqual([]);
      expect(result.undeclared).toEqual([]);
      // The holder's two mutating routes are left to the fuzz (they would do the work).
      expect(result.leftToFuzz).toBe(1);
      expect(result.requests).toBe(real.length * subjects.length - 1);
      expect(expectedAccess(pick('DELETE', ROUTES['categories.show']).guards, subjects[1])).toBe('forbidden');
    },
  );

  it(
    'fails a route without a declared guard, and a route whose answer contradicts its guard',
    { timeout: 120_000 },
    async () => {
      const holder = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, ['menu.categories']);
      const result = await routeMatrix(
        target,
        [pick('GET', PLANTED.unguarded), pick('GET', PLANTED.liar)],
        [{ label: 'catégories', login: holder, permissions: new Set(['menu.categories']) }],
      );
      expect(result.undeclared).toEqual([`GET ${PLANTED.unguarded}`]);
      expect(result.failures).toEqual([`catégories : GET ${PLANTED.liar} → HTTP 403 (attendu allowed)`]);
    },
  );

  describe('the places matrix', () => {
    let outsider: { email: string; password: string };
    let entry: number;
    let entryBody: () => Record<string, unknown>;
    const entryForm = (): PlacedForm => ({
      label: 'Entrée de stock',
      url: ROUTES['entries.index'],
      body: entryBody(),
      done: (l) => (/\/operations\/entreestock\/(\d+)$/.test(l) ? 1 : null),
    });

    beforeAll(async () => {
      // A user holding every permission, restricted to a shop of their own; an entry at the depot.
      const now = nowIso();
      const tag = uniqueTag();
      const elsewhere = await insertReturningId(t.db, 'locations', {
        code: `E${tag}`.slice(0, 20),
        name: `Ailleurs ${tag}`,
        kind: 'boutique',
        created_at: now,
        updated_at: now,
      });
      outsider = await userWithPermissions(t, `${uniqueTag('P').toLowerCase()}@test.local`, [...ALL_PERMISSIONS]);
      const { id } = (await t.db('users').where({ email: outsider.email }).first('id'))!;
      await t.db('users').where({ id }).update({ places_restricted: true });
      await t.db('user_locations').insert({ user_id: id, location_id: elsewhere });
      const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
      const category = await insertReturningId(
        t.db,
        'categories',
        withSearchName({ code: `K${tag}`.slice(0, 20), name: `Catégorie ${tag}`, created_at: now, updated_at: now }),
      );
      const product = await makeProduct(t.db, {
        code: `PM${tag}`.slice(0, 30),
        name: `Produit ${tag}`,
        category_id: category,
      });
      entryBody = () => ({
        idempotency_key: idempotencyKey(),
        kind: 'opening',
        supplier_id: '',
        location_id: depot,
        entry_date: businessDate('Africa/Abidjan'),
        supplier_ref: '',
        note: '',
        lines: [{ product_id: product, unit: 'unit', quantity: 5, unit_cost: 100 }],
      });
      const admin = new Client(t);
      await admin.login();
      const res = await admin.post(ROUTES['entries.index'], entryBody());
      expect(res.status).toBe(303);
      entry = Number(res.headers.location.split('/').pop());
    });

    it(
      'finds nothing wrong on real routes: another place’s entry answers 404, its form is refused, nothing written',
      { timeout: 120_000 },
      async () => {
        const real = [
          pick('GET', ROUTES['entries.show']),
          pick('GET', ROUTES['entries.print']),
          pick('POST', ROUTES['entries.cancel']),
        ];
        const result = await placeMatrix(target, real, { outsider, owner: ADMIN }, { entry: [entry] }, [entryForm()]);
        expect(result.failures).toEqual([]);
        expect(result).toMatchObject({ routes: 3, forms: 1, requests: 6, uncovered: [] });
      },
    );

    it('says which routes it had no record for', { timeout: 120_000 }, async () => {
      const result = await placeMatrix(
        target,
        [pick('GET', ROUTES['transfers.show'])],
        { outsider, owner: ADMIN },
        { entry: [entry] },
        [],
      );
      expect(result.uncovered).toEqual([`GET ${ROUTES['transfers.show']} (transfer)`]);
      expect(result.failures).toEqual([]);
    });

    it(
      'catches a places guard declared but not applied, an action that writes before its 404, a form that lets another place in',
      { timeout: 120_000 },
      async () => {
        const result = await placeMatrix(
          target,
          [pick('GET', PLANTED.placeLiar), pick('POST', PLANTED.placeLeak)],
          { outsider, owner: ADMIN },
          { entry: [entry] },
          [
            {
              label: 'Formulaire planté',
              url: PLANTED.placeForm,
              body: {},
              done: (l) => (l.endsWith('/exercice/formulaire-emplacement/1') ? 1 : null),
            },
          ],
        );
        const at = `/exercice/emplacement/${entry}`;
        expect(result.failures).toEqual([
          'autre emplacement : les actions refusées ont écrit dans categories',
          `autre emplacement : GET ${PLANTED.placeLiar} ${at} → HTTP 200 (attendu 404)`,
          `autre emplacement : Formulaire planté (POST ${PLANTED.placeForm}) → HTTP 303 /exercice/formulaire-emplacement/1 (attendu : refusé)`,
          'autre emplacement : les formulaires refusés ont écrit dans categories',
        ]);
      },
    );
  });
});
