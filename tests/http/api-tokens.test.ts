import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { apiClient, tokenFor } from '../support/api.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

/** Paramètres › API: personal access tokens (created behind a fresh password, shown once, hashed, revocable, audited). */
describe.each(testDatabases())('API tokens screen (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function confirmed(email = ADMIN.email, password = ADMIN.password): Promise<Client> {
    const c = new Client(t);
    await c.login(email, password);
    await c.post('/confirm-password', { password });
    return c;
  }

  it('asks for the password before creating a token, then shows the secret once and stores only its hash', async () => {
    const c = new Client(t);
    await c.login();
    const name = `Boutique ${uniqueTag()}`;
    const asked = await c.post(
      route('apiTokens.index'),
      { name, abilities: ['menu.produits'], expires_in_days: '30' },
      { Referer: `http://127.0.0.1${route('apiTokens.index')}` },
    );
    expect(asked.headers.location).toBe('/confirm-password');
    expect(await t.db('api_tokens').where({ name }).first()).toBeUndefined();

    // Back to the screen after the confirmation (the browser's Referer is a full URL).
    expect((await c.post('/confirm-password', { password: ADMIN.password })).headers.location).toBe(
      route('apiTokens.index'),
    );
    const created = await c.post(route('apiTokens.index'), {
      name,
      abilities: ['menu.produits', 'menu.clients'],
      expires_in_days: '30',
    });
    expect(created.status).toBe(303);
    const page = await c.follow(created);
    expect(page.body.component).toBe('settings/api/Index');
    const secret: string = page.body.props.new_token.token;
    expect(secret).toMatch(/^sdk_[A-Za-z0-9_-]{40}$/);
    const row = (await t.db('api_tokens').where({ name }).first())!;
    expect(row.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    expect(JSON.parse(row.abilities)).toEqual(['menu.clients', 'menu.produits']);
    const days = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 86_400_000;
    expect(days).toBe(30);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'api_token.created', subject_id: String(row.id) })
        .first(),
    ).toBeTruthy();
    // Shown once: the next visit lists the token without its secret.
    const again = await c.visit(route('apiTokens.index'));
    expect(again.body.props.new_token).toBeNull();
    expect(JSON.stringify(again.body.props)).not.toContain(secret);
    expect(again.body.props.tokens.find((tk: { id: number }) => tk.id === Number(row.id))).toMatchObject({
      name,
      status: 'active',
      last_used_at: null,
      prefix: secret.slice(0, 12),
    });
    // The secret works, and the list then shows its last use.
    expect((await apiClient(t, secret).get('/api/v1/products')).status).toBe(200);
    const used = await c.visit(route('apiTokens.index'));
    expect(used.body.props.tokens.find((tk: { id: number }) => tk.id === Number(row.id)).last_used_at).not.toBeNull();
  });

  it('refuses abilities the user does not hold, unknown ones, an empty list and a bad name — nothing written', async () => {
    const user = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.api',
      'api_tokens.manage',
      'menu.produits',
    ]);
    const c = await confirmed(user.email, user.password);
    const before = Number((await t.db('api_tokens').count({ n: '*' }).first())!.n);
    const cases: Array<[object, string]> = [
      [{ name: 'Jeton', abilities: ['menu.produits', 'products.create'] }, 'abilities'],
      [{ name: 'Jeton', abilities: ['menu.inexistant'] }, 'abilities'],
      [{ name: 'Jeton', abilities: [] }, 'abilities'],
      [{ name: '', abilities: ['menu.produits'] }, 'name'],
      [{ name: 'Jeton', abilities: ['menu.produits'], expires_in_days: '9999' }, 'expires_in_days'],
    ];
    for (const [body, field] of cases) {
      const res = await c.post(route('apiTokens.index'), body, { Referer: route('apiTokens.index') });
      expect(res.status).toBe(303);
      const page = await c.follow(res);
      expect(page.body.props.errors[field], JSON.stringify(body)).toMatch(/[a-zé]/);
    }
    expect(Number((await t.db('api_tokens').count({ n: '*' }).first())!.n)).toBe(before);
    // What the user holds is offered, nothing else.
    const page = await c.visit(route('apiTokens.index'));
    const offered = page.body.props.abilities.flatMap((g: { permissions: Array<{ name: string }> }) =>
      g.permissions.map((p) => p.name),
    );
    expect(offered.sort()).toEqual(['api_tokens.manage', 'menu.parametres', 'menu.parametres.api', 'menu.produits']);
  });

  it('needs api_tokens.manage to create; a user without it still sees the screen', async () => {
    const user = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.api',
      'menu.produits',
    ]);
    const c = await confirmed(user.email, user.password);
    const page = await c.visit(route('apiTokens.index'));
    expect(page.status).toBe(200);
    expect(page.body.props.can).toEqual({ create: false, see_all: false });
    expect((await c.post(route('apiTokens.index'), { name: 'Jeton', abilities: ['menu.produits'] })).status).toBe(403);
    const reference = await c.visit(route('apiTokens.reference'));
    expect(reference.body.component).toBe('settings/api/Reference');
    expect(Object.keys(reference.body.props.document.paths)).toContain('/api/v1/products');
  });

  it('revokes a token at once (audited, password confirmed); another user cannot revoke it without api_tokens.manage', async () => {
    const owner = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.api',
      'menu.produits',
    ]);
    const { id, token } = await tokenFor(t, owner.id, ['menu.produits']);
    const stranger = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.api',
      'menu.produits',
    ]);
    const s = await confirmed(stranger.email, stranger.password);
    await s.post(route('apiTokens.revoke', { id }), {}, { Referer: route('apiTokens.index') });
    expect((await t.db('api_tokens').where({ id }).first())!.revoked_at).toBeNull();
    expect((await apiClient(t, token).get('/api/v1/products')).status).toBe(200);
    // A stranger does not even see it.
    expect(
      (await s.visit(route('apiTokens.index'))).body.props.tokens.map((tk: { id: number }) => tk.id),
    ).not.toContain(id);

    const o = new Client(t);
    await o.login(owner.email, owner.password);
    expect(
      (await o.post(route('apiTokens.revoke', { id }), {}, { Referer: route('apiTokens.index') })).headers.location,
    ).toBe('/confirm-password');
    await o.post('/confirm-password', { password: owner.password });
    const revoked = await o.post(route('apiTokens.revoke', { id }), {});
    expect(revoked.headers.location).toBe(route('apiTokens.index'));
    expect((await t.db('api_tokens').where({ id }).first())!.revoked_at).not.toBeNull();
    expect(
      await t
        .db('audit_log')
        .where({ action: 'api_token.revoked', subject_id: String(id) })
        .first(),
    ).toBeTruthy();
    expect((await apiClient(t, token).get('/api/v1/products')).status).toBe(401);
    const listed = (await o.visit(route('apiTokens.index'))).body.props.tokens.find(
      (tk: { id: number }) => tk.id === id,
    );
    expect(listed.status).toBe('revoked');
  });

  it("lets a holder of api_tokens.manage see and revoke every user's tokens", async () => {
    const owner = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, ['menu.produits']);
    const { id, token } = await tokenFor(t, owner.id, ['menu.produits']);
    const admin = await confirmed();
    const page = await admin.visit(route('apiTokens.index'));
    expect(page.body.props.tokens.find((tk: { id: number }) => tk.id === id)).toMatchObject({
      mine: false,
      owner_name: 'Awa Traoré',
    });
    await admin.post(route('apiTokens.revoke', { id }), {});
    expect((await apiClient(t, token).get('/api/v1/products')).status).toBe(401);
  });
});
