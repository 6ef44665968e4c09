import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, type MenuNode } from '../../shared/menu.js';
import { ALL_PERMISSIONS, type Permission } from '../../shared/permissions.js';
import { ROUTES } from '../../shared/routes.js';
import { SALE_SCREENS, TRANSFER_CANCEL_SCREENS } from '../../server/policies/index.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { type DbKind, testDatabases } from '../support/databases.js';
import { registeredRoutes } from '../support/routes.js';
import { uniqueTag } from '../support/unique.js';

/**
 * Every action requires its screen permission too (security issue 13, finding 6): for each
 * mutating route the router registers, a user holding every permission EXCEPT the screen
 * permission of that route's screen is refused with 403, and nothing is written.
 *
 * A route's screen is the menu item whose URL (or sub-path) contains it; a route reached from two
 * screens lists both (the user then holds neither).
 */

/** Routes reached from more than one screen: the user under test holds none of them. */
const SHARED_SCREENS: Partial<Record<string, readonly Permission[]>> = {
  [ROUTES['transfers.cancel']]: TRANSFER_CANCEL_SCREENS,
  // A sale is shared from its page, opened from Sortie de stock and from Annulations › Factures.
  [ROUTES['sales.shares']]: SALE_SCREENS,
  [ROUTES['sales.revokeShare']]: SALE_SCREENS,
};

/** Mutating routes outside any screen: the account pages every signed-in (or guest) user has. */
const SCREENLESS = [
  'POST /login',
  'POST /register',
  'POST /forgot-password',
  'POST /reset-password',
  'POST /email/verification-notification',
  'POST /confirm-password',
  'POST /logout',
  'PATCH /profile',
  'PUT /password',
  'DELETE /profile',
  // The first-login change of a password given by an administrator.
  'PUT /mot-de-passe/changer',
  // A print counted from its preview: the token it carries was signed for this user by the
  // document's print route, which checked the screen (tests/http/printouts.test.ts).
  'POST /impressions',
].sort();

function menuScreens(nodes: MenuNode[]): Array<{ prefix: string; permission: Permission }> {
  const out: Array<{ prefix: string; permission: Permission }> = [];
  for (const node of nodes) {
    if (node.sub) out.push(...menuScreens(node.sub));
    else if (node.permission)
      for (const prefix of new Set([node.to, ...(node.subActivePaths ?? [])].filter((p): p is string => !!p)))
        out.push({ prefix, permission: node.permission });
  }
  return out;
}

/** The screen permission(s) of a path: the longest menu prefix that contains it. */
function screensOf(path: string): readonly Permission[] | null {
  const shared = SHARED_SCREENS[path];
  if (shared) return shared;
  const matches = menuScreens(MENU)
    .filter((s) => path === s.prefix || path.startsWith(`${s.prefix}/`))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return matches.length ? [matches[0].permission] : null;
}

async function tableCounts(t: TestApp, kind: DbKind): Promise<Record<string, number>> {
  const tables: string[] =
    kind === 'sqlite'
      ? (await t.db.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map(
          (r: { name: string }) => r.name,
        )
      : (
          await t.db.raw(
            `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
          )
        ).rows.map((r: { name: string }) => r.name);
  // Sessions change with every request (the session store), whatever the answer.
  const names = tables.filter((n) => n !== 'sessions').sort();
  // One statement for every table: the walk below counts twice per route.
  const result = await t.db.raw(
    names.map(() => 'SELECT ? AS name, COUNT(*) AS n FROM ??').join(' UNION ALL '),
    names.flatMap((n) => [n, n]),
  );
  const rows: Array<{ name: string; n: number | string }> = kind === 'sqlite' ? result : result.rows;
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

describe.each(testDatabases())('every mutating route requires its screen permission (%s)', (kind) => {
  let t: TestApp;
  let mutating: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The REST API (/api/v1) has no screen and no session: its Bearer tokens and their abilities
    // are tested by tests/http/api-v1.test.ts (a session alone gets 401 there, nothing written).
    mutating = registeredRoutes(t.app)
      .filter((r) => !['GET', 'HEAD', 'OPTIONS', '_ALL'].includes(r.method) && !r.path.startsWith('/api/v1/'))
      .map(({ method, path }) => ({ method, path }));
  });
  afterAll(() => t.close());

  it('knows the screen of every mutating route, or lists it among the account routes', () => {
    // The walker must see the routers at all, or the next test would prove nothing.
    expect(mutating.length).toBeGreaterThan(30);
    const screenless = mutating.filter((r) => screensOf(r.path) === null).map((r) => `${r.method} ${r.path}`);
    expect(screenless.sort()).toEqual(SCREENLESS);
    // The two actions of finding 6 are among those checked.
    expect(mutating).toContainEqual({ method: 'POST', path: ROUTES['transfers.receive'] });
    expect(mutating).toContainEqual({ method: 'POST', path: ROUTES['transfers.cancel'] });
  });

  it('refuses each one (403, nothing written) to a user holding every permission but its screen', async () => {
    const clients = new Map<string, Client>();
    const clientWithout = async (screens: readonly Permission[]) => {
      const key = [...screens].sort().join(',');
      let c = clients.get(key);
      if (!c) {
        const user = await userWithPermissions(
          t,
          `${uniqueTag('S').toLowerCase()}@test.local`,
          ALL_PERMISSIONS.filter((p) => !screens.includes(p)),
        );
        c = new Client(t);
        await c.login(user.email, user.password);
        clients.set(key, c);
      }
      return c;
    };
    const refused: string[] = [];
    for (const r of mutating) {
      const screens = screensOf(r.path);
      if (!screens) continue;
      const c = await clientWithout(screens);
      const before = await tableCounts(t, kind);
      const url = r.path.replace(/:id\b/g, '1').replace(/:[a-z]+/gi, 'x');
      const res = await c.send(r.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete', url, {
        reason: 'Motif de test',
        version: 1,
      });
      expect(await tableCounts(t, kind), `${r.method} ${r.path} wrote something`).toEqual(before);
      if (res.status === 403) refused.push(`${r.method} ${r.path}`);
      else refused.push(`${r.method} ${r.path} → ${res.status} (without ${screens.join(' / ')})`);
    }
    expect(refused).toEqual(mutating.filter((r) => screensOf(r.path)).map((r) => `${r.method} ${r.path}`));
  }, 180_000);
});
