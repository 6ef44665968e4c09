import type { Express, NextFunction, Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../server/domain/errors.js';
import { nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { can, requireAuth, requireVerified } from '../../server/http/middleware/auth.js';
import { type RegisteredRoute, registeredRoutes } from '../../server/http/route-walker.js';
import { ROUTES } from '../../shared/routes.js';
import { type Subject, type Target, expectedAccess, fuzzCases, fuzzRoutes, routeMatrix } from '../../scripts/drill/attack.js';
import { rowCounter, throwAwayDatabase } from '../../scripts/drill/harness.js';
import { runScheduledBackup } from '../../server/services/backups/backups.js';
import { readSettings } from '../../server/services/backups/catalogue.js';
import { ADMIN, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { type ListeningApp, listen } from '../support/stock-http.js';
import { uniqueTag } from '../support/unique.js';

/**
 * The drill's route attacks (scripts/drill/attack.ts, `npm run drill` items 5 and 6) run here on a
 * couple of real routes — where they must find nothing — and on planted faults they must catch: a
 * route that answers 500, a route that writes a row and then refuses, a route declaring no guard, a
 * route whose answer contradicts its declared guard.
 */
const PLANTED = {
  crash: '/exercice/panne',
  leak: '/exercice/fuite',
  unguarded: '/exercice/sans-garde',
  liar: '/exercice/garde-contredite',
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
        next(body && typeof body === 'object' && Object.keys(body).length > 0 ? new Error('panne plantée') : new Refusal({ name: 'Nom obligatoire.' }));
      });
      // Writes a category, then refuses the request (outside any transaction: the row stays).
      app.post(PLANTED.leak, ...guarded, async (_req: Request, _res: Response, next: NextFunction) => {
        const code = `F${uniqueTag()}`;
        await t.db('categories').insert(withSearchName({ code, name: `Fuite ${code}`, created_at: nowIso(), updated_at: nowIso() }));
        next(new Refusal({ name: 'Refusé après coup.' }));
      });
      app.get(PLANTED.unguarded, (_req: Request, res: Response) => {
        res.json({ ok: true });
      });
      // Declares « menu.categories » but refuses everyone.
      app.get(PLANTED.liar, ...guarded, (_req: Request, res: Response) => {
        res.status(403).json({ message: 'non' });
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

  it('attacks an application without its daily backup: no write that no request made in the middle of a count comparison', { timeout: 60_000 }, async () => {
    const database = await throwAwayDatabase(kind === 'pg' ? process.env.TEST_DATABASE_URL : undefined);
    try {
      expect(readSettings(database).daily).toBe(false);
      const before = await database.counts();
      // The timer's own call, at an hour when the default settings would write the day's backup.
      expect(await runScheduledBackup(database.db, { database: database.config, storageDir: database.storageDir }, new Date(`${new Date().toISOString().slice(0, 10)}T23:30:00Z`))).toBeNull();
      expect(await database.counts()).toEqual(before);
    } finally {
      await database.drop();
    }
  });

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
    const mutated = fuzzCases(pick('POST', ROUTES['categories.index']), 40, 3, valid).filter((c) => c.body.kind === 'json' && typeof c.body.value === 'object' && c.body.value !== null && 'code' in c.body.value);
    expect(mutated.length).toBeGreaterThan(0);
  });

  it('finds nothing wrong on real routes: refused payloads write nothing, none answers 5xx', { timeout: 120_000 }, async () => {
    const result = await fuzzRoutes(target, [pick('POST', ROUTES['categories.index']), pick('PUT', ROUTES['categories.show'])], { runs: 12, seed: 11, login: ADMIN });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBe(24);
    expect(result.refused).toBeGreaterThan(0);
  });

  it('catches a route that answers 500 and a route that writes a row on a refused request', { timeout: 120_000 }, async () => {
    const result = await fuzzRoutes(target, [pick('POST', PLANTED.crash), pick('POST', PLANTED.leak)], { runs: 5, seed: 5, login: ADMIN });
    expect(result.failures.some((f) => f.startsWith(`POST ${PLANTED.crash} ${PLANTED.crash} → HTTP 500`))).toBe(true);
    expect(result.failures.filter((f) => f.startsWith(`POST ${PLANTED.leak}`))).toHaveLength(5);
    expect(result.failures.find((f) => f.startsWith(`POST ${PLANTED.leak}`))).toMatch(/refusé .* mais a écrit dans categories/);
  });

  it('matches the declared guards on real routes, for a role holding them and one lacking them', { timeout: 120_000 }, async () => {
    const holder = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, ['menu.categories', 'categories.create']);
    const lacker = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, ['menu.clients']);
    const subjects: Subject[] = [
      { label: 'visiteur', login: null, permissions: new Set() },
      { label: 'catégories', login: holder, permissions: new Set(['menu.categories', 'categories.create']) },
      { label: 'clients', login: lacker, permissions: new Set(['menu.clients']) },
    ];
    const real = [pick('GET', ROUTES['categories.index']), pick('POST', ROUTES['categories.index']), pick('DELETE', ROUTES['categories.show']), pick('GET', ROUTES.login)];
    const result = await routeMatrix(target, real, subjects);
    expect(result.failures).toEqual([]);
    expect(result.undeclared).toEqual([]);
    // The holder's two mutating routes are left to the fuzz (they would do the work).
    expect(result.leftToFuzz).toBe(1);
    expect(result.requests).toBe(real.length * subjects.length - 1);
    expect(expectedAccess(pick('DELETE', ROUTES['categories.show']).guards, subjects[1])).toBe('forbidden');
  });

  it('fails a route without a declared guard, and a route whose answer contradicts its guard', { timeout: 120_000 }, async () => {
    const holder = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, ['menu.categories']);
    const result = await routeMatrix(target, [pick('GET', PLANTED.unguarded), pick('GET', PLANTED.liar)], [{ label: 'catégories', login: holder, permissions: new Set(['menu.categories']) }]);
    expect(result.undeclared).toEqual([`GET ${PLANTED.unguarded}`]);
    expect(result.failures).toEqual([`catégories : GET ${PLANTED.liar} → HTTP 403 (attendu allowed)`]);
  });
});
