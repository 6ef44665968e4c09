import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSearchName } from '../../../server/db/search.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, submitExpectingErrors, xlsxRows } from '../../support/master-data.js';

const BASE = '/fichiers/categories';

describe.each(testDatabases())('fichiers/categories (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const idOf = async (code: string) => Number((await t.db('categories').where({ code }).first('id')).id);
  const addProduct = async (categoryId: number, code: string) => {
    const now = new Date().toISOString();
    await t.db('products').insert(withSearchName({ code, name: `Produit ${code}`, category_id: categoryId, unit: 'pièce', created_at: now, updated_at: now }));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('creates a category from the suggested code, with an audit entry', async () => {
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('categories/Form');
    expect(form.body.props).toMatchObject({ category: null, usage: null, history: [] });
    expect(form.body.props.suggested_code).toMatch(/^CAT\d{3}$/);
    const res = await admin.post(BASE, { code: 'BOI', name: 'Boissons', description: 'Eaux, jus et sodas' });
    expect(res.status).toBe(303);
    const id = await idOf('BOI');
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const page = await admin.follow(res);
    expect(page.body.component).toBe('categories/Form');
    expect(page.body.flash).toEqual({ success: 'Catégorie Boissons créée.' });
    expect(page.body.props.category).toEqual({ id, code: 'BOI', name: 'Boissons', description: 'Eaux, jus et sodas', active: true, product_count: 0 });
    expect(page.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(page.body.props.history[0]).toMatchObject({ action: 'category.created' });
  });

  it('refuses bad input, a used code and a used name (any case), writing nothing', async () => {
    const before = await t.db('categories').count({ n: '*' }).first();
    expect(await submitExpectingErrors(admin, 'post', BASE, { code: 'A$B', name: '', description: 'x'.repeat(501) }, `${BASE}/create`)).toEqual({
      code: 'Le champ code ne peut contenir que des lettres sans accent, des chiffres et les signes . _ - /.',
      name: 'Le champ nom est obligatoire.',
      description: 'Le champ description ne doit pas dépasser 500 caractères.',
    });
    expect(await submitExpectingErrors(admin, 'post', BASE, { code: 'boi', name: 'Autre' }, `${BASE}/create`)).toEqual({ code: 'Le code BOI est déjà utilisé par une autre catégorie.' });
    expect(await submitExpectingErrors(admin, 'post', BASE, { code: 'BOI2', name: 'BOISSONS' }, `${BASE}/create`)).toEqual({ name: 'Une catégorie « BOISSONS » existe déjà.' });
    expect(await t.db('categories').count({ n: '*' }).first()).toEqual(before);
  });

  it('lists with product counts, search, status filter and the sort allowlist', async () => {
    await admin.post(BASE, { code: 'CER', name: 'Céréales' });
    await admin.post(BASE, { code: 'QUI', name: 'Quincaillerie', active: false });
    await addProduct(await idOf('CER'), 'RIZ25');
    await addProduct(await idOf('CER'), 'MIL50');
    const list = async (qs: string) => (await admin.visit(`${BASE}?${qs}`)).body.props;
    const page = await list('sort=product_count&dir=desc');
    expect(page.categories.data[0]).toMatchObject({ code: 'CER', product_count: 2 });
    expect(page.params).toEqual({ q: '', sort: 'product_count', dir: 'desc', per_page: 25, filters: { status: 'active' } });
    expect((await list('q=céré')).categories.data.map((c: { code: string }) => c.code)).toEqual(['CER']);
    expect((await list('q=CÉRÉ')).categories.data.map((c: { code: string }) => c.code)).toEqual(['CER']);
    expect((await list('q=bo')).categories.data.map((c: { code: string }) => c.code)).toEqual(['BOI']);
    expect((await list('status=archived')).categories.data.map((c: { code: string }) => c.code)).toEqual(['QUI']);
    const bad = await list('sort=description;--&dir=x');
    expect(bad.params).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(bad.can).toEqual({ create: true, update: true, delete: true, export: true, import: false });
  });

  it('updates a category and audits the change', async () => {
    const id = await idOf('BOI');
    const res = await admin.send('put', `${BASE}/${id}`, { code: 'BOI', name: 'Boissons fraîches', description: 'Eaux, jus et sodas' });
    expect(res.status).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'category.updated', subject_id: String(id) }).first();
    expect(JSON.parse(audit.details)).toEqual({ before: { name: 'Boissons' }, after: { name: 'Boissons fraîches' } });
    expect((await admin.visit(`${BASE}/${id}/edit`)).body.props.category.name).toBe('Boissons fraîches');
  });

  it('cannot be deleted while a product uses it, with a clear French message', async () => {
    const id = await idOf('CER');
    const page = await admin.visit(`${BASE}/${id}`);
    expect(page.body.props.usage).toEqual({ deletable: false, archivable: true, reasons: ["2 produits l'utilisent"], archive_block: null });
    const res = await admin.send('delete', `${BASE}/${id}`);
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    expect((await admin.follow(res)).body.flash.error).toBe(
      "La catégorie « Céréales » ne peut pas être supprimée : 2 produits l'utilisent. Déplacez ces produits dans une autre catégorie ou archivez-la.",
    );
    expect(await t.db('categories').where({ id }).first()).toBeDefined();
    // even an archived product keeps the category
    await t.db('products').where({ category_id: id }).update({ active: false });
    await admin.send('delete', `${BASE}/${id}`);
    expect(await t.db('categories').where({ id }).first()).toBeDefined();
  });

  it('archives, restores and deletes an unused category', async () => {
    const id = await idOf('QUI');
    await admin.post(`${BASE}/${id}/restore`);
    expect((await t.db('categories').where({ id }).first()).active).toBeTruthy();
    const archived = await admin.post(`${BASE}/${id}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe('Catégorie Quincaillerie archivée.');
    const del = await admin.send('delete', `${BASE}/${id}`);
    expect(del.headers.location).toBe(BASE);
    expect(await t.db('categories').where({ id }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'category.deleted', subject_id: String(id) }).first()).toBeDefined();
  });

  it('answers 404 for unknown ids and 403 for missing action permissions', async () => {
    for (const url of [`${BASE}/999999`, `${BASE}/x/edit`]) expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('delete', `${BASE}/999999`)).status).toBe(404);
    const viewer = await userWithPermissions(t, 'lecteur-categories@test.local', ['menu.categories']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    const id = await idOf('BOI');
    expect((await c.visit(`${BASE}/${id}`)).status).toBe(200);
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, { code: 'HACK', name: 'Hack' })],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, { code: 'BOI', name: 'Piraté' })],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(await t.db('categories').where({ code: 'HACK' }).first()).toBeUndefined();
    const nobody = await userWithPermissions(t, 'sans-categories@test.local', ['menu.produits']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports CSV and XLSX with formulas escaped', async () => {
    await admin.post(BASE, { code: 'EVIL', name: '@cmd', description: '=1+1' });
    const csv = (await download(admin, `${BASE}/export?format=csv&q=EVIL`)).body.toString('utf8').slice(1).trim().split('\r\n');
    expect(csv).toEqual(['Code;Nom;Description;Produits;Active', "EVIL;'@cmd;'=1+1;0;oui"]);
    const rows = await xlsxRows((await download(admin, `${BASE}/export?format=xlsx&sort=product_count&dir=desc`)).body);
    expect(rows[0]).toEqual(['Code', 'Nom', 'Description', 'Produits', 'Active']);
    expect(rows[1].slice(0, 2).concat(rows[1][3] as string)).toEqual(['CER', 'Céréales', 2]);
  });
});
