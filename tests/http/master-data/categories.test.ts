import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSearchName } from '../../../server/db/search.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, submitExpectingErrors, xlsxRows } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const BASE = '/fichiers/categories';

describe.each(testDatabases())('fichiers/categories (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const idOf = async (code: string) => Number((await t.db('categories').where({ code }).first('id'))!.id);
  const addProduct = async (categoryId: number, code: string) => {
    const now = new Date().toISOString();
    await t.db('products').insert(
      withSearchName({
        code,
        name: `Produit ${code}`,
        category_id: categoryId,
        unit: 'pièce',
        created_at: now,
        updated_at: now,
      }),
    );
  };
  /** A category of the test's own, through the form; returns its id. */
  const create = async (code: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post(BASE, { code, name, ...extra });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/fichiers\/categories\/\d+$/);
    return idOf(code);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('creates a category from the suggested code, with an audit entry', async () => {
    const name = `Boissons ${uniqueTag()}`;
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('categories/Form');
    expect(form.body.props).toMatchObject({ category: null, usage: null, history: [] });
    const code = form.body.props.suggested_code;
    expect(code).toMatch(/^CAT\d{3}$/);
    expect(await t.db('categories').where({ code }).first()).toBeUndefined();
    const res = await admin.post(BASE, { code, name, description: 'Eaux, jus et sodas' });
    expect(res.status).toBe(303);
    const id = await idOf(code);
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const page = await admin.follow(res);
    expect(page.body.component).toBe('categories/Form');
    expect(page.body.flash).toEqual({ success: `Catégorie ${name} créée.` });
    expect(page.body.props.category).toEqual({
      id,
      code,
      name,
      description: 'Eaux, jus et sodas',
      active: true,
      product_count: 0,
    });
    expect(page.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(page.body.props.history.map((h: { action: string }) => h.action)).toEqual(['category.created']);
    // the code it took is no longer suggested
    expect((await admin.visit(`${BASE}/create`)).body.props.suggested_code).not.toBe(code);
  });

  it('refuses bad input, a used code and a used name (any case), writing nothing', async () => {
    const tag = uniqueTag();
    await create(`${tag}BOI`, `Boissons ${tag}`);
    const before = await t.db('categories').count({ n: '*' }).first();
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        { code: 'A$B', name: '', description: 'x'.repeat(501) },
        `${BASE}/create`,
      ),
    ).toEqual({
      code: 'Le champ code ne peut contenir que des lettres sans accent, des chiffres et les signes . _ - /.',
      name: 'Le champ nom est obligatoire.',
      description: 'Le champ description ne doit pas dépasser 500 caractères.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        { code: `${tag}boi`.toLowerCase(), name: `Autre ${tag}` },
        `${BASE}/create`,
      ),
    ).toEqual({ code: `Le code ${tag}BOI est déjà utilisé par une autre catégorie.` });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        { code: `${tag}BOI2`, name: `BOISSONS ${tag}` },
        `${BASE}/create`,
      ),
    ).toEqual({ name: `Une catégorie « BOISSONS ${tag} » existe déjà.` });
    expect(await t.db('categories').count({ n: '*' }).first()).toEqual(before);
  });

  it('lists with product counts, search, status filter and the sort allowlist', async () => {
    const tag = uniqueTag();
    const cereals = await create(`${tag}CER`, `Céréales ${tag}`);
    await create(`${tag}QUI`, `Quincaillerie ${tag}`, { active: false });
    await create(`${tag}BOI`, `Boissons ${tag}`);
    await addProduct(cereals, `${tag}RIZ25`);
    await addProduct(cereals, `${tag}MIL50`);
    const list = async (qs: string) => (await admin.visit(`${BASE}?${qs}`)).body.props;
    const codes = async (qs: string) => (await list(qs)).categories.data.map((c: { code: string }) => c.code);
    const page = await list(`q=${tag}&sort=product_count&dir=desc`);
    expect(page.categories.data.map((c: { code: string; product_count: number }) => [c.code, c.product_count])).toEqual(
      [
        [`${tag}CER`, 2],
        [`${tag}BOI`, 0],
      ],
    );
    expect(page.params).toEqual({
      q: tag,
      sort: 'product_count',
      dir: 'desc',
      per_page: 25,
      filters: { status: 'active' },
    });
    expect(await codes(`q=${encodeURIComponent(`céréales ${tag.toLowerCase()}`)}`)).toEqual([`${tag}CER`]);
    expect(await codes(`q=${encodeURIComponent(`CÉRÉALES ${tag}`)}`)).toEqual([`${tag}CER`]);
    expect(await codes(`q=${tag.toLowerCase()}bo`)).toEqual([`${tag}BOI`]);
    expect(await codes(`q=${tag}&status=archived`)).toEqual([`${tag}QUI`]);
    expect(await codes(`q=${tag}&status=all&sort=name&dir=asc`)).toEqual([`${tag}BOI`, `${tag}CER`, `${tag}QUI`]);
    const bad = await list('sort=description;--&dir=x');
    expect(bad.params).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(bad.can).toEqual({ create: true, update: true, delete: true, export: true, import: false });
  });

  it('updates a category and audits the change', async () => {
    const tag = uniqueTag();
    const id = await create(`${tag}BOI`, `Boissons ${tag}`, { description: 'Eaux, jus et sodas' });
    const res = await admin.send('put', `${BASE}/${id}`, {
      code: `${tag}BOI`,
      name: `Boissons fraîches ${tag}`,
      description: 'Eaux, jus et sodas',
    });
    expect(res.status).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'category.updated', subject_id: String(id) });
    expect(audit.map((a) => JSON.parse(a.details!))).toEqual([
      { before: { name: `Boissons ${tag}` }, after: { name: `Boissons fraîches ${tag}` } },
    ]);
    expect((await admin.visit(`${BASE}/${id}/edit`)).body.props.category.name).toBe(`Boissons fraîches ${tag}`);
  });

  it('cannot be deleted while a product uses it, with a clear French message', async () => {
    const tag = uniqueTag();
    const id = await create(`${tag}CER`, `Céréales ${tag}`);
    await addProduct(id, `${tag}RIZ25`);
    await addProduct(id, `${tag}MIL50`);
    const page = await admin.visit(`${BASE}/${id}`);
    expect(page.body.props.usage).toEqual({
      deletable: false,
      archivable: true,
      reasons: ['2 produits l’utilisent'],
      archive_block: null,
    });
    const res = await admin.send('delete', `${BASE}/${id}`);
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    expect((await admin.follow(res)).body.flash.error).toBe(
      `La catégorie « Céréales ${tag} » ne peut pas être supprimée : 2 produits l’utilisent. Déplacez ces produits dans une autre catégorie ou archivez-la.`,
    );
    expect(await t.db('categories').where({ id }).first()).toMatchObject({ code: `${tag}CER` });
    // even an archived product keeps the category
    await t.db('products').where({ category_id: id }).update({ active: false });
    const again = await admin.send('delete', `${BASE}/${id}`);
    expect((await admin.follow(again)).body.flash.error).toMatch(/ne peut pas être supprimée : 2 produits l’utilisent/);
    expect(await t.db('categories').where({ id }).first()).toMatchObject({ code: `${tag}CER` });
  });

  it('archives, restores and deletes an unused category', async () => {
    const tag = uniqueTag();
    const id = await create(`${tag}QUI`, `Quincaillerie ${tag}`, { active: false });
    await admin.post(`${BASE}/${id}/restore`);
    expect((await t.db('categories').where({ id }).first())!.active).toBeTruthy();
    const archived = await admin.post(`${BASE}/${id}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe(`Catégorie Quincaillerie ${tag} archivée.`);
    expect((await t.db('categories').where({ id }).first())!.active).toBeFalsy();
    const del = await admin.send('delete', `${BASE}/${id}`);
    expect(del.headers.location).toBe(BASE);
    expect(await t.db('categories').where({ id }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'category.deleted', subject_id: String(id) })).toHaveLength(1);
  });

  it('answers 404 for unknown ids and 403 for missing action permissions', async () => {
    for (const url of [`${BASE}/999999`, `${BASE}/x/edit`]) expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('delete', `${BASE}/999999`)).status).toBe(404);
    const tag = uniqueTag();
    const id = await create(`${tag}BOI`, `Boissons ${tag}`);
    const viewer = await userWithPermissions(t, `lecteur-categories-${tag}@test.local`, ['menu.categories']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit(`${BASE}/${id}`)).status).toBe(200);
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, { code: `${tag}HACK`, name: 'Hack' })],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, { code: `${tag}BOI`, name: 'Piraté' })],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('categories')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    const untouched = (await t.db('categories').where({ id }).first())!;
    expect([untouched.name, Boolean(untouched.active)]).toEqual([`Boissons ${tag}`, true]);
    const nobody = await userWithPermissions(t, `sans-categories-${tag}@test.local`, ['menu.produits']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports CSV and XLSX with formulas escaped', async () => {
    const tag = uniqueTag();
    const used = await create(`${tag}CER`, `Céréales ${tag}`);
    await addProduct(used, `${tag}RIZ25`);
    await addProduct(used, `${tag}MIL50`);
    await admin.post(BASE, { code: `${tag}EVIL`, name: `@cmd ${tag}`, description: '=1+1' });
    const csv = (await download(admin, `${BASE}/export?format=csv&q=${tag}EVIL`)).body
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(csv).toEqual(['Code;Nom;Description;Produits;Active', `${tag}EVIL;'@cmd ${tag};'=1+1;0;oui`]);
    const rows = await xlsxRows(
      (await download(admin, `${BASE}/export?format=xlsx&q=${tag}&sort=product_count&dir=desc`)).body,
    );
    expect(rows[0]).toEqual(['Code', 'Nom', 'Description', 'Produits', 'Active']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      [`${tag}CER`, `Céréales ${tag}`, 2],
      [`${tag}EVIL`, `'@cmd ${tag}`, 0],
    ]);
  });
});
