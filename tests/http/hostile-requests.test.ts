import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';

/**
 * What an anonymous client can send that the http libraries refuse before any route runs: each one
 * gets its own 4xx page, never a 500 (security review, issue 13 findings 7 and 11).
 */
describe.each(testDatabases())('hostile requests (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { appUrl: 'https://stock.example.ci' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 400 to a path whose percent-encoding does not decode', async () => {
    const signedIn = new Client(t);
    await signedIn.login();
    const anonymous = await new Client(t).visit('/fichiers/clients/%E0%A4%A');
    expect(anonymous.status).toBe(303); // the login guard answers first
    for (const [url, c] of [
      ['/reset-password/%E0%A4%A', new Client(t)],
      ['/fichiers/clients/%E0%A4%A', signedIn],
    ] as const) {
      const res = await c.visit(url);
      expect(res.status, url).toBe(400);
      expect(res.body.component, url).toBe('Error');
      expect(res.body.props.title, url).toBe('Requête invalide');
    }
  });

  it('answers 419 to a malformed X-XSRF-TOKEN header', async () => {
    const c = new Client(t);
    await c.ensureToken();
    const res = await c.post('/login', { email: 'a@b.ci', password: 'x' }, { 'X-XSRF-TOKEN': '%E0%A4%A' });
    expect(res.status).toBe(419);
    expect(res.body.props.title).toBe('Page expirée');
  });

  it('answers 404 to a built asset that no longer exists (a browser holding the previous build)', async () => {
    const res = await request(t.app).get('/build/assets/app-old123.js');
    expect(res.status).toBe(404);
  });

  it('writes the stale-version location from APP_URL, never from the Host or X-Forwarded-Host sent', async () => {
    const res = await new Client(t).visit('/login?x=1', {
      'X-Inertia-Version': 'old-build',
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'http',
    });
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('https://stock.example.ci/login?x=1');
  });
});
