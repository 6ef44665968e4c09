import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flash, redirect } from '../../server/http/respond.js';
import { always, defer, optional } from '../../server/inertia/index.js';
import { Client, TEST_VERSION, type TestApp, createTestApp, renderProbe } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { HttpError } from '../../server/http/errors.js';

/** Probe pages that use every prop kind; the counters prove which resolvers ran. */
const calls = { regular: 0, lazy: 0, deferred: 0, always: 0 };
function probeRoutes(app: Express) {
  app.get('/probe', (_req, res) =>
    renderProbe(res, 'Probe', {
      regular: () => {
        calls.regular++;
        return 'regular-value';
      },
      plain: 42,
      lazy: optional(() => {
        calls.lazy++;
        return 'lazy-value';
      }),
      later: defer(() => {
        calls.deferred++;
        return 'deferred-value';
      }, 'slow'),
      stamp: always(() => {
        calls.always++;
        return 'always-value';
      }),
      dangerous: '</script><!-- &amp; <b>"quoted"</b> \u2028 end',
    }),
  );
  app.post('/probe/flash', (req, res) => {
    flash(req, 'success', 'Enregistré avec succès.');
    redirect(res, '/probe');
  });
  for (const method of ['put', 'patch', 'delete'] as const) {
    app[method]('/probe/redirect', (_req, res) => redirect(res, '/probe'));
  }
  app.get('/probe/external', (_req, res) => res.inertia.location('https://example.org/fichier.pdf'));
  app.get('/probe/boom', () => {
    throw new Error('panne simulée');
  });
  app.get('/probe/forbidden', () => {
    throw new HttpError(403);
  });
  app.post('/probe/validate', (req, res) => {
    const bag = req.get('X-Inertia-Error-Bag');
    req.session.errors = bag
      ? { [bag]: { name: 'Le champ nom est obligatoire.' } }
      : { name: 'Le champ nom est obligatoire.' };
    redirect(res, '/probe');
  });
}

const reset = () => Object.assign(calls, { regular: 0, lazy: 0, deferred: 0, always: 0 });

describe.each(testDatabases())('Inertia protocol (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, probeRoutes);
  });
  afterAll(() => t.close());

  it('answers a first visit with HTML holding the escaped page script', async () => {
    const res = await request(t.app).get('/probe').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.vary).toMatch(/X-Inertia/);
    expect(res.headers['x-inertia']).toBeUndefined();
    const match = res.text.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/);
    expect(match).not.toBeNull();
    const json = match![1];
    expect(json).not.toContain('</');
    expect(json).not.toContain('<');
    expect(json).toContain('\\/');
    expect(res.text).toContain('<div id="app"></div>');
    const page = JSON.parse(json);
    expect(page).toMatchObject({ component: 'Probe', url: '/probe', version: TEST_VERSION });
    expect(page.props.dangerous).toBe('</script><!-- &amp; <b>"quoted"</b> \u2028 end');
    expect(page.props.errors).toEqual({});
  });

  it('answers an Inertia visit with JSON and the protocol headers', async () => {
    const c = new Client(t);
    const res = await c.visit('/probe?page=2&q=caf%C3%A9');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toMatch(/X-Inertia/);
    expect(res.body.url).toBe('/probe?page=2&q=caf%C3%A9');
    expect(res.body.props.regular).toBe('regular-value');
    expect(res.body.props.plain).toBe(42);
    expect(res.body.props.app).toEqual({
      name: 'SDSTOCK WEB 2.0',
      version: '3.0',
      copyright: `© ${new Date().getFullYear()} SDSTOCK`,
    });
    expect(res.body.props.auth).toEqual({ user: null });
    expect(res.body.sharedProps).toEqual(expect.arrayContaining(['auth', 'app', 'flash']));
  });

  it('never resolves optional props on a full visit and announces deferred ones', async () => {
    reset();
    const res = await new Client(t).visit('/probe');
    expect(res.body.props).not.toHaveProperty('lazy');
    expect(res.body.props).not.toHaveProperty('later');
    expect(res.body.deferredProps).toEqual({ slow: ['later'] });
    expect(calls).toEqual({ regular: 1, lazy: 0, deferred: 0, always: 1 });
  });

  it('answers 409 with the location when the asset version is stale, for GET only', async () => {
    const c = new Client(t);
    const res = await c.visit('/probe?x=1', { 'X-Inertia-Version': 'old-version' });
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toBe(`${t.config.appUrl}/probe?x=1`);
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.text).toBe('');
    const missing = await c.agent.get('/probe').set({ 'X-Inertia': 'true' });
    expect(missing.status).toBe(409);
    const post = await c.post('/probe/flash', {}, { 'X-Inertia-Version': 'old-version' });
    expect(post.status).toBe(303);
  });

  it('keeps the flash for the reload that follows a 409', async () => {
    const c = new Client(t);
    await c.post('/probe/flash');
    const stale = await c.visit('/probe', { 'X-Inertia-Version': 'old-version' });
    expect(stale.status).toBe(409);
    const page = await c.visit('/probe');
    expect(page.body.flash).toEqual({ success: 'Enregistré avec succès.' });
  });

  it('redirects with 303 after POST, PUT, PATCH and DELETE', async () => {
    const c = new Client(t);
    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await c.send(method, '/probe/redirect');
      expect(res.status, method).toBe(303);
      expect(res.headers.location).toBe('/probe');
    }
    expect((await c.post('/probe/flash')).status).toBe(303);
  });

  it('answers an external location with 409 for Inertia visits and a redirect otherwise', async () => {
    const c = new Client(t);
    const res = await c.visit('/probe/external');
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('https://example.org/fichier.pdf');
    const plain = await request(t.app).get('/probe/external');
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toBe('https://example.org/fichier.pdf');
  });

  it('sends only the asked props on a partial reload, plus always props and errors', async () => {
    reset();
    const res = await new Client(t).visit('/probe', {
      'X-Inertia-Partial-Component': 'Probe',
      'X-Inertia-Partial-Data': ' lazy , ,plain',
    });
    expect(Object.keys(res.body.props).sort()).toEqual(['errors', 'lazy', 'plain', 'stamp']);
    expect(res.body.props.lazy).toBe('lazy-value');
    expect(calls).toEqual({ regular: 0, lazy: 1, deferred: 0, always: 1 });
    expect(res.body.deferredProps).toBeUndefined();
  });

  it('loads a deferred prop when the client asks for it', async () => {
    reset();
    const res = await new Client(t).visit('/probe', {
      'X-Inertia-Partial-Component': 'Probe',
      'X-Inertia-Partial-Data': 'later',
    });
    expect(res.body.props.later).toBe('deferred-value');
    expect(calls.deferred).toBe(1);
    expect(calls.regular).toBe(0);
  });

  it('removes props listed in except, and except wins over data', async () => {
    reset();
    const c = new Client(t);
    const except = await c.visit('/probe', {
      'X-Inertia-Partial-Component': 'Probe',
      'X-Inertia-Partial-Except': 'regular,auth,company,app,flash,dangerous,lazy,later',
    });
    expect(Object.keys(except.body.props).sort()).toEqual(['errors', 'plain', 'stamp']);
    expect(calls.regular).toBe(0);
    const both = await c.visit('/probe', {
      'X-Inertia-Partial-Component': 'Probe',
      'X-Inertia-Partial-Data': 'plain,regular',
      'X-Inertia-Partial-Except': 'regular',
    });
    expect(Object.keys(both.body.props).sort()).toEqual(['errors', 'plain', 'stamp']);
    expect(calls.regular).toBe(0);
  });

  it('ignores partial headers meant for another component', async () => {
    reset();
    const res = await new Client(t).visit('/probe', {
      'X-Inertia-Partial-Component': 'Other',
      'X-Inertia-Partial-Data': 'plain',
    });
    expect(res.body.props.regular).toBe('regular-value');
    expect(res.body.props).not.toHaveProperty('lazy');
    expect(res.body.deferredProps).toEqual({ slow: ['later'] });
  });

  it('does not run the shared props queries on a partial reload that does not ask for them', async () => {
    const c = new Client(t);
    await c.login();
    const res = await c.visit('/probe', { 'X-Inertia-Partial-Component': 'Probe', 'X-Inertia-Partial-Data': 'plain' });
    expect(res.body.props).not.toHaveProperty('auth');
    const full = await c.visit('/probe');
    expect(full.body.props.auth.user.email).toBe('admin@test.local');
  });

  it('shows validation errors once, on partial reloads too', async () => {
    const c = new Client(t);
    const post = await c.post('/probe/validate');
    expect(post.status).toBe(303);
    const partial = await c.visit('/probe', {
      'X-Inertia-Partial-Component': 'Probe',
      'X-Inertia-Partial-Data': 'plain',
    });
    expect(partial.body.props.errors).toEqual({ name: 'Le champ nom est obligatoire.' });
    const again = await c.visit('/probe');
    expect(again.body.props.errors).toEqual({});
  });

  it('puts errors inside the named error bag', async () => {
    const c = new Client(t);
    await c.post('/probe/validate', {}, { 'X-Inertia-Error-Bag': 'createClient' });
    const page = await c.visit('/probe');
    expect(page.body.props.errors).toEqual({ createClient: { name: 'Le champ nom est obligatoire.' } });
  });

  it('shows a flash message exactly once, top-level and in shared props', async () => {
    const c = new Client(t);
    await c.post('/probe/flash');
    const first = await c.visit('/probe');
    expect(first.body.flash).toEqual({ success: 'Enregistré avec succès.' });
    expect(first.body.props.flash).toEqual({ success: 'Enregistré avec succès.', error: null });
    const second = await c.visit('/probe');
    expect(second.body.flash).toBeUndefined();
    expect(second.body.props.flash).toEqual({ success: null, error: null });
  });

  it('renders the error page component for 403, 404, 419 and 500, for Inertia and plain visits', async () => {
    const c = new Client(t);
    const forbidden = await c.visit('/probe/forbidden');
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['x-inertia']).toBe('true');
    expect(forbidden.body).toMatchObject({ component: 'Error', props: { status: 403, title: 'Accès refusé' } });

    const missing = await c.visit('/nulle-part');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ component: 'Error', props: { status: 404, title: 'Page introuvable' } });

    const expired = await c.agent
      .post('/probe/flash')
      .set({ 'X-Inertia': 'true', 'X-Inertia-Version': TEST_VERSION, 'X-XSRF-TOKEN': 'faux' });
    expect(expired.status).toBe(419);
    expect(expired.body).toMatchObject({ component: 'Error', props: { status: 419, title: 'Page expirée' } });

    const boom = await c.visit('/probe/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).toMatchObject({ component: 'Error', props: { status: 500, title: 'Erreur du serveur' } });
    expect(JSON.stringify(boom.body)).not.toMatch(/at .*\.ts:\d+/); // no stack trace

    const plain = await request(t.app).get('/nulle-part').set('Accept', 'text/html');
    expect(plain.status).toBe(404);
    expect(plain.text).toContain('&quot;component&quot;'.replace(/&quot;/g, '"'));
    const page = JSON.parse(
      plain.text.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)![1],
    );
    expect(page.props.status).toBe(404);
  });

  it('never shows the message of a server fault in production', async () => {
    const prod = await createTestApp(kind, { env: 'production' }, probeRoutes);
    try {
      const res = await new Client(prod).visit('/probe/boom');
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('panne simulée');
    } finally {
      await prod.close();
    }
  });

  it('answers a malformed JSON body with the 400 page and an oversized one with the 413 page', async () => {
    const c = new Client(t);
    await c.ensureToken();
    const bad = await c.agent
      .post('/login')
      .set({
        'X-Inertia': 'true',
        'X-Inertia-Version': TEST_VERSION,
        'X-XSRF-TOKEN': c.xsrf,
        'Content-Type': 'application/json',
      })
      .send('{"email": "a@b.c", ');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ component: 'Error', props: { status: 400 } });
    const big = await c.agent
      .post('/login')
      .set({
        'X-Inertia': 'true',
        'X-Inertia-Version': TEST_VERSION,
        'X-XSRF-TOKEN': c.xsrf,
        'Content-Type': 'application/json',
      })
      .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ component: 'Error', props: { status: 413 } });
    const failures = await t.db('throttle_hits').count<{ n: number }[]>({ n: '*' });
    expect(Number(failures[0].n)).toBe(0);
  });

  it('parses bracket arrays in query strings', async () => {
    const res = await new Client(t).visit('/probe?ids[]=1&ids[]=2');
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('/probe?ids[]=1&ids[]=2');
  });
});
