import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.js';
import { type TestApp, createTestApp } from '../support/app.js';
import { registeredRoutes } from '../support/routes.js';

// The route table is the same for both databases: one app is enough.
describe('the route table (shared/routes.ts) and the server agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('every path a router registers is in the table', () => {
    const known = new Set<string>(Object.values(ROUTES));
    const registered = registeredRoutes(t.app);
    // The walker must see the routers at all, or this test would prove nothing.
    expect(registered.length).toBeGreaterThan(100);
    const unknown = registered.filter((r) => !known.has(r.path));
    expect(unknown).toEqual([]);
  });

  it('every path of the table is served by a router (no link to nowhere)', () => {
    const served = new Set(registeredRoutes(t.app).map((r) => r.path));
    const dead = Object.entries(ROUTES).filter(([, path]) => !served.has(path));
    expect(dead).toEqual([]);
  });
});
