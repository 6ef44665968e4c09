import request from 'supertest';
import { loadUserContext } from '../../server/auth/user-context.js';
import { createApiToken } from '../../server/services/api-tokens/tokens.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { ADMIN, type TestApp } from './app.js';
import { uniqueTag } from './unique.js';

/** A token of this user with these abilities, made by the service (the screen has its own tests). */
export async function tokenFor(
  t: TestApp,
  userId: number,
  abilities: string[],
  options: { days?: number; now?: Date } = {},
): Promise<{ id: number; token: string }> {
  const user = await loadUserContext(t.db, userId);
  if (!user) throw new Error(`no active user ${userId}`);
  return createApiToken(
    t.db,
    user,
    { name: 'Jeton de test', abilities, expires_in_days: options.days ?? 30 },
    { id: userId, name: user.row.name, ip: null },
    options.now,
  );
}

/** A REST API client: every request carries the Bearer token, nothing else (no cookie, no XSRF). */
export function apiClient(t: TestApp, token: string) {
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
  return {
    get: (url: string) => auth(request(t.app).get(url)),
    post: (url: string, body: object, headers: Record<string, string> = {}) =>
      auth(request(t.app).post(url)).set(headers).send(body),
    patch: (url: string, body: object) => auth(request(t.app).patch(url)).send(body),
  };
}

/** How many rows a table holds (a refused API call wrote nothing). */
export async function rowCount(t: TestApp, table: string): Promise<number> {
  return Number((await t.db(table).count({ n: '*' }).first())!.n);
}

/** What an API suite builds on: the seeded admin's id, a new category named `categoryName`, the seeded depot (DEP01) and shop (BTQ01). */
export async function apiFixtures(
  t: TestApp,
  categoryName: string,
): Promise<{ adminId: number; category: number; depot: number; shop: number }> {
  const adminId = Number((await t.db('users').where({ email: ADMIN.email }).first('id'))!.id);
  const now = nowIso();
  const category = await insertReturningId(
    t.db,
    'categories',
    withSearchName({ code: `CAT${uniqueTag()}`, name: categoryName, created_at: now, updated_at: now }),
  );
  const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  return { adminId, category, depot, shop };
}
