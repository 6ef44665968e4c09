import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { csvFile, download, submitExpectingErrors, upload, xlsxFile, xlsxRows } from '../../support/master-data.js';

const BASE = '/fichiers/produits';

describe.each(testDatabases())('fichiers/produits (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let boissons: number;
  let cereales: number;
  const idOf = async (code: string) => Number((await t.db('products').where({ code }).first('id')).id);
  const valid = () => ({
    code: 'P100001',
    barcode: '6191234567890',
    name: 'Eau minérale Awa 1,5 L',
    category_id: String(boissons),
    unit: 'bouteille',
    pack_size: '6',
    purchase_price: '250',
    retail_price: '400',
    wholesale_price: '350',
    min_price: '300',
    alert_threshold: '24',
    active: true,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    await admin.post('/fichiers/categories', { code: 'BOI', name: 'Boissons' });
    await admin.post('/fichiers/categories', { code: 'CER', name: 'Céréales' });
    boissons = Number((await t.db('categories').where({ code: 'BOI' }).first('id')).id);
    cereales = Number((await t.db('categories').where({ code: 'CER' }).first('id')).id);
  });
  afterAll(() => t.close());

  it('creates a product from the form with integer prices, an audit entry and a show page', async () => {
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('products/Form');
    expect(form.body.props).toMatchObject({ product: null, suggested_code: 'P000001', show_costs: true, can_change_prices: true, currency: 'XOF' });
    expect(form.body.props.categories).toEqual([
      { value: String(boissons), label: 'Boissons' },
      { value: String(cereales), label: 'Céréales' },
    ]);
    expect(form.body.props.units).toContain('carton');

    const res = await admin.post(BASE, valid());
    expect(res.status).toBe(303);
    const id = await idOf('P100001');
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const row = await t.db('products').where({ id }).first();
    expect([row.purchase_price, row.cmup, row.retail_price, row.wholesale_price, row.min_price, row.pack_size, row.alert_threshold].map(Number)).toEqual([250, 250, 400, 350, 300, 6, 24]);
    expect(await t.db('audit_log').where({ action: 'product.created', subject_id: String(id) }).first()).toBeDefined();

    const show = await admin.follow(res);
    expect(show.body.component).toBe('products/Show');
    expect(show.body.flash).toEqual({ success: 'Produit Eau minérale Awa 1,5 L créé.' });
    expect(show.body.props.product).toMatchObject({ code: 'P100001', barcode: '6191234567890', category_name: 'Boissons', purchase_price: 250, cmup: 250, stock_total: 0 });
    // stock per location: every location, zero until stock operations exist
    expect(show.body.props.stock.map((s: { location_name: string; quantity: number }) => [s.location_name, s.quantity])).toEqual(
      expect.arrayContaining([
        ['Dépôt principal', 0],
        ['Boutique 1', 0],
      ]),
    );
    expect(show.body.props.price_history).toMatchObject({ data: [], total: 0 });
    expect(show.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(show.body.props.can).toEqual({ create: true, update: true, delete: true, export: true, import: true, prices: true });
  });

  it('refuses bad input with French messages on each field and writes nothing', async () => {
    const before = await t.db('products').count({ n: '*' }).first();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      { code: 'P2', barcode: 'é', name: '', category_id: '', unit: '', pack_size: '0', purchase_price: '12,5', retail_price: 'abc', wholesale_price: '-1', alert_threshold: '1.5' },
      `${BASE}/create`,
    );
    expect(errors).toEqual({
      barcode: 'Le code-barres doit contenir entre 3 et 64 caractères.',
      name: 'Le champ désignation est obligatoire.',
      category_id: 'Veuillez choisir une catégorie.',
      unit: 'Le champ unité est obligatoire.',
      pack_size: 'Le champ colisage doit être supérieur ou égal à 1.',
      purchase_price: "Le champ prix d'achat doit être un montant entier positif en FCFA, sans décimales.",
      retail_price: 'Le champ prix de détail doit être un montant entier positif en FCFA, sans décimales.',
      wholesale_price: 'Le champ prix de gros doit être un montant entier positif en FCFA, sans décimales.',
      alert_threshold: "Le champ seuil d'alerte doit être un nombre entier.",
    });
    const ladder = await submitExpectingErrors(admin, 'post', BASE, { ...valid(), code: 'P2', barcode: '', min_price: '500' }, `${BASE}/create`);
    expect(ladder).toEqual({ min_price: 'Le prix minimum ne peut pas dépasser le prix de détail.' });
    const gros = await submitExpectingErrors(admin, 'post', BASE, { ...valid(), code: 'P2', barcode: '', retail_price: 1000, min_price: '360' }, `${BASE}/create`);
    expect(gros).toEqual({ min_price: 'Le prix minimum ne peut pas dépasser le prix de gros.' });
    const unknownCategory = await submitExpectingErrors(admin, 'post', BASE, { ...valid(), code: 'P2', barcode: '', category_id: '999999' }, `${BASE}/create`);
    expect(unknownCategory).toEqual({ category_id: "Cette catégorie n'existe pas." });
    expect(await t.db('products').count({ n: '*' }).first()).toEqual(before);
  });

  it('keeps code and barcode unique (barcode only when set)', async () => {
    const dup = await submitExpectingErrors(admin, 'post', BASE, { ...valid(), code: 'p100001', barcode: '6191234567890' }, `${BASE}/create`);
    expect(dup).toEqual({
      code: 'Le code P100001 est déjà utilisé par le produit « Eau minérale Awa 1,5 L ».',
      barcode: 'Le code-barres 6191234567890 est déjà utilisé par le produit « Eau minérale Awa 1,5 L ».',
    });
    expect((await admin.post(BASE, { ...valid(), code: 'P100002', barcode: '', name: 'Riz parfumé 25 kg', category_id: String(cereales), unit: 'sac' })).status).toBe(303);
    expect((await admin.post(BASE, { ...valid(), code: 'P100003', barcode: ' ', name: 'Mil local 50 kg', category_id: String(cereales), unit: 'sac', active: false })).status).toBe(303);
    const rows = await t.db('products').whereIn('code', ['P100002', 'P100003']).select('barcode');
    expect(rows.map((r) => r.barcode)).toEqual([null, null]);
    expect((await admin.visit(`${BASE}/create`)).body.props.suggested_code).toBe('P100004');
  });

  it('lists with stock totals, search by code, barcode and name, category and status filters, sort allowlist', async () => {
    const depot = Number((await t.db('locations').orderBy('id').first('id')).id);
    await t.db('stock_levels').insert({ product_id: await idOf('P100002'), location_id: depot, quantity: 40 });
    const list = async (qs: string) => (await admin.visit(`${BASE}?${qs}`)).body.props;
    const all = await list('');
    expect(all.products.total).toBe(2);
    expect(all.params).toEqual({ q: '', sort: 'code', dir: 'asc', per_page: 25, filters: { category_id: '', status: 'active' } });
    expect(all.show_costs).toBe(true);
    expect(all.products.data.find((p: { code: string }) => p.code === 'P100002').stock_total).toBe(40);
    const codes = async (qs: string) => (await list(qs)).products.data.map((p: { code: string }) => p.code);
    expect(await codes('q=619123')).toEqual(['P100001']);
    expect(await codes('q=p10000')).toEqual(['P100001', 'P100002']);
    expect(await codes('q=parfum')).toEqual(['P100002']);
    expect(await codes(`category_id=${cereales}`)).toEqual(['P100002']);
    expect(await codes(`category_id=${cereales}&status=all`)).toEqual(['P100002', 'P100003']);
    expect(await codes('status=archived')).toEqual(['P100003']);
    expect(await codes('sort=retail_price&dir=desc&status=all')).toHaveLength(3);
    expect(await codes('sort=category&dir=desc')).toEqual(['P100002', 'P100001']);
    for (const sort of ['cmup', 'products.code', '1;drop table products']) {
      const p = await list(`sort=${encodeURIComponent(sort)}&category_id=abc`);
      expect(p.params).toMatchObject({ sort: 'code', filters: { category_id: '' } });
    }
  });

  it('finds names whatever the accents and the case, on the list, the price centre and the picker, after a rename too', async () => {
    const res = await admin.post(BASE, { ...valid(), code: 'P100090', barcode: '', name: 'Crème fraîche ÉLAN Œuf' });
    expect(res.status).toBe(303);
    const id = await idOf('P100090');
    const codes = async (url: string) => (await admin.visit(url)).body.props.products.data.map((p: { code: string }) => p.code);
    const picked = async (q: string) => (await admin.agent.get(`/pickers/products?q=${encodeURIComponent(q)}`).set('Accept', 'application/json')).body.items.map((i: { code: string }) => i.code);
    for (const q of ['creme fraiche', 'CRÈME', 'elan', 'Élan', 'oeuf', 'fraîche  élan']) {
      expect([q, await codes(`${BASE}?q=${encodeURIComponent(q)}`)]).toEqual([q, ['P100090']]);
      expect([q, await picked(q)]).toEqual([q, ['P100090']]);
    }
    expect(await codes(`/fichiers/centraleprix?q=creme`)).toEqual(['P100090']);
    // renamed: found by the new name only
    expect((await admin.send('put', `${BASE}/${id}`, { ...valid(), code: 'P100090', barcode: '', name: 'Yaourt sucré Élan' })).status).toBe(303);
    expect(await codes(`${BASE}?q=creme`)).toEqual([]);
    expect(await codes(`${BASE}?q=sucre`)).toEqual(['P100090']);
    await admin.send('delete', `${BASE}/${id}`);
  });

  it('updates a product: price changes go to the price history, and need prices.update', async () => {
    const id = await idOf('P100001');
    const res = await admin.send('put', `${BASE}/${id}`, { ...valid(), retail_price: '450', wholesale_price: '375', name: 'Eau minérale Awa 1,5 L (pack)' });
    expect(res.status).toBe(303);
    const history = await t.db('price_history').where({ product_id: id }).orderBy('id');
    expect(history.map((h) => [h.field, Number(h.old_value), Number(h.new_value), h.source])).toEqual([
      ['retail_price', 400, 450, 'manual'],
      ['wholesale_price', 350, 375, 'manual'],
    ]);
    const audit = await t.db('audit_log').where({ action: 'product.updated', subject_id: String(id) }).first();
    expect(JSON.parse(audit.details).after).toEqual({ name: 'Eau minérale Awa 1,5 L (pack)', retail_price: 450, wholesale_price: 375 });
    const show = await admin.visit(`${BASE}/${id}`);
    expect(show.body.props.price_history.data[0]).toMatchObject({ field: 'wholesale_price', field_label: 'Prix de gros', old_value: 350, new_value: 375, user_name: 'Administrateur', source: 'manual', source_label: 'Saisie' });

    const editor = await userWithPermissions(t, 'editeur-produits@test.local', ['menu.produits', 'products.update']);
    const c = new Client(t);
    await c.login(editor.email, editor.password);
    const form = await c.visit(`${BASE}/${id}/edit`);
    expect(form.body.props).toMatchObject({ can_change_prices: false, show_costs: true });
    const errors = await submitExpectingErrors(c, 'put', `${BASE}/${id}`, { ...valid(), retail_price: '999', wholesale_price: '375' }, `${BASE}/${id}/edit`);
    expect(errors).toEqual({ retail_price: "Vous n'avez pas la permission de modifier les prix." });
    expect(Number((await t.db('products').where({ id }).first()).retail_price)).toBe(450);
    // the same user may change other fields
    expect((await c.send('put', `${BASE}/${id}`, { ...valid(), retail_price: '450', wholesale_price: '375', alert_threshold: '12' })).status).toBe(303);
    expect(Number((await t.db('products').where({ id }).first()).alert_threshold)).toBe(12);
  });

  it('hides costs from a user who may not see them, and keeps the purchase price on their updates', async () => {
    const seller = await userWithPermissions(t, 'vendeur-produits@test.local', ['menu.produits', 'products.export']);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const list = await c.visit(`${BASE}?sort=purchase_price`);
    expect(list.body.props.show_costs).toBe(false);
    expect(list.body.props.params.sort).toBe('code');
    expect(list.body.props.products.data[0]).toMatchObject({ purchase_price: null, cmup: null });
    const id = await idOf('P100001');
    const show = await c.visit(`${BASE}/${id}`);
    expect(show.body.props.product.purchase_price).toBeNull();
    const csv = (await download(c, `${BASE}/export?format=csv`)).body.toString('utf8');
    expect(csv).not.toContain("Prix d'achat");
    expect(csv).not.toContain('CMUP');
    await t.db('price_history').insert({ product_id: id, field: 'purchase_price', old_value: 250, new_value: 260, source: 'manual', changed_at: new Date().toISOString() });
    const again = await c.visit(`${BASE}/${id}`);
    expect(again.body.props.price_history.data.every((h: { field: string }) => h.field !== 'purchase_price')).toBe(true);
    expect((await admin.visit(`${BASE}/${id}`)).body.props.price_history.data[0].field).toBe('purchase_price');
  });

  it('paginates the price history', async () => {
    const id = await idOf('P100002');
    const now = new Date().toISOString();
    await t.db('price_history').insert(Array.from({ length: 45 }, (_, i) => ({ product_id: id, field: 'retail_price', old_value: i, new_value: i + 1, source: 'rule', changed_at: now })));
    const p1 = (await admin.visit(`${BASE}/${id}`)).body.props.price_history;
    expect(p1).toMatchObject({ page: 1, per_page: 20, total: 45, last_page: 3 });
    expect(p1.data[0]).toMatchObject({ new_value: 45, source_label: 'Règle de prix' });
    const p3 = (await admin.visit(`${BASE}/${id}?history_page=3`)).body.props.price_history;
    expect(p3.data).toHaveLength(5);
    await t.db('price_history').where({ product_id: id }).delete();
  });

  it('archives and restores; refuses to delete a product with stock or movements; deletes one without', async () => {
    const withStock = await idOf('P100002');
    const show = await admin.visit(`${BASE}/${withStock}`);
    expect(show.body.props.usage).toMatchObject({ deletable: false, reasons: ['il a du stock dans un emplacement'] });
    const del = await admin.send('delete', `${BASE}/${withStock}`);
    expect((await admin.follow(del)).body.flash.error).toBe('Ce produit ne peut pas être supprimé : il a du stock dans un emplacement. Archivez-le plutôt.');
    expect(await t.db('products').where({ id: withStock }).first()).toBeDefined();

    await admin.post(`${BASE}/${withStock}/archive`);
    expect((await t.db('products').where({ id: withStock }).first()).active).toBeFalsy();
    // a product of an archived category cannot be restored until the category is active
    await t.db('categories').where({ id: cereales }).update({ active: false });
    const refused = await admin.post(`${BASE}/${withStock}/restore`);
    expect((await admin.follow(refused)).body.flash.error).toMatch(/^La catégorie « Céréales » est archivée/);
    await t.db('categories').where({ id: cereales }).update({ active: true });
    await admin.post(`${BASE}/${withStock}/restore`);
    expect((await t.db('products').where({ id: withStock }).first()).active).toBeTruthy();

    const free = await idOf('P100003');
    const ok = await admin.send('delete', `${BASE}/${free}`);
    expect(ok.headers.location).toBe(BASE);
    expect(await t.db('products').where({ id: free }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'product.deleted', subject_id: String(free) }).first()).toBeDefined();
  });

  it('answers 404 for unknown ids and 403 for missing action permissions, even forged', async () => {
    for (const url of [`${BASE}/999999`, `${BASE}/abc/edit`]) expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${BASE}/999999`, valid())).status).toBe(404);
    const viewer = await userWithPermissions(t, 'lecteur-produits@test.local', ['menu.produits']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    const id = await idOf('P100001');
    expect((await c.visit(`${BASE}/${id}`)).body.props.can).toEqual({ create: false, update: false, delete: false, export: false, import: false, prices: false });
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, { ...valid(), code: 'HACK', barcode: '' })],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, { ...valid(), retail_price: 1 })],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export`)],
      ['import page', () => c.visit(`${BASE}/import`)],
      ['import upload', () => upload(c, `${BASE}/import`, 'Désignation\nX', 'a.csv')],
      ['import apply', () => c.post(`${BASE}/import/abcdefghijkl/apply`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(await t.db('products').where({ code: 'HACK' }).first()).toBeUndefined();
    const nobody = await userWithPermissions(t, 'sans-produits@test.local', ['menu.clients']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports CSV and XLSX as filtered, with formulas escaped', async () => {
    await admin.post(BASE, { ...valid(), code: 'EVIL1', barcode: '', name: '=2+5', unit: '@pièce' });
    const text = (await download(admin, `${BASE}/export?format=csv&q=EVIL`)).body.toString('utf8');
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe("Code;Code-barres;Désignation;Catégorie;Unité;Colisage;Prix d'achat;CMUP;Prix de détail;Prix de gros;Prix minimum;Seuil d'alerte;Actif");
    expect(lines[1]).toBe("EVIL1;;'=2+5;Boissons;'@pièce;6;250;250;400;350;300;24;oui");
    const rows = await xlsxRows((await download(admin, `${BASE}/export?format=xlsx&q=EVIL`)).body);
    expect([rows[1][2], rows[1][4], rows[1][8]]).toEqual(["'=2+5", "'@pièce", 400]);
  });

  describe('import', () => {
    it('previews each row with French errors, lists new categories, applies nothing while a row is wrong', async () => {
      const csv = csvFile([
        ['Code', 'Code-barres', 'Désignation', 'Catégorie', 'Unité', 'Colisage', "Prix d'achat", 'Prix de détail', 'Prix de gros', 'Prix minimum'],
        ['IMP001', '3017620422003', 'Pâte à tartiner 750 g', 'Épicerie', 'pot', '12', '1800', '2500', '2300', '2200'],
        ['', '', 'Sucre en morceaux 1 kg', 'boissons', '', '', '600', '800', '750', '700'],
        ['IMP003', '6191234567890', 'Doublon de code-barres', 'Boissons', '', '', '', '', '', ''],
        ['IMP004', '', '', '', '', 'zéro', '', '100', '100', '500'],
        ['IMP001', '', 'Code répété', 'Boissons', '', '', '', '', '', ''],
      ]);
      const res = await upload(admin, `${BASE}/import`, csv, 'produits.csv');
      expect(res.status).toBe(303);
      const page = await admin.visit(res.headers.location);
      expect(page.body.component).toBe('products/Import');
      const preview = page.body.props.preview;
      expect(preview).toMatchObject({ row_count: 5, error_count: 3, create_count: 2, update_count: 0, new_categories: ['Épicerie'] });
      expect(preview.rows.map((r: { line: number; action: string; errors: string[] }) => [r.line, r.action, r.errors])).toEqual([
        [2, 'create', []],
        [3, 'create', []],
        [4, 'error', ['Le code-barres 6191234567890 est déjà utilisé par le produit « Eau minérale Awa 1,5 L ».']],
        [5, 'error', ['Le champ catégorie est obligatoire.', 'Le champ désignation est obligatoire.', 'Le champ colisage doit être un nombre entier.']],
        [6, 'error', ['Le code IMP001 apparaît déjà à la ligne 2 du fichier.']],
      ]);
      const before = await t.db('products').count({ n: '*' }).first();
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect((await admin.visit(`${BASE}/import`)).body.flash.error).toMatch(/^Import refusé, rien n'a été enregistré : 3 ligne\(s\) en erreur/);
      expect(await t.db('products').count({ n: '*' }).first()).toEqual(before);
      expect(await t.db('categories').where({ name: 'Épicerie' }).first()).toBeUndefined();
    });

    it('applies a clean XLSX file at once: new categories, generated codes, updates with price history', async () => {
      const file = await xlsxFile([
        ['Code', 'Code-barres', 'Désignation', 'Catégorie', 'Unité', 'Colisage', "Prix d'achat", 'Prix de détail', 'Prix de gros', 'Prix minimum', "Seuil d'alerte"],
        ['IMP001', '3017620422003', 'Pâte à tartiner 750 g', 'Épicerie', 'pot', 12, 1800, 2500, 2300, 2200, 6],
        ['', '', 'Sucre en morceaux 1 kg', 'épicerie', '', '', 600, 800, 750, 700, ''],
        ['P100001', '', '', '', '', '', '', 500, '', '', ''],
      ]);
      const res = await upload(admin, `${BASE}/import`, file, 'produits.xlsx');
      const preview = (await admin.visit(res.headers.location)).body.props.preview;
      expect(preview).toMatchObject({ error_count: 0, create_count: 2, update_count: 1, new_categories: ['Épicerie'] });
      const apply = await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect(apply.headers.location).toBe(BASE);
      expect((await admin.follow(apply)).body.flash.success).toBe('Import terminé : 2 produit(s) créé(s), 1 mis à jour, 1 catégorie(s) créée(s).');
      const epicerie = await t.db('categories').where({ name: 'Épicerie' }).first();
      expect(epicerie.code).toMatch(/^CAT\d{3}$/);
      const pate = await t.db('products').where({ code: 'IMP001' }).first();
      expect(pate).toMatchObject({ barcode: '3017620422003', unit: 'pot', category_id: epicerie.id });
      expect([pate.pack_size, pate.purchase_price, pate.cmup, pate.min_price, pate.alert_threshold].map(Number)).toEqual([12, 1800, 1800, 2200, 6]);
      const sucre = await t.db('products').where({ name: 'Sucre en morceaux 1 kg' }).first();
      expect(sucre.code).toMatch(/^P\d{6}$/);
      expect(sucre.unit).toBe('pièce');
      const eau = await t.db('products').where({ code: 'P100001' }).first();
      expect(eau.name).toBe('Eau minérale Awa 1,5 L');
      expect(Number(eau.retail_price)).toBe(500);
      const h = await t.db('price_history').where({ product_id: eau.id, source: 'import' }).first();
      expect([h.field, Number(h.old_value), Number(h.new_value)]).toEqual(['retail_price', 450, 500]);
      expect(await t.db('audit_log').where({ action: 'products.imported' }).first()).toBeDefined();
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect((await admin.visit(`${BASE}/import`)).body.flash.error).toBe('Cet import a déjà été appliqué.');
    });

    it('re-reads its own export; refuses price changes to a user without prices.update', async () => {
      const exported = (await download(admin, `${BASE}/export?format=xlsx&q=EVIL1`)).body as Buffer;
      const back = await upload(admin, `${BASE}/import`, exported, 'export.xlsx');
      const preview = (await admin.visit(back.headers.location)).body.props.preview;
      expect(preview).toMatchObject({ error_count: 0, update_count: 1 });
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect((await t.db('products').where({ code: 'EVIL1' }).first()).name).toBe('=2+5');

      const importer = await userWithPermissions(t, 'importeur-produits@test.local', ['menu.produits', 'products.export', 'products.create', 'products.update']);
      const c = new Client(t);
      await c.login(importer.email, importer.password);
      const res = await upload(c, `${BASE}/import`, 'Code;Désignation;Prix de détail\nP100001;;9999', 'prix.csv');
      const p = (await c.visit(res.headers.location)).body.props.preview;
      expect(p.rows[0].errors).toEqual(["Vous n'avez pas la permission de modifier les prix."]);
    });

    it("keeps previews private and refuses updates to a user who may only create", async () => {
      const res = await upload(admin, `${BASE}/import`, 'Désignation;Catégorie\nProduit privé;Boissons', 'a.csv');
      const id = new URL(res.headers.location, 'http://x').searchParams.get('preview');
      const creator = await userWithPermissions(t, 'createur-produits@test.local', ['menu.produits', 'products.export', 'products.create']);
      const c = new Client(t);
      await c.login(creator.email, creator.password);
      expect((await c.visit(`${BASE}/import?preview=${id}`)).status).toBe(404);
      await c.post(`${BASE}/import/${id}/apply`);
      expect((await c.visit(`${BASE}/import`)).body.flash.error).toMatch(/n'existe plus/);
      expect(await t.db('products').where({ name: 'Produit privé' }).first()).toBeUndefined();
      const own = await upload(c, `${BASE}/import`, 'Code;Désignation\nP100001;Renommé', 'b.csv');
      const preview = (await c.visit(own.headers.location)).body.props;
      expect(preview.can_update).toBe(false);
      expect(preview.preview.rows[0].errors).toEqual(["Le produit P100001 existe déjà et vous n'avez pas la permission de modifier les produits."]);
    });

    it('applies a large file (1 200 rows) in one go', async () => {
      const rows: Array<Array<string | number>> = [['Désignation', 'Catégorie', 'Prix de détail', 'Prix de gros']];
      for (let i = 1; i <= 1200; i++) rows.push([`Article en lot ${i}`, 'Grand import', 100 + i, 90 + i]);
      const res = await upload(admin, `${BASE}/import`, csvFile(rows), 'gros.csv');
      const preview = (await admin.visit(res.headers.location)).body.props.preview;
      expect(preview).toMatchObject({ row_count: 1200, error_count: 0, create_count: 1200, new_categories: ['Grand import'] });
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      const category = await t.db('categories').where({ name: 'Grand import' }).first('id');
      expect(Number((await t.db('products').where({ category_id: category.id }).count({ n: '*' }).first())!.n)).toBe(1200);
      const last = await t.db('products').where({ name: 'Article en lot 1200' }).first();
      expect([Number(last.retail_price), Number(last.wholesale_price), last.active === true || last.active === 1]).toEqual([1300, 1290, true]);
    });

    it('refuses an unreadable file on the file field', async () => {
      const res = await upload(admin, `${BASE}/import`, 'Catégorie;Prix\nX;1', 'sans-designation.csv');
      expect(res.status).toBe(303);
      expect((await admin.visit(`${BASE}/import`)).body.props.errors.file).toMatch(/Colonne obligatoire absente : « Désignation »/);
      const template = await download(admin, `${BASE}/import/modele?format=csv`);
      expect(template.body.toString('utf8').slice(1).trim()).toBe("Code;Code-barres;Désignation;Catégorie;Unité;Colisage;Prix d'achat;Prix de détail;Prix de gros;Prix minimum;Seuil d'alerte;Actif");
    });
  });
});
